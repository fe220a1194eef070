import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compileHints } from './build/compile-hints.ts';
import { pageShells } from './build/page-shells.ts';
import { chunkGroupsOf, shellPagesOf } from './build/page-table.ts';
import { routeChunkGroups } from './build/route-chunk-groups.ts';
import { PAGES } from './src/app/pages.ts';

/** Where `/api` goes in `vite` dev and preview (override with API_PROXY_TARGET, e.g. a second API on :3201). */
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:3000';

/*
 * The first-load machinery reads the page table (src/app/pages.ts, decision 0029): the pages a visitor
 * lands on load a few grouped chunks instead of dozens of small ones (build/route-chunk-groups.ts), the
 * first of which, `app`, every first render runs through and so gets the compile hint; the public
 * landing pages get an HTML file with a static shell rendered from the real components
 * (build/page-shells.ts).
 */
const groups = chunkGroupsOf(PAGES);
const chunkGroups = routeChunkGroups(groups);
const firstRenderChunks = groups.filter((group) => group.withEntry).map((group) => group.name);

/**
 * The SPA is built into apps/web/dist and served by the API from the site root (ARCHITECTURE.md).
 * Every page is a lazily loaded route module (app/router.tsx), so the entry chunk holds only the shell.
 * Paths are relative to this folder: run `vite build` here, `npm run build -w apps/web`, or
 * `vite build apps/web` from the repository root.
 */
export default defineConfig({
  base: '/',
  plugins: [
    react(),
    pageShells(shellPagesOf(PAGES), { skip: chunkGroups.probing }),
    chunkGroups.plugin,
    compileHints(firstRenderChunks),
  ],
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
