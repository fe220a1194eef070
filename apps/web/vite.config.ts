import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** Where `/api` goes in `vite` dev and preview (override with API_PROXY_TARGET, e.g. a second API on :3201). */
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:3000';

/**
 * The SPA is built into apps/web/dist and served by the API from the site root (ARCHITECTURE.md).
 * Every page is a lazily loaded route module (app/router.tsx), so the entry chunk holds only the shell.
 * Paths are relative to this folder: run `vite build` here, `npm run build -w apps/web`, or
 * `vite build apps/web` from the repository root.
 */
export default defineConfig({
  base: '/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // dist/.vite/manifest.json: which chunks each route needs (read by `npm run bench:web`).
    manifest: true,
    rolldownOptions: {
      treeshake: {
        // The contract only declares schemas and constants. Marking it side-effect free lets a page chunk
        // keep just the schemas it imports instead of every module behind @mlp/contract's index.
        moduleSideEffects: [{ test: /[\\/]packages[\\/]contract[\\/]src[\\/]/, sideEffects: false }],
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
