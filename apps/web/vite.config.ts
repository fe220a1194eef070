import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { SHELL_CSS, SHELL_PAGES, shellMarkup, type ShellKind } from './src/app/shell/page-shell.ts';
import { routeChunkGroups } from './src/build/route-chunk-groups.ts';

/** Where `/api` goes in `vite` dev and preview (override with API_PROXY_TARGET, e.g. a second API on :3201). */
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:3000';

/** Where the per-page HTML files and their path map go in dist (read by the API's static-web plugin). */
const PAGES_DIR = 'pages';

/**
 * Writes an HTML file for each page in SHELL_PAGES: the built index.html with the page's static shell
 * in #root (painted before any JavaScript runs) and modulepreload links for the page's route module
 * and its imports (fetched alongside the entry instead of after it has run), plus `pages/routes.json`
 * mapping each path to its file. Other paths keep the plain index.html.
 */
function pageShells(): Plugin {
  return {
    name: 'mlp-page-shells',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset' || typeof index.source !== 'string')
        throw new Error('page shells: index.html is not in the bundle');
      const template = index.source;
      const chunks = Object.values(bundle).flatMap((item) => (item.type === 'chunk' ? [item] : []));
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const preloadsOf = (route: string): string[] => {
        const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(`/src/app/routes/${route}.tsx`));
        if (!chunk) throw new Error(`page shells: no chunk for route module ${route}`);
        const files = new Set<string>();
        const visit = (fileName: string) => {
          if (files.has(fileName)) return;
          files.add(fileName);
          for (const imported of byFile.get(fileName)?.imports ?? []) visit(imported);
        };
        visit(chunk.fileName);
        // The entry and what index.html already preloads are fetched anyway.
        return [...files].filter((file) => !template.includes(`/${file}"`));
      };
      const render = (kind: ShellKind, preloads: string[], data: string | undefined) =>
        template
          .replace(
            '</head>',
            `${preloads.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('')}` +
              // crossorigin: a fetch() from the page is a CORS-mode request, and only a preload of the
              // same mode is reused.
              (data ? `<link rel="preload" as="fetch" crossorigin href="${data}">` : '') +
              `<style>${SHELL_CSS}</style></head>`,
          )
          .replace('<div id="root"></div>', `<div id="root">${shellMarkup(kind)}</div>`);
      const routes: Record<string, string> = {};
      for (const page of SHELL_PAGES) {
        const fileName = `${PAGES_DIR}/${page.route}.html`;
        this.emitFile({
          type: 'asset',
          fileName,
          source: render(page.kind, preloadsOf(page.route), page.data),
        });
        routes[page.path] = fileName;
      }
      this.emitFile({
        type: 'asset',
        fileName: `${PAGES_DIR}/routes.json`,
        source: `${JSON.stringify(routes, null, 2)}\n`,
      });
    },
  };
}

/**
 * Marks chunks for eager compilation with V8's explicit compile hint (`//# allFunctionsCalledOnLoad`
 * as the file's first line; Chrome 136+, ignored elsewhere). Functions the first render calls are then
 * compiled on a background thread while the file streams in, instead of one by one on the main thread
 * when first called: on a throttled phone that was a large share of the long tasks that make up
 * Lighthouse's total blocking time (docs/performance.md, session 4). Only for the chunks every first
 * render runs through; elsewhere eager compilation would waste time and memory on unused code.
 * The comment is added after Vite's own last edit (its preload map) and after hashing, which is
 * harmless: it is the same for every build of the same code.
 */
function compileHints(chunkNames: string[]): Plugin {
  return {
    name: 'mlp-compile-hints',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const item of Object.values(bundle))
          if (item.type === 'chunk' && chunkNames.includes(item.name))
            item.code = `//# allFunctionsCalledOnLoad\n${item.code}`;
      },
    },
  };
}

/**
 * The pages a visitor lands on load a few grouped chunks instead of dozens of small ones (see
 * route-chunk-groups.ts). `app` is the first paint of every page (shell, router, theme, home page);
 * each later group adds one chunk for its pages. Signed-in learner pages and the administrator panel
 * (editor, charts, PayPal included) keep rolldown's automatic splitting, so none of them loads on `/`.
 */
const chunkGroups = routeChunkGroups([
  { name: 'app', routes: ['home'], withEntry: true },
  { name: 'catalogue', routes: ['exams', 'articles'] },
  { name: 'detail', routes: ['exam-detail', 'article-detail'] },
  {
    name: 'account',
    routes: ['login', 'register', 'forgot-password', 'reset-password', 'resend-verification', 'verify-email'],
  },
]);

/**
 * The SPA is built into apps/web/dist and served by the API from the site root (ARCHITECTURE.md).
 * Every page is a lazily loaded route module (app/router.tsx), so the entry chunk holds only the shell.
 * Paths are relative to this folder: run `vite build` here, `npm run build -w apps/web`, or
 * `vite build apps/web` from the repository root.
 */
export default defineConfig({
  base: '/',
  plugins: [react(), pageShells(), chunkGroups.plugin, compileHints(['app'])],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // dist/.vite/manifest.json: which chunks each route needs (read by `npm run bench:web`).
    manifest: true,
    // The grouped `app` chunk (react-dom, MUI, router and the shell: 580 kB, 184 kB gzip) is meant to be
    // one file; the budget that matters is gzip JS for `/` (≤ 200 KiB), checked by `npm run bench:web`.
    chunkSizeWarningLimit: 650,
    rolldownOptions: {
      output: {
        codeSplitting: chunkGroups.codeSplitting,
      },
    },
  },
  server: {
    port: Number(process.env.WEB_PORT ?? 5173),
    strictPort: true,
    proxy: {
      '/api': apiTarget,
    },
  },
  preview: {
    port: 4173,
    proxy: {
      '/api': apiTarget,
    },
  },
});
