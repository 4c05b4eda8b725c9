import { expect } from 'vitest';
import { perchTest as test } from '../e2e/fixture';
import type { Perch } from '../e2e/harness';
import { PopupPage } from '../e2e/pages/popup-page';
import { startSessionOnSimulator, VAULT_PASSPHRASE, type PerchSession } from '../e2e/perch-session';
import { BTC_PERPETUAL, openLong } from '../e2e/sim-account';
import { byRun, recordScenario } from './scenario';
import { stopWorkerAt, type WorkerStep } from './worker-breakpoint';

type Simulator = Parameters<typeof startSessionOnSimulator>[1];

const SECTION = 'Worker and browser';
const WRONG_PASSPHRASE =
  'That passphrase does not open the vault. Nothing was changed; check it and try again.';
const masked = (apiKey: string) => `${apiKey.slice(0, 4)}…${apiKey.slice(-4)}`;

/** A step of the worker's own work at which Chrome stops it, named as the trader would understand it. */
interface KillMoment {
  readonly name: string;
  readonly step: WorkerStep;
}

const UNLOCK_MOMENTS: readonly KillMoment[] = [
  { name: 'while the passphrase is stretched', step: { at: 'derive' } },
  {
    name: 'right after the unlocked key was stored, before the answer',
    step: { at: 'after-write', write: 'session:set:vaultUnlocked' },
  },
  {
    name: 'right before the unlocked key is stored',
    step: { at: 'before-write', write: 'session:set:vaultUnlocked' },
  },
];

// Every trader's message first restarts the vault's idle time (a session write), hence the skips.
const CHANGE_MOMENTS: readonly KillMoment[] = [
  {
    name: 'before the pointer switches to the staged generation',
    step: { at: 'before-write', write: 'trusted:set:vaultPointer' },
  },
  { name: 'while the current passphrase is stretched', step: { at: 'derive' } },
  { name: 'while the new passphrase is stretched', step: { at: 'derive', skip: 1 } },
  {
    name: 'before the new generation is staged',
    step: { at: 'before-write', write: 'trusted:set:vaultSlot_' },
  },
  {
    name: 'before the new key is stored',
    step: { at: 'before-write', write: 'session:set:vaultUnlocked', skip: 1 },
  },
  {
    name: 'before the old generation is removed',
    step: { at: 'before-write', write: 'trusted:remove:vaultSlot_' },
  },
  {
    name: 'after the old generation was removed, before the answer',
    step: { at: 'after-write', write: 'trusted:remove:vaultSlot_' },
  },
];

/**
 * Runs `operation` and has Chrome stop the worker at `moment`; resolves with what the request's sender
 * was told (the worker that held it died).
 */
async function killDuring(
  perch: Perch,
  moment: KillMoment,
  operation: () => Promise<unknown>,
): Promise<unknown> {
  const { stopped } = await stopWorkerAt(perch, moment.step);
  const answer = operation().catch((error: unknown) => ({ failed: String(error) }));
  await stopped;
  return answer;
}

/** Perch on the simulator with both exchanges' keys saved and a long BTC position open on each. */
async function sessionWithPositions(perch: Perch, simulator: Simulator): Promise<PerchSession> {
  const session = await startSessionOnSimulator(perch, simulator);
  await openLong(simulator, 'okx', 'net');
  await openLong(simulator, 'bybit', 'net');
  return session;
}

/** Nothing lost: both keys read back masked, and the popup shows both positions (their keys opened) and a live price. */
async function nothingLost(popup: PopupPage, simulator: Simulator, session: PerchSession): Promise<void> {
  const { okx, bybit } = simulator.accounts;
  await expect(session.send('vaultStatus')).resolves.toMatchObject({
    ok: true,
    data: {
      state: 'unlocked',
      credentials: [
        { exchange: 'okx', maskedKey: masked(okx.apiKey) },
        { exchange: 'bybit', maskedKey: masked(bybit.apiKey) },
      ],
    },
  });
  const positions = await popup.positions(2);
  expect(positions.map((position) => position.symbol).sort()).toEqual(
    [BTC_PERPETUAL.bybit.symbol, BTC_PERPETUAL.okx.symbol].sort(),
  );
  await popup.quoteWithPrice('okx', BTC_PERPETUAL.okx.symbol);
}

test(
  'the worker stopped mid-unlock leaves the vault locked or unlocked, never half, and the next try unlocks',
  async ({ perch, simulator, task }) => {
    const session = await sessionWithPositions(perch, simulator);
    const moments = byRun(UNLOCK_MOMENTS.slice(0, 1), UNLOCK_MOMENTS);
    const outcomes: string[] = [];

    for (const moment of moments) {
      await expect(session.send('vaultLock')).resolves.toEqual({ ok: true, data: {} });
      const popup = new PopupPage(await perch.openPopup());

      await killDuring(perch, moment, () => popup.submitUnlock(VAULT_PASSPHRASE));

      // The popup says what happened in words and shows the vault as it is.
      const shown = await popup.unlockAnswer();
      const status = await session.send('vaultStatus');
      expect(status).toMatchObject({ ok: true, data: { state: shown.state } });
      if (shown.state === 'locked') {
        expect(shown.problem).toMatch(/^Perch's background stopped before it answered/);
        await popup.submitUnlock(VAULT_PASSPHRASE);
        await expect(popup.unlockAnswer()).resolves.toEqual({ state: 'unlocked' });
      }
      await nothingLost(popup, simulator, session);
      await popup.page.close();
      outcomes.push(
        shown.state === 'locked'
          ? `${moment.name}: shown locked, with "${shown.problem}"; the next try unlocked`
          : `${moment.name}: shown unlocked (the key was stored; only the answer was lost)`,
      );
    }

    recordScenario(task, {
      section: SECTION,
      scenario: 'worker stopped mid-unlock (PBKDF2, 600,000 rounds)',
      injected: 'Chrome stops the worker while the popup unlocks the vault',
      times: `${moments.length} (${moments.map((moment) => moment.name).join('; ')})`,
      result: `${outcomes.join('; ')}. Each time the popup showed the state the background holds; both keys read back masked, both positions (each exchange's keys opened) and a live price in the popup. Found: the popup showed Chrome's "message channel closed" text, and a lost answer left it locked over an unlocked vault; fixed`,
    });
  },
  byRun(60_000, 180_000),
);

test(
  'a passphrase change interrupted by a worker stop leaves exactly one passphrase opening every credential',
  async ({ perch, simulator, task }) => {
    const session = await sessionWithPositions(perch, simulator);
    const moments = byRun(CHANGE_MOMENTS.slice(0, 1), CHANGE_MOMENTS);
    const passphrases = [VAULT_PASSPHRASE, 'a brand new passphrase'] as const;
    let current: string = VAULT_PASSPHRASE;
    const outcomes: string[] = [];

    for (const moment of moments) {
      const next = current === passphrases[0] ? passphrases[1] : passphrases[0];
      const answer = await killDuring(perch, moment, () =>
        session.send('vaultChangePassphrase', { current, next }),
      );
      expect(answer).toMatchObject({ failed: expect.stringContaining('message channel closed') as unknown });

      // Exactly one of the two opens the vault; the other is refused in words.
      const opens: string[] = [];
      for (const passphrase of [current, next]) {
        await expect(session.send('vaultLock')).resolves.toEqual({ ok: true, data: {} });
        const reply = await session.send('vaultUnlock', { passphrase });
        if (reply.ok) opens.push(passphrase);
        else expect(reply.error).toEqual({ name: 'WrongPassphraseError', message: WRONG_PASSPHRASE });
      }
      expect(opens).toHaveLength(1);
      const opening = opens[0]!;
      await expect(session.send('vaultLock')).resolves.toEqual({ ok: true, data: {} });
      await expect(session.send('vaultUnlock', { passphrase: opening })).resolves.toEqual({
        ok: true,
        data: {},
      });
      const popup = new PopupPage(await perch.openPopup());
      await nothingLost(popup, simulator, session);
      await popup.page.close();
      const kept = opening === current ? 'the old passphrase' : 'the new passphrase';
      outcomes.push(`${moment.name}: ${kept} opens`);
      current = opening;
    }

    recordScenario(task, {
      section: SECTION,
      scenario: 'passphrase change interrupted by a worker stop',
      injected: 'Chrome stops the worker during `vaultChangePassphrase`',
      times: `${moments.length} (${moments.map((moment) => moment.name).join('; ')})`,
      result: `${outcomes.join('; ')}. Every time exactly one passphrase opened the vault, the other was refused in words; both keys masked, both positions (each exchange's keys opened) and a live price in the popup`,
    });
  },
  byRun(60_000, 180_000),
);
