import { CHUNK_GROUPS, type PageEntry, type ShellKind } from '../src/app/pages.ts';
import type { RouteGroup } from './route-chunk-groups.ts';

/**
 * What the build reads from the page table (src/app/pages.ts): which route modules form each
 * first-load chunk group, and which pages get an HTML file with a static shell.
 */

/** The chunk groups in the table's order; the first also holds what the entry loads. */
export function chunkGroupsOf(pages: readonly PageEntry[]): RouteGroup[] {
  return CHUNK_GROUPS.map((name, index) => ({
    name,
    routes: [...new Set(pages.flatMap((page) => (page.group === name ? [page.name] : [])))],
    ...(index === 0 ? { withEntry: true } : {}),
  }));
}

/** A page with a static shell. */
export interface ShellPage {
  name: string;
  path: string;
  kind: ShellKind;
}

/** The shell pages in the table's order. */
export function shellPagesOf(pages: readonly PageEntry[]): ShellPage[] {
  return pages.flatMap(({ name, path, shell }) => (shell ? [{ name, path, kind: shell }] : []));
}

/** The folder of the route modules, as a module id prefix (ids are absolute paths with '/'). */
export function routeModulesDir(root: string): string {
  return `${root}/src/app/routes/`;
}

/** A page's route module (app/routes/<name>.tsx), as its module id. */
export function routeModuleFile(root: string, name: string): string {
  return `${routeModulesDir(root)}${name}.tsx`;
}
