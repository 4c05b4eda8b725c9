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
 * Real Chromium with the built extension against the simulator, one file at a time in one worker that
 * keeps its modules from file to file (the harness imported per file cost about a second each). Each file
 * launches its own browser (tests/e2e/fixture.ts): one shared by every file, reset between them, saved
 * its launches but was measured with specs failing that pass alone (a worker stop after many resets,
 * and a first test that found the reset's new worker still writing its first state).
 */
const e2e = (include: readonly string[]): TestProjectInlineConfiguration => ({
  extends: true,
  test: {
    name: 'e2e',
    environment: 'node',
    isolate: false,
    // One file at a time in one worker, so a group of its own: after the Node files, before Firefox.
    sequence: { groupOrder: 1 },
    include: [...include],
    globalSetup: ['tests/e2e/global-setup.ts'],
    fileParallelism: false,
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
      ? [reliability(RELIABILITY_SUITE.node), e2e(RELIABILITY_SUITE.browser)]
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
              // A test that types, clicks and runs axe takes 1–3 s alone; beside the type check on 2 cores
              // it has taken over 5 s (vitest's default limit) without being stuck.
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
          e2e(['tests/e2e/**/*.spec.ts', 'tests/reliability/**/*.spec.ts']),
          {
            extends: true,
            test: {
              name: 'firefox',
              environment: 'node',
              isolate: false,
              sequence: { groupOrder: 2 },
              include: ['tests/firefox/**/*.spec.ts'],
              globalSetup: ['tests/firefox/global-setup.ts'],
              fileParallelism: false,
              testTimeout: 60_000,
              hookTimeout: 120_000,
            },
          },
        ],
  },
});
