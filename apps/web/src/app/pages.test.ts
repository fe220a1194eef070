import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PAGES } from './pages.ts';

const routesDir = path.join(import.meta.dirname, 'routes');

describe('the page table', () => {
  it('has no path twice', () => {
    const paths = PAGES.map((page) => page.path);
    expect(paths.filter((p, index) => paths.indexOf(p) !== index)).toEqual([]);
    for (const p of paths) expect(p).toMatch(/^\//);
  });

  it('names a route module for every page, and every route module is a page or the admin layout', () => {
    for (const page of PAGES) expect(existsSync(path.join(routesDir, `${page.name}.tsx`))).toBe(true);
    const modules = readdirSync(routesDir)
      .filter((file) => file.endsWith('.tsx') && !file.endsWith('.test.tsx'))
      .map((file) => file.slice(0, -'.tsx'.length));
    expect(new Set(modules)).toEqual(new Set([...PAGES.map((page) => page.name), 'admin-layout']));
  });

  it('puts a module served at two paths in one chunk group', () => {
    const groupOf = new Map<string, string | undefined>();
    for (const page of PAGES) {
      const group = 'group' in page ? page.group : undefined;
      if (groupOf.has(page.name)) expect(groupOf.get(page.name)).toBe(group);
      groupOf.set(page.name, group);
    }
  });

  it('gives shells only to public pages at a fixed path, which the API serves as their own HTML', () => {
    for (const page of PAGES.filter((entry) => 'shell' in entry)) {
      expect(['public', 'redirect-signed-in']).toContain(page.access);
      expect(page.path).not.toMatch(/[:*]/);
    }
  });
});
