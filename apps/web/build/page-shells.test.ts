import { describe, expect, it } from 'vitest';
import { pageHtml, type RenderedPage } from './page-shells.ts';

const template =
  '<html><head><title>T</title><script type="module" src="/assets/index.js"></script></head>' +
  '<body><div id="root"></div></body></html>';

const page: RenderedPage = {
  name: 'exams',
  path: '/exams',
  kind: 'layout',
  html: '<header>bar $& $1</header>',
  styles: '<style data-emotion="css a1">.css-a1{color:red}</style>',
  dataPreloads: ['/api/exams/published?page=1&limit=20'],
};

describe('pageHtml', () => {
  it("puts the shell in #root, its styles and the page's preloads in <head>", () => {
    const html = pageHtml(template, page, ['assets/exams.js', 'assets/catalogue.js']);
    expect(html).toBe(
      '<html><head><title>T</title><script type="module" src="/assets/index.js"></script>' +
        '<link rel="modulepreload" crossorigin href="/assets/exams.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/catalogue.js">' +
        '<link rel="preload" as="fetch" crossorigin href="/api/exams/published?page=1&limit=20">' +
        '<style data-emotion="css a1">.css-a1{color:red}</style></head>' +
        // '$&' and '$1' in the shell stay as they are (no replacement patterns).
        '<body><div id="root"><header>bar $& $1</header></div></body></html>',
    );
  });

  it('fails the build when index.html has no empty #root', () => {
    expect(() => pageHtml('<html><head></head><body></body></html>', page, [])).toThrow(/#root/);
  });
});
