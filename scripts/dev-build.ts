import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '..');
export const DEV_BUILD_DIR = join(ROOT, '.output/chrome-mv3-dev');
export const FIREFOX_DEV_BUILD_DIR = join(ROOT, '.output/firefox-mv3-dev');
/** wxt.config.ts names the output folder after this variable when it is set. */
const BENCH_DIR_NAME = 'chrome-mv3-bench';
export const BENCH_BUILD_DIR = join(ROOT, '.output', BENCH_DIR_NAME);

/** What a build is made from; the passphrase word lists are written into it from scripts/passphrase-words.ts. */
const SOURCES = ['src', 'entrypoints', 'wxt.config.ts', 'package.json', 'scripts/passphrase-words.ts'];

function newestChange(path: string): number {
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(path).reduce(
    (newest, entry) => Math.max(newest, newestChange(join(path, entry))),
    stats.mtimeMs,
  );
}

/** Told whether a build was needed, and when it is done (npm start says so; the tests need not). */
export interface BuildProgress {
  building(dir: string): void;
  built(dir: string, tookMs: number): void;
  current(dir: string): void;
}

const QUIET: BuildProgress = { building: () => {}, built: () => {}, current: () => {} };

/** Builds the development extension into `dir` unless a build newer than every source file is there. */
function ensureBuild(
  dir: string,
  env: NodeJS.ProcessEnv,
  browserArgs: string[] = [],
  progress: BuildProgress = QUIET,
): string {
  const manifest = join(dir, 'manifest.json');
  const sourcesChangedAt = Math.max(...SOURCES.map((source) => newestChange(join(ROOT, source))));
  if (existsSync(manifest) && statSync(manifest).mtimeMs >= sourcesChangedAt) {
    progress.current(dir);
    return dir;
  }
  progress.building(dir);
  const startedAt = Date.now();
  execFileSync('npx', ['wxt', 'build', '--mode', 'development', ...browserArgs], {
    cwd: ROOT,
    stdio: 'pipe',
    env: { ...process.env, ...env },
  });
  progress.built(dir, Date.now() - startedAt);
  return dir;
}

/** The development build: npm start, the end-to-end tests. */
export function ensureDevBuild(progress?: BuildProgress): string {
  return ensureBuild(DEV_BUILD_DIR, {}, [], progress);
}

/** Firefox's development build, from the same code: Firefox runs the background as an event page. */
export function ensureFirefoxDevBuild(): string {
  return ensureBuild(FIREFOX_DEV_BUILD_DIR, {}, ['-b', 'firefox', '--mv3']);
}

/**
 * The browser benchmark's build: the development build's code (only it may reach the simulator) with
 * React built for production, as the store build has it. WXT takes NODE_ENV from the mode, so the
 * development build carries React's development build, which no trader runs: its checks, and StrictMode
 * rendering and running every effect twice (the popup sent each of its load requests twice). On it the
 * popup took 32 to 46 ms from the hub's snapshot to the first price in the DOM, 16 ms on production React.
 */
export function ensureBenchBuild(): string {
  return ensureBuild(BENCH_BUILD_DIR, { NODE_ENV: 'production', PERCH_OUT_DIR_NAME: BENCH_DIR_NAME });
}
