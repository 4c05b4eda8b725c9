import type { Page } from 'puppeteer-core';
import type { startSimulator } from '../../sim';
import type { Perch } from './harness';
import { saveDemoKeys } from '../../scripts/dev-session';
import { dumpStorage, sendPerchMessage, type PerchReply } from './pages/extension-messages';
import type { ExchangeName } from './sim-account';

type Simulator = Awaited<ReturnType<typeof startSimulator>>;

export const VAULT_PASSPHRASE = 'e2e vault passphrase';
/** What the vault's rule says of a common word with digits ("bitcoin12345"), in the worker and the options form. */
export const TOO_EASY_TO_GUESS =
  'Too easy to guess: it is a common word with digits. Add more words — a few unrelated words make a strong passphrase.';

export interface PerchSession {
  readonly options: Page;
  readonly send: (name: string, payload?: object) => Promise<PerchReply>;
  /** What each vaultSaveCredentials answered. */
  readonly saved: Record<ExchangeName, PerchReply>;
}

/**
 * Points Perch at the simulator and, from the options page, sets up the vault and saves the simulator's
 * demo keys for both exchanges, as a trader would.
 */
export async function startSessionOnSimulator(perch: Perch, simulator: Simulator): Promise<PerchSession> {
  await perch.useSimulator(simulator);
  const options = await perch.openOptions();
  const send = (name: string, payload: object = {}) => sendPerchMessage(options, name, payload);
  const setUp = await send('vaultSetUp', { passphrase: VAULT_PASSPHRASE });
  if (!setUp.ok) throw new Error(`vaultSetUp failed: ${setUp.error.message}`);
  const saved = await saveDemoKeys(send, simulator);
  return { options, send, saved };
}

/** Every secret of the session: the demo keys and the vault passphrase. None may be stored in clear. */
export function sessionSecrets(simulator: Simulator): string[] {
  const { okx, bybit } = simulator.accounts;
  return [okx.apiKey, okx.secretKey, okx.passphrase, bybit.apiKey, bybit.apiSecret, VAULT_PASSPHRASE];
}

/** The symbols of one exchange's open positions in the worker's portfolio, as it snapshots them to storage.session. */
export async function portfolioPositions(page: Page, exchange: ExchangeName): Promise<string[]> {
  const { session } = await dumpStorage(page);
  const snapshot = session.portfolioSnapshot as
    { accounts: { exchange: string; positions: { symbol: string; side: string }[] }[] } | null | undefined;
  const account = snapshot?.accounts.find((item) => item.exchange === exchange);
  return (account?.positions ?? []).filter((position) => position.side !== 'flat').map((p) => p.symbol);
}
