/**
 * Which test files make up the reliability suite (`npm run test:reliability`, docs/reliability.md). The
 * Node files and the fuzz and hostile-input tests are found by name, so a new one joins by being named so;
 * the browser specs outside tests/reliability are named one by one, and suite.test.ts proves each exists.
 */
export const RELIABILITY_SUITE = {
  /** Node: the fault scenarios against the in-process simulator, the fuzz and hostile-input tests. */
  node: ['tests/reliability/**/*.test.ts', 'src/**/*.fuzz.test.ts', 'src/**/hostile-*.test.ts'],
  /** Chromium: the browser fault scenarios, the secrets audit and the worker-restart specs. */
  browser: [
    'tests/reliability/**/*.spec.ts',
    'tests/e2e/secrets-audit.spec.ts',
    'tests/e2e/hub.spec.ts',
    'tests/e2e/close.spec.ts',
  ],
} as const;
