import type { Plugin } from 'vite';

/**
 * Marks chunks for eager compilation with V8's explicit compile hint (`//# allFunctionsCalledOnLoad`
 * as the file's first line; Chrome 136+, ignored elsewhere). Functions the first render calls are then
 * compiled on a background thread while the file streams in, instead of one by one on the main thread
 * when first called: on a throttled phone that was a large share of the long tasks that make up
 * Lighthouse's total blocking time (docs/performance-history.md, 2026-11-22). Only for the chunks every first
 * render runs through; elsewhere eager compilation would waste time and memory on unused code.
 * The comment is added after Vite's own last edit (its preload map) and after hashing, which is
 * harmless: it is the same for every build of the same code.
 */
export function compileHints(chunkNames: string[]): Plugin {
  return {
    name: 'mlp-compile-hints',
    apply: 'build',
    // Read by the test that the page table, router and Vite config agree.
    api: { chunkNames },
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
