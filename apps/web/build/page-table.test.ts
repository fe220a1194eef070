import type { Plugin } from 'vite';
import { describe, expect, it } from 'vitest';
import { CHUNK_GROUPS, PAGES as TABLE, type PageEntry } from '../src/app/pages.ts';
import config from '../vite.config.ts';

const PAGES: readonly PageEntry[] = TABLE;

/** The `api` a plugin of the Vite config exposes, by the plugin's name. */
function pluginApi<T>(name: string): T {
  // (@vitejs/plugin-react is an array of plugins.)
  const plugins = (config.plugins ?? []).flat() as Plugin[];
  const plugin = plugins.find((candidate) => candidate?.name === name);
  if (!plugin) throw new Error(`no plugin ${name} in vite.config.ts`);
  return plugin.api as T;
}

describe('the Vite config reads the page table', () => {
  it('groups exactly the grouped pages, in the order of CHUNK_GROUPS, the entry with the first', () => {
    const { groups } = pluginApi<{ groups: Array<{ name: string; routes: string[]; withEntry?: boolean }> }>(
      'mlp-route-chunk-groups',
    );
    expect(groups.map((group) => group.name)).toEqual([...CHUNK_GROUPS]);
    for (const group of groups) {
      const pages = new Set(PAGES.filter((page) => page.group === group.name).map((page) => page.name));
      expect(new Set(group.routes)).toEqual(pages);
      expect(group.routes.length).toBeGreaterThan(0);
    }
    expect(groups.filter((group) => group.withEntry).map((group) => group.name)).toEqual(['app']);
    expect(groups.find((group) => group.name === 'app')?.routes).toEqual(['home']);
  });

  it('gives a shell to exactly the pages the table says, at their paths', () => {
    const { pages } = pluginApi<{ pages: Array<{ name: string; path: string; kind: string }> }>(
      'mlp-page-shells',
    );
    expect(pages).toEqual(
      PAGES.flatMap((page) => (page.shell ? [{ name: page.name, path: page.path, kind: page.shell }] : [])),
    );
    expect(pages.map((page) => page.path)).toEqual([
      '/',
      '/about',
      '/login',
      '/register',
      '/exams',
      '/articles',
    ]);
  });

  it('gives the compile hint to the chunk every first render runs through', () => {
    expect(pluginApi<{ chunkNames: string[] }>('mlp-compile-hints').chunkNames).toEqual(['app']);
  });
});
