import {
  HERO_GET_STARTED,
  HERO_SIGN_IN,
  HERO_SUBTITLE,
  HERO_TITLE,
  WHY_CHOOSE_TITLE,
} from '../../features/marketing/home-copy.ts';
import { FALLBACK_SITE_NAME } from '../../lib/site-name.ts';

/**
 * The static first paint of a page, written into its HTML at build time (vite.config.ts): the top bar
 * and, on the home page, the hero, drawn with plain CSS that matches what MUI renders (same boxes, fonts
 * and colours), so the browser paints something real while the JavaScript downloads. React replaces it
 * at its first render, which waits until the page's module has loaded (main.tsx), so the shell gives
 * way to the page itself, never to a spinner.
 */

export type ShellKind = 'bar' | 'home';

const FONT = '"Roboto","Helvetica","Arial",sans-serif';
/** MUI's LocalHospital icon, as the top bar's brand shows it. */
const BRAND_ICON =
  '<svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false" style="fill:currentColor;flex-shrink:0"><path d="M19 3H5c-1.1 0-1.99.9-1.99 2L3 19c0 1.1.9 2 2 2h14c1.1 0 2-.9 2-2V5c0-1.1-.9-2-2-2m-1 11h-4v4h-4v-4H6v-4h4V6h4v4h4z"></path></svg>';

/**
 * The shell's CSS. Breakpoints are the theme's (sm 600, md 900); sizes are MUI's for AppBar/Toolbar,
 * Container (lg), Paper and the h2/h5 variants with the home page's overrides.
 */
export const SHELL_CSS = [
  `body{margin:0;background:#f5f7fa;font-family:${FONT}}`,
  'html{scrollbar-gutter:stable}',
  '.shell{display:flex;flex-direction:column;min-height:100vh}',
  '.shell-bar{position:sticky;top:0;background:#1565c0;color:#fff;box-shadow:0 2px 1px -1px rgba(0,0,0,.2),0 1px 1px 0 rgba(0,0,0,.14),0 1px 3px 0 rgba(0,0,0,.12)}',
  '.shell-wrap{box-sizing:border-box;width:100%;max-width:1200px;margin:0 auto;padding:0 16px}',
  '.shell-toolbar{display:flex;align-items:center;min-height:56px}',
  '.shell-brand{display:flex;align-items:center;gap:8px;color:inherit;text-decoration:none;font-weight:700;font-size:1.25rem;line-height:1.6;letter-spacing:.0075em;white-space:nowrap;overflow:hidden}',
  '.shell-main{flex-grow:1;min-height:100vh;padding-top:4px}',
  '.shell-page{padding-top:24px;padding-bottom:24px}',
  '.shell-hero{border-radius:8px;padding:48px 24px;text-align:center;color:#fff;background:linear-gradient(135deg,#0d47a1 0%,#1565c0 55%,#00695c 100%)}',
  '.shell-hero h1{margin:0;font-weight:600;font-size:2.1rem;line-height:1.2;letter-spacing:-.00833em}',
  '.shell-hero p{margin:16px auto 0;max-width:720px;font-weight:400;font-size:1.1rem;line-height:1.334;letter-spacing:0}',
  '.shell-actions{display:flex;flex-direction:column;gap:16px;margin-top:32px;justify-content:center}',
  '.shell-btn{box-sizing:border-box;display:inline-flex;align-items:center;justify-content:center;min-width:64px;padding:8px 22px;border-radius:8px;font-size:.9375rem;line-height:1.75;font-weight:600;letter-spacing:.02857em;text-decoration:none}',
  '.shell-btn-solid{background:#fff;color:#0e4686}',
  '.shell-btn-outline{padding:7px 21px;border:1px solid rgba(255,255,255,.8);color:inherit}',
  '.shell-why{margin:48px 0 32px;text-align:center;font-weight:600;font-size:2.125rem;line-height:1.235;letter-spacing:.00735em}',
  '@media (min-width:0px) and (orientation:landscape){.shell-toolbar{min-height:48px}}',
  '@media (min-width:600px){.shell-actions{flex-direction:row}.shell-wrap{padding:0 24px}.shell-toolbar{min-height:64px}.shell-hero h1{font-size:3rem}}',
  '@media (min-width:900px){.shell-page{padding-top:40px;padding-bottom:40px}.shell-why{margin-top:64px}.shell-hero{padding:80px 64px}.shell-hero h1{font-size:3.5rem}.shell-hero p{font-size:1.5rem}}',
].join('');

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);
}

/** The markup that goes inside #root. */
export function shellMarkup(kind: ShellKind): string {
  const hero =
    kind === 'home'
      ? `<section class="shell-hero"><h1>${escapeHtml(HERO_TITLE)}</h1><p>${escapeHtml(HERO_SUBTITLE)}</p>` +
        `<div class="shell-actions"><a class="shell-btn shell-btn-solid" href="/register">${escapeHtml(HERO_GET_STARTED)}</a>` +
        `<a class="shell-btn shell-btn-outline" href="/login">${escapeHtml(HERO_SIGN_IN)}</a></div></section>` +
        `<h2 class="shell-why">${escapeHtml(WHY_CHOOSE_TITLE)}</h2>`
      : '';
  return (
    '<div class="shell">' +
    `<header class="shell-bar"><div class="shell-wrap"><div class="shell-toolbar"><a class="shell-brand" href="/">${BRAND_ICON}<span>${escapeHtml(FALLBACK_SITE_NAME)}</span></a></div></div></header>` +
    `<main class="shell-main"><div class="shell-wrap shell-page">${hero}</div></main>` +
    '</div>'
  );
}

/**
 * Public pages that get an HTML file of their own: the shell to paint, the route module to preload and,
 * for list pages, the API request their first render makes (preloaded with the JavaScript instead of
 * after it has run; the URL must be exactly the one the page fetches, which a test checks).
 */
export const SHELL_PAGES: Array<{ path: string; route: string; kind: ShellKind; data?: string }> = [
  { path: '/', route: 'home', kind: 'home' },
  { path: '/exams', route: 'exams', kind: 'bar', data: '/api/exams/published?page=1&limit=20' },
  { path: '/articles', route: 'articles', kind: 'bar', data: '/api/articles/published' },
  { path: '/about', route: 'about', kind: 'bar' },
  { path: '/login', route: 'login', kind: 'bar' },
  { path: '/register', route: 'register', kind: 'bar' },
];
