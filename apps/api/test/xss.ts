/** Payloads that must come back harmless (OWASP XSS filter evasion classics and friends). */
export const XSS_PAYLOADS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<img src="javascript:alert(1)">',
  '<a href="javascript:alert(1)">click</a>',
  '<a href="JaVaScRiPt:alert(1)">click</a>',
  '<a href="jav&#x09;ascript:alert(1)">click</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">data</a>',
  '<svg onload=alert(1)><circle r="5"/></svg>',
  '<svg><script>alert(1)</script></svg>',
  '<p style="background:url(javascript:alert(1))">styled</p>',
  '<div style="position:fixed;top:0;left:0;width:100%;height:100%">overlay</div>',
  '<iframe src="https://evil.example"></iframe>',
  '<object data="evil.swf"></object><embed src="evil.swf">',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<p onclick="alert(1)" onmouseover="alert(2)">hover</p>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<form action="https://evil.example"><input name="q"><button>go</button></form>',
  '<base href="https://evil.example/">',
  '<meta http-equiv="refresh" content="0;url=https://evil.example">',
  '<img src="//evil.example/x.png">',
  '<a href="vbscript:msgbox(1)">vb</a>',
  '<style>@import "https://evil.example/x.css";</style>',
];

/** True when nothing in the HTML can run script or restyle the page. */
export function isHarmless(html: string): boolean {
  return !/<script|<iframe|<object|<embed|<svg|<math|<style|<form|<base|<meta|\son\w+\s*=|javascript:|vbscript:|data:|style\s*=|src="\/\//i.test(
    html,
  );
}
