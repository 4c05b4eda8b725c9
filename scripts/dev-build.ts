import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '..');
export const DEV_BUILD_DIR = join(ROOT, '.output/chrome-mv3-dev');

const SOURCES = ['src', 'entrypoints', 'wxt.config.ts', 'package.json'];

function newestChange(path: string): number {
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(path).reduce(
    (newest, entry) => Math.max(newest, newestChange(join(path, entry))),
    stats.mtimeMs,
  );
}

/** Builds the development extension unless a build newer than every source file is already there. */
export function ensureDevBuild(): string {
  const manifest = join(DEV_BUILD_DIR, 'manifest.json');
  const sourcesChangedAt = Math.max(...SOURCES.map((source) => newestChange(join(ROOT, source))));
  if (!existsSync(manifest) || statSync(manifest).mtimeMs < sourcesChangedAt) {
    execFileSync('npx', ['wxt', 'build', '--mode', 'development'], { cwd: ROOT, stdio: 'pipe' });
  }
  return DEV_BUILD_DIR;
}
