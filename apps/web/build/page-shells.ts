import path from 'node:path';
import { createServer, isRunnableDevEnvironment, type Plugin } from 'vite';
import type { PageModule } from '../src/app/chunk.ts';
import { routeModuleFile, type ShellPage } from './page-table.ts';
import type * as ShellRender from './shell-render.tsx';
import type { RenderedShell } from './shell-render.tsx';

/** Where the per-page HTML files and their path map go in dist (read by the API's static-web plugin). */
const PAGES_DIR = 'pages';

/** A shell page rendered: its shell and the API requests its first render makes. */
export interface RenderedPage extends ShellPage, RenderedShell {
  dataPreloads: string[];
}

/**
 * Renders the shells from the real components: a Vite dev server in middleware mode (no port, no
 * watcher) loads build/shell-render.tsx and the pages' route modules through its SSR module runner,
 * with the same resolution and transforms as the app.
 */
export async function renderPages(root: string, pages: ShellPage[]): Promise<RenderedPage[]> {
  const server = await createServer({
    configFile: false,
    root,
    mode: 'production',
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    const ssr = server.environments.ssr;
    if (!isRunnableDevEnvironment(ssr))
      throw new Error('page shells: the SSR environment cannot run modules');
    const renderer = await ssr.runner.import<typeof ShellRender>(
      path.join(import.meta.dirname, 'shell-render.tsx'),
    );
    const rendered: RenderedPage[] = [];
    for (const page of pages) {
      const module = await ssr.runner.import<PageModule>(routeModuleFile(root, page.name));
      rendered.push({
        ...page,
        ...(await renderer.renderShell(page.path, page.kind, module)),
        dataPreloads: await renderer.firstRequests(module, page.path),
      });
    }
    return rendered;
  } finally {
    await server.close();
  }
}

/**
 * A page's HTML: the built index.html with the shell's styles in <head> and its markup in #root
 * (painted before any JavaScript runs), modulepreload links for the page's route module and its
 * imports (fetched alongside the entry instead of after it has run) and preloads of the API requests
 * its first render makes.
 */
export function pageHtml(template: string, page: RenderedPage, modulePreloads: string[]): string {
  const head =
    modulePreloads.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('') +
    // crossorigin: a fetch() from the page is a CORS-mode request, and only a preload of the same mode
    // is reused.
    page.dataPreloads.map((url) => `<link rel="preload" as="fetch" crossorigin href="${url}">`).join('') +
    page.styles;
  if (!template.includes('</head>') || !template.includes('<div id="root"></div>'))
    throw new Error('page shells: index.html has no </head> or no empty #root');
  return template
    .replace('</head>', () => `${head}</head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${page.html}</div>`);
}

/**
 * Writes an HTML file (pageHtml) for each shell page, plus `pages/routes.json` mapping each path to its
 * file. Other paths keep the plain index.html. `skip`: the chunk groups' probe build needs no shells.
 */
export function pageShells(pages: ShellPage[], { skip = false }: { skip?: boolean } = {}): Plugin {
  let root = '';
  return {
    name: 'mlp-page-shells',
    apply: 'build',
    enforce: 'post',
    // Read by the test that the page table, router and Vite config agree.
    api: { pages },
    configResolved(config) {
      root = config.root;
    },
    async generateBundle(_options, bundle) {
      if (skip) return;
      const index = bundle['index.html'];
      if (index?.type !== 'asset' || typeof index.source !== 'string')
        throw new Error('page shells: index.html is not in the bundle');
      const template = index.source;
      const chunks = Object.values(bundle).flatMap((item) => (item.type === 'chunk' ? [item] : []));
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const preloadsOf = (name: string): string[] => {
        const chunk = chunks.find((c) => c.facadeModuleId === routeModuleFile(root, name));
        if (!chunk) throw new Error(`page shells: no chunk for route module ${name}`);
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
      const routes: Record<string, string> = {};
      for (const page of await renderPages(root, pages)) {
        const fileName = `${PAGES_DIR}/${page.name}.html`;
        this.emitFile({ type: 'asset', fileName, source: pageHtml(template, page, preloadsOf(page.name)) });
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
