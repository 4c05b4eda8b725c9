import type { Page } from 'puppeteer-core';
import type { DemoCredentials } from '../sim';
import { sendPerchMessage, type PerchReply } from './perch-messages';
import {
  btcLastPrice,
  setBtcPosition,
  type BtcPosition,
  type ExchangeName,
  type SimulatorAddress,
} from './sim-admin';

/**
 * Printed by npm start; only ever guards the throw-away browser profile of a development run. Still a passphrase
 * the vault's rule accepts (12 characters or more, hard to guess): the worker refuses any other.
 */
export const DEV_PASSPHRASE = 'perch-dev-session-2026';

export interface SessionSimulator extends SimulatorAddress {
  readonly accounts: DemoCredentials;
}

type Send = (name: string, payload?: object) => Promise<PerchReply>;

/** Saves the simulator's demo keys for both exchanges through the vault, as the options page does; returns each reply. */
export async function saveDemoKeys(
  send: Send,
  simulator: SessionSimulator,
): Promise<Record<ExchangeName, PerchReply>> {
  const { okx, bybit } = simulator.accounts;
  return {
    okx: await send('vaultSaveCredentials', {
      exchange: 'okx',
      apiKey: okx.apiKey,
      secret: okx.secretKey,
      passphrase: okx.passphrase,
    }),
    bybit: await send('vaultSaveCredentials', {
      exchange: 'bybit',
      apiKey: bybit.apiKey,
      secret: bybit.apiSecret,
    }),
  };
}

/**
 * The positions a development session opens: a long on OKX bought 1 % below the price and a short on
 * Bybit sold 0.5 % below it, so a newcomer sees a position in profit and one at a loss. Entries are
 * whole dollars, so the same price always gives the same positions.
 */
export function devPositions(btcPrice: number): Record<ExchangeName, BtcPosition> {
  return {
    okx: { posSide: 'net', size: 3, avgPx: Math.round(btcPrice * 0.99) },
    bybit: { posSide: 'net', size: -0.03, avgPx: Math.round(btcPrice * 0.995) },
  };
}

export interface DevSession {
  readonly passphrase: string;
  readonly positions: Record<ExchangeName, BtcPosition>;
}

const EXCHANGE_NAMES: Record<ExchangeName, string> = { okx: 'OKX', bybit: 'Bybit' };

function refusal(reply: PerchReply): string | undefined {
  if (!reply.ok) return reply.error.message;
  const data = reply.data as { saved?: boolean; problems?: Record<string, string> };
  if (data.saved === false) return Object.values(data.problems ?? {}).join(' ');
  return undefined;
}

/**
 * What npm start and the screenshots set up in a fresh profile, from an extension page of a Perch that
 * already uses the simulator: the vault with the development passphrase, both exchanges' demo keys,
 * and a BTC perpetual position on each demo account, so every screen has something real to show.
 */
export async function startDevSession(page: Page, simulator: SessionSimulator): Promise<DevSession> {
  const send: Send = (name, payload = {}) => sendPerchMessage(page, name, payload);
  const setUp = await send('vaultSetUp', { passphrase: DEV_PASSPHRASE });
  if (!setUp.ok) throw new Error(`Perch would not set up the development vault: ${setUp.error.message}`);
  const saved = await saveDemoKeys(send, simulator);
  for (const exchange of ['okx', 'bybit'] as const) {
    const problem = refusal(saved[exchange]);
    if (problem !== undefined)
      throw new Error(`Perch did not save the simulator's ${EXCHANGE_NAMES[exchange]} key: ${problem}`);
  }
  const positions = devPositions(await btcLastPrice(simulator));
  await setBtcPosition(simulator, 'okx', positions.okx);
  await setBtcPosition(simulator, 'bybit', positions.bybit);
  return { passphrase: DEV_PASSPHRASE, positions };
}
