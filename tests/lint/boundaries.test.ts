import { beforeAll, describe, expect, it } from 'vitest';
import { createProbeLinter } from './lint-probe';

// The import rules of docs/architecture.md "What may import what" must hold, whatever else lint checks.
const boundaryErrors = createProbeLinter('boundaries/dependencies');

describe('import boundaries', () => {
  // The first lint loads the whole config and its plugins (seconds on a busy 2-core machine): do it
  // once here, with room, so no single case inherits that cost and its 5 s budget.
  beforeAll(async () => {
    await boundaryErrors('src/ui/warm-up.ts', 'export {};');
  }, 60_000);

  it.each([
    [
      'src/popup/probe.ts',
      "import { startBackground } from '../background';",
      'popup may not import background',
    ],
    [
      'src/content/probe.ts',
      "import { hmacSha256 } from '../exchanges/runtime';",
      'content may not import exchanges',
    ],
    [
      'src/exchanges/probe.ts',
      "import { contracts } from '../contracts';",
      'exchanges may not import contracts',
    ],
    [
      'src/exchanges/probe.ts',
      "import { browser } from '../platform/browser';",
      'exchanges may not import platform',
    ],
    [
      'src/contracts/probe.ts',
      "import { errorMessage } from '../exchanges';",
      'contracts may not import exchanges',
    ],
    [
      'src/platform/probe.ts',
      "import { startBackground } from '../background';",
      'platform may not import background',
    ],
    [
      'src/background/probe.ts',
      "import { PopupApp } from '../popup/PopupApp';",
      'background may not import popup',
    ],
    ['sim/probe.ts', "import { contracts } from '../src/contracts';", 'sim may not import contracts'],
    [
      'entrypoints/background.ts',
      "import { startPopup } from '../src/popup';",
      'entry-background may not import popup',
    ],
  ])('%s: refuses %s', async (file, code, reason) => {
    await expect(boundaryErrors(file, code)).resolves.toEqual([
      `docs/architecture.md forbids this import: ${reason}.`,
    ]);
  });

  it.each([
    ['src/background/probe.ts', "import { createExchangeRest } from '../exchanges';"],
    ['src/background/probe.ts', "import { contracts } from '../contracts';"],
    ['src/popup/probe.ts', "import { createRuntimeClient } from '../platform/runtime-client';"],
    ['src/contracts/probe.ts', "import type { Quote } from '../exchanges';"],
    ['src/platform/probe.ts', "import { contracts } from '../contracts';"],
    ['entrypoints/background.ts', "import { startBackground } from '../src/background';"],
  ])('%s: allows %s', async (file, code) => {
    await expect(boundaryErrors(file, code)).resolves.toEqual([]);
  });
});
