import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The script injected into charting pages must not pull in every contract: lint refuses the imports
// that would, and allows the content script's own client.
const eslint = new ESLint({
  cwd: new URL('../..', import.meta.url).pathname,
  ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-imports',
  overrideConfig: { languageOptions: { parserOptions: { projectService: false, project: null } } },
});

async function ruleIds(code: string): Promise<(string | null)[]> {
  const [result] = await eslint.lintText(code, { filePath: 'src/content/probe.ts' });
  return (result?.messages ?? []).map((message) => message.ruleId);
}

describe('content script imports', () => {
  it.each([
    "import { createRuntimeClient } from '../platform/runtime-client';",
    "import { contracts } from '../contracts';",
    "import { contracts } from '../../contracts/index';",
    "import { browser } from 'wxt/browser';",
  ])('refuses %s', async (code) => {
    await expect(ruleIds(code)).resolves.toEqual(['no-restricted-imports']);
  });

  it.each([
    "import { createContentClient } from '../platform/content-client';",
    "import type { ExchangeStatus } from '../contracts';",
    "import { contentContracts } from '../contracts/content';",
  ])('allows %s', async (code) => {
    await expect(ruleIds(code)).resolves.toEqual([]);
  });
});
