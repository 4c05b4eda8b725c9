import { beforeAll, describe, expect, it } from 'vitest';
import { createProbeLinter } from './lint-probe';

// The script injected into charting pages must not pull in every contract: lint refuses the imports
// that would, and allows the content script's own client.
const restrictedImports = createProbeLinter('no-restricted-imports');
const lintContent = (code: string) => restrictedImports('src/content/probe.ts', code);

describe('content script imports', () => {
  // The first lint loads the whole config and its plugins: once here, with room (as in boundaries.test.ts).
  beforeAll(async () => {
    await lintContent('export {};');
  }, 60_000);

  const OWN_CONTRACTS = 'A content script uses platform/content-client and contracts/content';
  it.each([
    ["import { createRuntimeClient } from '../platform/runtime-client';", OWN_CONTRACTS],
    ["import { contracts } from '../contracts';", OWN_CONTRACTS],
    ["import { contracts } from '../../contracts/index';", OWN_CONTRACTS],
    ["import { browser } from 'wxt/browser';", 'Extension APIs go through src/platform.'],
  ])('refuses %s', async (code, reason) => {
    await expect(lintContent(code)).resolves.toEqual([expect.stringContaining(reason)]);
  });

  it.each([
    "import { createContentClient } from '../platform/content-client';",
    "import type { ExchangeStatus } from '../contracts';",
    "import { contentContracts } from '../contracts/content';",
  ])('allows %s', async (code) => {
    await expect(lintContent(code)).resolves.toEqual([]);
  });
});
