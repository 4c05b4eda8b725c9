import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// The popup's and the side panel's first script opens the hub port before React, zustand, zod and the
// contracts load (src/platform/early-hub.ts): the worker answers while the app is still loading. A static
// import of any of them would put it back in the first chunk; only a dynamic import() may reach them.

const ROOT = resolve(import.meta.dirname, '../..');
const HEAVY = ['react', 'react-dom', 'zustand', 'zod'];
const STATIC_IMPORT = /^(?:import|export)\s(?!type\s)(?:[^;]*?\sfrom\s)?'([^']+)';/gms;

function resolveSource(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier);
  return ['.ts', '.tsx', '/index.ts', '/index.tsx', '']
    .map((end) => base + end)
    .find((path) => existsSync(path));
}

/** Every module a file reaches through static imports (type-only imports are erased, so not followed). */
function staticGraph(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file) || !/\.tsx?$/.test(file)) return;
    files.add(file);
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
      if (specifier === undefined) continue;
      if (!specifier.startsWith('.')) {
        packages.add(
          specifier.startsWith('@')
            ? specifier.split('/').slice(0, 2).join('/')
            : (specifier.split('/')[0] ?? specifier),
        );
        continue;
      }
      const target = resolveSource(file, specifier);
      if (target !== undefined) visit(target);
    }
  };
  visit(join(ROOT, entry));
  return { files, packages };
}

describe("the popup's and the side panel's first script", () => {
  it.each(['src/popup/boot.ts', 'src/sidepanel/boot.ts'])(
    '%s loads no React, zustand, zod or contracts statically',
    (entry) => {
      const { files, packages } = staticGraph(entry);
      expect([...packages].filter((name) => HEAVY.includes(name))).toEqual([]);
      const reached = [...files].map((file) => relative(ROOT, file));
      expect(reached).toContain('src/platform/early-hub.ts');
      expect(
        reached.filter((file) => file === 'src/contracts/index.ts' || file.startsWith('src/contracts/ports')),
      ).toEqual([]);
    },
  );

  it("the popup's app loads no zod or contracts' schemas: the worker checks what pages send and answer", () => {
    // A contract module is schemas and constants in one: a page that imports its constant evaluates its
    // schemas. The constants pages need have schema-free files of their own (exchange-names, port-names,
    // settings-defaults, alert-history-size).
    const { files, packages } = staticGraph('src/popup/index.tsx');
    expect([...packages]).not.toContain('zod');
    expect([...files].map((file) => relative(ROOT, file))).not.toContain('src/contracts/index.ts');
  });

  it('follows static imports and not dynamic ones', () => {
    // The popup's app (src/popup/index.tsx) pulls React in: the walker must see it there.
    expect([...staticGraph('src/popup/index.tsx').packages]).toEqual(
      expect.arrayContaining(['react', 'zustand']),
    );
  });
});
