import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pageChunkGroups, POPUP_APP_CHUNK, WORKER_SHARED_CHUNK, type ChunkingGraph } from './page-chunks';

const ROOT = '/perch';
const at = (path: string) => join(ROOT, path);

/** A build's modules and what each imports statically. */
const IMPORTS: Record<string, string[]> = {
  'entrypoints/popup/main.tsx': ['src/popup/boot.ts'],
  'src/popup/boot.ts': ['src/platform/port-client.ts'],
  'entrypoints/sidepanel/main.tsx': ['src/platform/port-client.ts'],
  'entrypoints/bench-empty/main.ts': ['src/platform/port-client.ts'],
  'entrypoints/offscreen/main.ts': [],
  'entrypoints/background.ts': ['src/ui/format-price.ts'],
  'entrypoints/options/main.tsx': ['node_modules/react/index.js', 'src/options/index.tsx'],
  'src/options/index.tsx': [],
  'src/popup/index.tsx': [
    'node_modules/react/index.js',
    'src/popup/PopupApp.tsx',
    'src/popup/live-quotes.ts',
  ],
  'src/popup/PopupApp.tsx': ['src/ui/format-price.ts'],
  'src/popup/live-quotes.ts': ['src/platform/port-client.ts'],
  'node_modules/react/index.js': [],
  'src/ui/format-price.ts': [],
  'src/platform/port-client.ts': [],
};
const graph: ChunkingGraph = {
  getModuleInfo: (id) => {
    const path = id.slice(ROOT.length + 1);
    const imported = IMPORTS[path];
    return imported === undefined ? null : { importedIds: imported.map(at) };
  },
};

/** The chunk each group puts `path` in, by the groups' priority. */
function chunkOf(path: string): string | null {
  const groups = [...pageChunkGroups(ROOT)].sort((a, b) => b.priority - a.priority);
  for (const group of groups) {
    const name = group.name(at(path), graph);
    if (name !== null) return name;
  }
  return null;
}

describe("the popup's app chunks", () => {
  it("put the app, React with it, in one chunk: what the app's import loads", () => {
    expect(chunkOf('src/popup/index.tsx')).toBe(POPUP_APP_CHUNK);
    expect(chunkOf('src/popup/PopupApp.tsx')).toBe(POPUP_APP_CHUNK);
    expect(chunkOf('node_modules/react/index.js')).toBe(POPUP_APP_CHUNK);
  });

  it('leave what the first scripts load where it was: the first chunk never waits for the app', () => {
    expect(chunkOf('src/platform/port-client.ts')).toBeNull();
    expect(chunkOf('src/popup/boot.ts')).toBeNull();
  });

  it('put what the worker shares with the app in a chunk of its own: the worker never loads React', () => {
    expect(chunkOf('src/ui/format-price.ts')).toBe(WORKER_SHARED_CHUNK);
  });

  it('leave what only another page imports to the bundler', () => {
    expect(chunkOf('src/options/index.tsx')).toBeNull();
  });
});
