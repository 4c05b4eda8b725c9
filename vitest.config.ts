import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';
import { RELIABILITY_SUITE } from './tests/reliability/suite.ts';

const FULL_RELIABILITY = process.env.PERCH_RELIABILITY === 'full';

/**
 * The unit and component files share one module graph per worker (`isolate: false`): a fresh graph per
 * file was two thirds of their time (111 s -> 41 s for both on 2 cores). These files need a fresh one:
 * one watches the storage modules load, one counts on a storage item no other file has defined.
 */
const NEEDS_FRESH_MODULES = ['tests/lint/storage-docs.test.ts', 'src/background/vault/vault-storage.test.ts'];

/** The Node fault scenarios (and, in the long run, the fuzz and hostile-input tests). */
const reliability = (include: readonly string[]): TestProjectInlineConfiguration => ({
  extends: true,
  test: { name: 'reliability', environment: 'node', include: [...include], testTimeout: 120_000 },
});

/**
 * The browser specs that time a worker stop or a burst against a deadline Chrome or the spec sets: each
 * runs alone, after every other file, so that no second browser shares the two cores with it.
 */
const BROWSER_ALONE = ['tests/reliability/worker-*.spec.ts', 'tests/reliability/twenty-tabs.spec.ts'];

/**
 * Vitest runs its projects in groups, one group after another: the Node files first (two workers, while
 * `npm test`'s type check and lint take the rest of the machine), then the browser files two at a time,
 * then the browser files that must run alone, one at a time.
 */
const BROWSER_GROUP = 1;
const BROWSER_ALONE_GROUP = 2;

/**
 * Real Chromium with the built extension against the simulator. Each spec file has a browser and a
 * simulator of its own (a temporary profile, free ports), and spends most of its time waiting on a page
 * or the worker, so two files at a time keep both cores busy without crowding either.
 */
const e2e = (include: readonly string[], { alone }: { alone: boolean }): TestProjectInlineConfiguration => ({
  extends: true,
  test: {
    name: alone ? 'e2e-alone' : 'e2e',
    environment: 'node',
    include: [...include],
    exclude: alone ? configDefaults.exclude : [...configDefaults.exclude, ...BROWSER_ALONE],
    globalSetup: ['tests/e2e/global-setup.ts'],
    fileParallelism: !alone,
    sequence: { groupOrder: alone ? BROWSER_ALONE_GROUP : BROWSER_GROUP },
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});

// One run, five kinds of test: pure unit tests in Node, React component tests in happy-dom,
// Node integration tests against the simulator, the reliability suite's fault scenarios (Node ones here,
// browser ones with the e2e specs), end-to-end specs in real Chromium,
// and the Firefox specs in Firefox ESR.
export default defineConfig({
  plugins: [WxtVitest()],
  test: {
    reporters: ['default', ['json', { outputFile: 'test-results/vitest.json' }]],
    // vitest's default is one worker fewer than the cores: one on a 2-core machine. The Node projects'
    // files take a minute less on two (the browser projects still run one file at a time).
    maxWorkers: 2,
    restoreMocks: true,
    // The Node projects' trusted store (src/platform/trusted-storage.ts): fake-indexeddb, emptied per test.
    setupFiles: ['tests/helpers/trusted-store-setup.ts'],
    // PERCH_RELIABILITY=full (npm run test:reliability) runs the reliability suite alone, in its long form.
    projects: FULL_RELIABILITY
      ? [reliability(RELIABILITY_SUITE.node), e2e(RELIABILITY_SUITE.browser, { alone: true })]
      : [
          {
            extends: true,
            test: {
              name: 'unit',
              environment: 'node',
              isolate: false,
              include: [
                'src/**/*.test.ts',
                'sim/**/*.test.ts',
                'bench/**/*.test.ts',
                'scripts/**/*.test.ts',
                'tests/lint/**/*.test.ts',
              ],
              exclude: [...configDefaults.exclude, ...NEEDS_FRESH_MODULES],
            },
          },
          {
            extends: true,
            test: { name: 'unit-isolated', environment: 'node', include: NEEDS_FRESH_MODULES },
          },
          {
            extends: true,
            test: {
              name: 'component',
              environment: 'happy-dom',
              isolate: false,
              include: ['src/**/*.test.tsx'],
              // A test that types, clicks and runs axe takes 1–3 s alone; beside the browser specs and the
              // type check on 2 cores it has taken over 5 s (vitest's default limit) without being stuck.
              testTimeout: 20_000,
            },
          },
          {
            extends: true,
            test: {
              name: 'integration',
              environment: 'node',
              include: ['tests/integration/**/*.test.ts'],
              testTimeout: 30_000,
            },
          },
          reliability(['tests/reliability/**/*.test.ts']),
          e2e(['tests/e2e/**/*.spec.ts', 'tests/reliability/**/*.spec.ts'], { alone: false }),
          e2e(BROWSER_ALONE, { alone: true }),
          {
            extends: true,
            test: {
              name: 'firefox',
              environment: 'node',
              include: ['tests/firefox/**/*.spec.ts'],
              globalSetup: ['tests/firefox/global-setup.ts'],
              // Like the Chromium specs: a browser and a simulator per file, two files at a time.
              sequence: { groupOrder: BROWSER_GROUP },
              testTimeout: 60_000,
              hookTimeout: 120_000,
            },
          },
        ],
  },
});
