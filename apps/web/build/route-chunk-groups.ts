import type { Plugin } from 'vite';
import { routeModuleFile, routeModulesDir } from './page-table.ts';

/**
 * Build tooling (imported by vite.config.ts, never by the app): groups the modules of the pages a
 * visitor lands on into a few chunks instead of rolldown's automatic splitting. The groups and their
 * pages come from the page table (src/app/pages.ts, read through page-table.ts).
 *
 * Left to itself, rolldown gives every set of modules shared by a different set of the ~30 lazy routes
 * a chunk of its own: `/` needed 52 files and `/exams` 63, most under 1 KiB. On a phone each file costs
 * a round trip and main-thread time (docs/performance-history.md, 2026-11-22). With the groups, `/` needs
 * the entry, one `app` chunk and its page module, and each page group adds one chunk.
 *
 * Which modules a page needs is read from a first build without groups: only that output says which
 * modules survived tree-shaking (the import graph alone also lists everything behind a barrel such as
 * `@mlp/contract`'s index, which would drag zod into the first paint).
 */

/** A group: the modules the named routes load before they render, minus those of earlier groups. */
export interface RouteGroup {
  name: string;
  /** Route modules, by file name in src/app/routes (without `.tsx`). */
  routes: string[];
  /** Whether the group also holds what the entry loads before it renders (the shell, router, theme). */
  withEntry?: boolean;
}

/** A chunk of the first build's output: only what the grouping reads. */
export interface ProbeChunk {
  fileName: string;
  isEntry: boolean;
  /** Static imports (file names): loaded before the chunk runs. */
  imports: string[];
  moduleIds: string[];
}

export interface GroupLayout {
  /** The entry's own module (src/app/main.tsx): it stays in the entry chunk so the manifest keeps it. */
  isEntryModule: (id: string) => boolean;
  /** Route modules stay chunks of their own: the router imports each one lazily. */
  isRouteModule: (id: string) => boolean;
  /** The module id of a route, by its file name. */
  routeModuleId: (route: string) => string;
}

/**
 * The modules of each group. A module belongs to the first group whose pages load it before they
 * render; modules no group names keep rolldown's automatic splitting.
 */
export function groupMembers(
  chunks: ProbeChunk[],
  groups: RouteGroup[],
  layout: GroupLayout,
): Map<string, Set<string>> {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const chunkOfModule = new Map<string, ProbeChunk>();
  for (const chunk of chunks) for (const id of chunk.moduleIds) chunkOfModule.set(id, chunk);
  const loadedBefore = (start: ProbeChunk) => {
    const seen = new Set<ProbeChunk>();
    const pending = [start];
    while (pending.length > 0) {
      const chunk = pending.pop()!;
      if (seen.has(chunk)) continue;
      seen.add(chunk);
      for (const file of chunk.imports) {
        const imported = byFile.get(file);
        if (imported) pending.push(imported);
      }
    }
    return seen;
  };
  const entries = chunks.filter((chunk) => chunk.isEntry);
  const taken = new Set<string>();
  const members = new Map<string, Set<string>>();
  for (const group of groups) {
    const starts = group.routes.map((route) => {
      const chunk = chunkOfModule.get(layout.routeModuleId(route));
      if (!chunk) throw new Error(`route chunk groups: no chunk holds the route module '${route}'`);
      return chunk;
    });
    if (group.withEntry) starts.push(...entries);
    const set = new Set<string>();
    for (const start of starts)
      for (const chunk of loadedBefore(start))
        for (const id of chunk.moduleIds) {
          if (taken.has(id) || layout.isRouteModule(id) || layout.isEntryModule(id)) continue;
          // index.html and other non-script entries.
          if (!/\.[cm]?[jt]sx?$/.test(id.split('?')[0]!)) continue;
          set.add(id);
          taken.add(id);
        }
    members.set(group.name, set);
  }
  return members;
}

const PROBE_ENV = 'MLP_CHUNK_GROUPS_PROBE';

/**
 * The Vite plugin and the `build.rolldownOptions.output.codeSplitting` value for `groups`. At build
 * start the plugin runs the same Vite config once more without the groups and without writing, reads
 * which modules each page loads, and fills the groups' member sets, which rolldown reads when it
 * splits chunks (after buildStart). `probing` is true inside that first build, so other plugins can
 * skip work whose output it throws away.
 */
export function routeChunkGroups(groups: RouteGroup[]) {
  const probing = process.env[PROBE_ENV] === '1';
  const members = new Map<string, Set<string>>(groups.map((group) => [group.name, new Set()]));
  let configFile: string | undefined;
  let root = '';
  let mode = 'production';
  const plugin: Plugin = {
    name: 'mlp-route-chunk-groups',
    apply: 'build',
    // Read by the test that the page table, router and Vite config agree.
    api: { groups },
    configResolved(config) {
      configFile = config.configFile;
      root = config.root;
      mode = config.mode;
    },
    async buildStart() {
      if (probing) return;
      const { build } = await import('vite');
      process.env[PROBE_ENV] = '1';
      let output;
      try {
        output = await build({
          configFile: configFile ?? false,
          root,
          mode,
          logLevel: 'silent',
          build: { write: false, manifest: false, emptyOutDir: false },
        });
      } finally {
        delete process.env[PROBE_ENV];
      }
      const outputs = Array.isArray(output) ? output : [output];
      const chunks: ProbeChunk[] = [];
      for (const result of outputs) {
        if (!('output' in result)) throw new Error('route chunk groups: the probe build did not finish');
        for (const item of result.output)
          if (item.type === 'chunk')
            chunks.push({
              fileName: item.fileName,
              isEntry: item.isEntry,
              imports: item.imports,
              moduleIds: item.moduleIds,
            });
      }
      const computed = groupMembers(chunks, groups, {
        isEntryModule: (id) => id === `${root}/src/app/main.tsx`,
        isRouteModule: (id) => id.startsWith(routeModulesDir(root)),
        routeModuleId: (route) => routeModuleFile(root, route),
      });
      for (const [name, set] of computed) members.set(name, set);
    },
  };
  const codeSplitting = probing
    ? {}
    : {
        groups: groups.map((group, index) => ({
          name: group.name,
          // Earlier groups first (their member sets are disjoint anyway).
          priority: groups.length - index,
          test: (id: string) => members.get(group.name)?.has(id) ?? false,
        })),
      };
  return { plugin, codeSplitting, probing };
}
