// The options page's first-run path, step by step, in a fresh profile of its own: no vault at the first
// step, the vault set up for the second, an OKX key saved for the third. One entry per image, in order:
// each step's set-up is the state the trader reaches by finishing the one before.
import type { Page } from 'puppeteer-core';
import type { Perch } from '../tests/e2e/harness';
import type { FirstRunStepId } from '../src/options/routes';
import { DEV_PASSPHRASE, type SessionSimulator } from './dev-session';
import { sendPerchMessage } from './perch-messages';
import { freshGoto, type Shot, type Theme } from './shot-kit';

export interface FirstRunScreens {
  readonly perch: Perch;
  readonly simulator: SessionSimulator;
  /** An options tab of a Perch with no vault yet. */
  readonly options: Page;
}

const VIEWPORT = { width: 1000, height: 700 };

async function send(options: Page, name: string, payload: object): Promise<void> {
  const reply = await sendPerchMessage(options, name, payload);
  if (!reply.ok)
    throw new Error(`Perch refused ${name} for the first-run screenshots: ${reply.error.message}`);
}

export function firstRunShots({ perch, simulator, options }: FirstRunScreens): Shot[] {
  const setUp = { vault: false, key: false };
  /** What the trader has done before `step`: the passphrase before the exchange, the key before its test. */
  async function reach(step: FirstRunStepId): Promise<void> {
    if ((step === 'exchange' || step === 'test') && !setUp.vault) {
      await send(options, 'vaultSetUp', { passphrase: DEV_PASSPHRASE });
      setUp.vault = true;
    }
    if (step === 'test' && !setUp.key) {
      const { apiKey, secretKey, passphrase } = simulator.accounts.okx;
      await send(options, 'vaultSaveCredentials', { exchange: 'okx', apiKey, secret: secretKey, passphrase });
      setUp.key = true;
    }
  }
  const step = (id: FirstRunStepId, waitsFor: string, shown: string): Shot => ({
    name: `first-run-${id}`,
    page: options,
    waitsFor,
    ready: async () => (await options.$(shown)) !== null,
    prepare: async (theme: Theme) => {
      await reach(id);
      await options.setViewport(VIEWPORT);
      await freshGoto(options, `chrome-extension://${perch.extensionId}/options.html#first-run/${id}`, theme);
    },
    fullPage: true,
  });
  return [
    step('passphrase', 'the form creating the passphrase', 'form[aria-label="Create your passphrase"]'),
    step('exchange', 'the OKX account form', 'form[aria-label="OKX account"]'),
    step('test', "the OKX key's test report", '::-p-aria(OKX connection test[role="region"])'),
    step('watchlist', 'the watched instruments', 'ol[aria-label="Watched instruments"] li'),
  ];
}
