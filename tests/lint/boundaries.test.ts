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
    [
      'entrypoints/offscreen/main.ts',
      "import { startPopup } from '../../src/popup';",
      'entry-offscreen may not import popup',
    ],
    // The errors' base is shared because it imports nothing: it must stay that way.
    [
      'src/exchanges/named-error.ts',
      "import type { ExchangeId } from './model';",
      'error-base may not import exchanges',
    ],
    [
      'src/exchanges/decimal.ts',
      "import type { ExchangeId } from './model';",
      'decimal-base may not import exchanges',
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
    ['src/contracts/probe.ts', "import { NamedError } from '../exchanges/named-error';"],
    ['src/contracts/probe.ts', "import { compareDecimals } from '../exchanges/decimal';"],
    ['src/platform/probe.ts', "import { contracts } from '../contracts';"],
    ['entrypoints/background.ts', "import { startBackground } from '../src/background';"],
    [
      'entrypoints/offscreen/main.ts',
      "import { startOffscreenSound } from '../../src/background/alerts/alert-sound';",
    ],
  ])('%s: allows %s', async (file, code) => {
    await expect(boundaryErrors(file, code)).resolves.toEqual([]);
  });
});

// Each restriction eslint.config.js defines, probed in every folder it guards: a later config block that sets
// the same rule replaces an earlier one's options, so a restriction can stop biting while lint stays green.
const restrictedImports = createProbeLinter('no-restricted-imports');
const restrictedGlobals = createProbeLinter('no-restricted-globals');
const restrictedSyntax = createProbeLinter('no-restricted-syntax');

const PURE = 'src/exchanges is pure';
const NO_REACT = 'No React in src/exchanges (pure) or the overlay (plain DOM).';
const VIA_PLATFORM = 'Extension APIs go through src/platform.';
const FUNDS_MOVING = 'Routes that move funds';
const WITHDRAWALS = "import { OKX_FUNDS_MOVING_ROUTES } from '../exchanges/okx/endpoints-funds-moving';";

describe('import restrictions', () => {
  beforeAll(async () => {
    await restrictedImports('src/ui/warm-up.ts', 'export {};');
  }, 60_000);

  it.each([
    ['src/exchanges/probe.ts', "import { useState } from 'react';", NO_REACT],
    ['src/exchanges/probe.ts', "import { createRoot } from 'react-dom/client';", NO_REACT],
    ['src/exchanges/probe.ts', "import { readFileSync } from 'node:fs';", PURE],
    ['src/exchanges/probe.ts', "import { createHash } from 'crypto';", PURE],
    ['src/exchanges/probe.ts', "import browser from 'webextension-polyfill';", PURE],
    ['src/exchanges/probe.ts', "import { browser } from 'wxt/browser';", PURE],
    [
      'src/exchanges/okx/probe.ts',
      "import { OKX_FUNDS_MOVING_ROUTES } from './endpoints-funds-moving';",
      FUNDS_MOVING,
    ],
    ['src/exchanges/probe.tsx', "import { useState } from 'react';", NO_REACT],
    ['src/content/probe.ts', "import { useState } from 'react';", NO_REACT],
    ['src/content/probe.ts', "import { jsx } from 'react/jsx-runtime';", NO_REACT],
    ['src/content/probe.ts', "import { createRoot } from 'react-dom/client';", NO_REACT],
    ['src/content/probe.ts', "import { browser } from 'wxt/browser';", VIA_PLATFORM],
    ['src/content/probe.ts', "import { contracts } from '../contracts';", 'A content script uses'],
    ['src/content/probe.ts', WITHDRAWALS, FUNDS_MOVING],
    ['entrypoints/overlay.content/index.ts', "import { useState } from 'react';", NO_REACT],
    ...['background', 'popup', 'options', 'ui', 'contracts'].flatMap((folder) => [
      [`src/${folder}/probe.ts`, "import { browser } from 'wxt/browser';", VIA_PLATFORM],
      [`src/${folder}/probe.ts`, 'import browser from "webextension-polyfill";', VIA_PLATFORM],
      [`src/${folder}/probe.ts`, WITHDRAWALS, FUNDS_MOVING],
    ]),
    ['src/options/probe.tsx', WITHDRAWALS, FUNDS_MOVING],
    ['src/platform/probe.ts', WITHDRAWALS, FUNDS_MOVING],
    ['src/background/probe.test.ts', WITHDRAWALS, FUNDS_MOVING],
    [
      'entrypoints/background.ts',
      "import { X } from '../src/exchanges/bybit/endpoints-funds-moving';",
      FUNDS_MOVING,
    ],
    ['sim/probe.ts', "import { X } from '../src/exchanges/okx/endpoints-funds-moving.ts';", FUNDS_MOVING],
    ['scripts/probe.ts', "import { X } from '../src/exchanges/okx/endpoints-funds-moving';", FUNDS_MOVING],
    ['bench/probe.ts', "import { X } from '../src/exchanges/okx/endpoints-funds-moving';", FUNDS_MOVING],
    [
      'tests/e2e/probe.spec.ts',
      "import { X } from '../../src/exchanges/okx/endpoints-funds-moving';",
      FUNDS_MOVING,
    ],
  ])('%s: refuses %s', async (file, code, reason) => {
    await expect(restrictedImports(file, code)).resolves.toEqual([expect.stringContaining(reason)]);
  });

  it.each([
    ['src/exchanges/probe.ts', "import { z } from 'zod';"],
    ['src/exchanges/okx/endpoints.test.ts', "import { readFileSync } from 'node:fs';"],
    [
      'src/exchanges/okx/endpoints.test.ts',
      "import { OKX_FUNDS_MOVING_ROUTES } from './endpoints-funds-moving';",
    ],
    ['tests/e2e/store-build.spec.ts', "import { X } from '../../src/exchanges/okx/endpoints-funds-moving';"],
    ['src/popup/probe.tsx', "import { useState } from 'react';"],
    ['src/platform/probe.ts', "import { browser } from 'wxt/browser';"],
    ['src/background/probe.ts', "import { OKX_ROUTES } from '../exchanges/okx/endpoints';"],
  ])('%s: allows %s', async (file, code) => {
    await expect(restrictedImports(file, code)).resolves.toEqual([]);
  });
});

describe('globals and syntax restrictions', () => {
  // Each kind eslint.config.js refuses there: DOM, extension, network, timer, Node.
  it.each([
    'window',
    'document',
    'navigator',
    'localStorage',
    'chrome',
    'fetch',
    'WebSocket',
    'setTimeout',
    'process',
  ])('src/exchanges: refuses the global %s', async (global) => {
    await expect(
      restrictedGlobals('src/exchanges/probe.ts', `export const probe = ${global};`),
    ).resolves.toEqual([`Unexpected use of '${global}'.`]);
  });

  it.each(['window', 'document', 'localStorage'])('src/background: refuses the global %s', async (global) => {
    await expect(
      restrictedGlobals('src/background/probe.ts', `export const probe = ${global};`),
    ).resolves.toEqual([`Unexpected use of '${global}'.`]);
  });

  it.each(['src/exchanges/probe.tsx', 'src/content/probe.tsx', 'entrypoints/overlay.content/probe.tsx'])(
    '%s: refuses JSX',
    async (file) => {
      await expect(restrictedSyntax(file, 'export const probe = <div />;')).resolves.toEqual([
        'No JSX in src/exchanges (pure) or the overlay (plain DOM).',
      ]);
    },
  );

  it('src/popup: allows JSX', async () => {
    await expect(restrictedSyntax('src/popup/probe.tsx', 'export const probe = <div />;')).resolves.toEqual(
      [],
    );
  });
});
