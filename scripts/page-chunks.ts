import { join } from 'node:path';

/** What a chunking group is told of a module: the modules it imports statically. */
export interface ChunkModule {
  readonly importedIds: readonly string[];
}
export interface ChunkingGraph {
  getModuleInfo(id: string): ChunkModule | null;
}
/** A rolldown code-splitting group (output.codeSplitting.groups), as much of it as Perch sets. */
export interface PageChunkGroup {
  readonly name: (id: string, graph: ChunkingGraph) => string | null;
  readonly priority: number;
  readonly includeDependenciesRecursively: false;
}

/** The popup's app, loaded by the popup's first script with a dynamic import. */
const POPUP_APP = 'src/popup/index.tsx';
/** Scripts that load before the app or without it: what they import stays out of the app's chunk. */
const EARLY = [
  'entrypoints/popup/main.tsx',
  'entrypoints/sidepanel/main.tsx',
  'entrypoints/bench-empty/main.ts',
  'entrypoints/offscreen/main.ts',
];
const WORKER = 'entrypoints/background.ts';
export const POPUP_APP_CHUNK = 'popup-app';
export const WORKER_SHARED_CHUNK = 'worker-shared';

function staticClosure(graph: ChunkingGraph, entries: readonly string[]): Set<string> {
  const found = new Set<string>();
  const visit = (id: string) => {
    if (found.has(id)) return;
    const module = graph.getModuleInfo(id);
    if (module === null) return;
    found.add(id);
    for (const imported of module.importedIds) visit(imported);
  };
  for (const entry of entries) visit(entry);
  return found;
}

/**
 * The popup's app in as few files as its import can load (docs/benchmarks.md, "Popup first quotes"):
 * every module the app imports statically goes into one chunk, but for what the first scripts already
 * loaded and what the worker shares with it, which goes into one chunk of its own (the worker must not
 * load React). Without these groups the bundler splits the app by which of the pages and the worker
 * share each module: seven files behind the popup's import, each a request and a task on the page.
 */
export function pageChunkGroups(root: string): PageChunkGroup[] {
  let placed: ReadonlyMap<string, string> | undefined;
  const chunkOf = (id: string, graph: ChunkingGraph): string | null => {
    placed ??= (() => {
      const resolve = (path: string) => join(root, path);
      const app = staticClosure(graph, [resolve(POPUP_APP)]);
      const early = staticClosure(graph, EARLY.map(resolve));
      const worker = staticClosure(graph, [resolve(WORKER)]);
      const chunks = new Map<string, string>();
      for (const module of app) {
        if (early.has(module)) continue;
        chunks.set(module, worker.has(module) ? WORKER_SHARED_CHUNK : POPUP_APP_CHUNK);
      }
      return chunks;
    })();
    return placed.get(id) ?? null;
  };
  return [POPUP_APP_CHUNK, WORKER_SHARED_CHUNK].map((chunk, at) => ({
    name: (id, graph) => (chunkOf(id, graph) === chunk ? chunk : null),
    priority: 2 - at,
    includeDependenciesRecursively: false,
  }));
}
