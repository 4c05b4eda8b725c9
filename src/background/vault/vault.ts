import { EXCHANGE_IDS } from '../../contracts/vocabulary';
import { PerchError } from '../../contracts';
import type { Clock, ExchangeId, TimerHandle, Timers } from '../../exchanges';
import type { CredentialSource, ExchangeCredentials } from '../services';
import { credentialProblems, maskKey } from './credential-rules';
import { deriveMasterKey, open, PBKDF2_ITERATIONS, randomBase64, seal } from './vault-crypto';
import {
  autoLockItem,
  autoLockMinutes,
  DEFAULT_AUTO_LOCK_MINUTES,
  openedCredentials,
  pointerItem,
  sessionItem,
  slotItems,
  unlockedSession,
  vaultGeneration,
  vaultPointer,
  type SlotName,
  type VaultGeneration,
} from './vault-storage';
import { MAX_AUTO_LOCK_MINUTES, type CredentialProblems, type VaultState } from '../../contracts/vault';
import type { PassphraseRule } from '../../contracts/passphrase-rule';
import { createSerialQueue } from '../serial-queue';
import { hasInvisibleCharacter } from '../invisible-characters';

const VERIFIER_TEXT = 'perch vault';
const MINUTE_MS = 60_000;
const OTHER_SLOT: Record<SlotName, SlotName> = { a: 'b', b: 'a' };

export interface VaultDeps {
  readonly clock: Clock;
  readonly timers: Timers;
  /** PBKDF2 rounds for new generations: tests pass a few to stay fast; production keeps the default. */
  readonly iterations?: number;
  /**
   * The rule a new passphrase must pass, built at each set-up and change of passphrase: its word lists are large,
   * so the worker holds them only then. A passphrase that already opens the vault is never judged.
   */
  readonly passphraseRule: () => Promise<PassphraseRule>;
}

export interface VaultStatus {
  readonly state: VaultState;
  readonly autoLockMinutes: number;
  readonly credentials: { exchange: ExchangeId; maskedKey: string }[];
}

export type SaveResult = { saved: true; maskedKey: string } | { saved: false; problems: CredentialProblems };

export interface Vault extends CredentialSource {
  /** At every worker start: drops what an interrupted write left behind, and locks if the idle time passed. */
  start(): Promise<void>;
  status(): Promise<VaultStatus>;
  setUp(passphrase: string): Promise<void>;
  unlock(passphrase: string): Promise<void>;
  lock(): Promise<void>;
  changePassphrase(current: string, next: string): Promise<void>;
  saveCredentials(exchange: ExchangeId, credentials: ExchangeCredentials): Promise<SaveResult>;
  forget(exchange: ExchangeId): Promise<void>;
  setAutoLockMinutes(minutes: number): Promise<void>;
  /** The trader did something: the idle time starts again. */
  recordActivity(): Promise<void>;
  /** Locks when the idle deadline has passed (called at start and by the keep-alive alarm). */
  checkAutoLock(now: number): Promise<void>;
}

const wrongPassphrase = () =>
  new PerchError(
    'WrongPassphraseError',
    'That passphrase does not open the vault. Nothing was changed; check it and try again.',
  );
const notSetUp = () =>
  new PerchError('VaultNotSetUpError', 'The vault is not set up yet: choose a passphrase first.');
const locked = () =>
  new PerchError('VaultLockedError', 'The vault is locked: unlock it with your passphrase first.');

/** Refuses a new passphrase the trader could not type again, or one easy to guess, saying why. */
async function checkNewPassphrase(passphrase: string, rule: () => Promise<PassphraseRule>): Promise<void> {
  // Such a passphrase could not be typed again at unlock: the keys would be lost behind it.
  if (hasInvisibleCharacter(passphrase))
    throw new PerchError(
      'WeakPassphraseError',
      'This passphrase contains a line break, tab or another invisible character that you could not type again. Choose one without.',
    );
  const verdict = (await rule())(passphrase);
  if (!verdict.accepted) throw new PerchError('WeakPassphraseError', verdict.words);
}

/** Any extension context can write the trusted store: what is read counts only if it has the right shape. */
async function readPointer() {
  const raw = await pointerItem.getValue();
  return raw === null ? undefined : vaultPointer.parse(raw);
}

async function readGeneration(slot: SlotName): Promise<VaultGeneration | undefined> {
  const raw = await slotItems[slot].getValue();
  return raw === null ? undefined : vaultGeneration.parse(raw);
}

async function activeGeneration(): Promise<{ slot: SlotName; generation: VaultGeneration } | undefined> {
  const pointer = await readPointer();
  if (pointer === undefined) return undefined;
  const generation = await readGeneration(pointer.active);
  if (generation?.id !== pointer.generation) return undefined;
  return { slot: pointer.active, generation };
}

async function readAutoLockMinutes(): Promise<number> {
  const parsed = autoLockMinutes.safeParse(await autoLockItem.getValue());
  return parsed.success ? parsed.data : DEFAULT_AUTO_LOCK_MINUTES;
}

/** The key of a passphrase for `generation`, or undefined when it is the wrong one. */
async function keyFor(passphrase: string, generation: VaultGeneration): Promise<string | undefined> {
  const { salt, iterations } = generation.kdf;
  const masterKey = await deriveMasterKey(passphrase, salt, iterations);
  return (await open(masterKey, generation.verifier)) === VERIFIER_TEXT ? masterKey : undefined;
}

async function newGeneration(passphrase: string, iterations: number) {
  const salt = randomBase64();
  const masterKey = await deriveMasterKey(passphrase, salt, iterations);
  const generation: VaultGeneration = {
    id: randomBase64(),
    kdf: { name: 'PBKDF2-SHA256', salt, iterations },
    verifier: await seal(masterKey, VERIFIER_TEXT),
    records: {},
  };
  return { generation, masterKey };
}

export function createVault(deps: VaultDeps): Vault {
  const iterations = deps.iterations ?? PBKDF2_ITERATIONS;
  const listeners = new Set<() => void>();
  let timer: { readonly handle: TimerHandle } | undefined;
  // Every change of the vault runs alone, in order: two pages saving at once must not lose a write.
  const serial = createSerialQueue();
  const changed = () => {
    for (const listener of listeners) listener();
  };

  /** The unlocked key of the active generation; undefined while locked. */
  async function unlockedKey(): Promise<
    { slot: SlotName; generation: VaultGeneration; masterKey: string } | undefined
  > {
    const session = unlockedSession.safeParse(await sessionItem.getValue());
    if (!session.success) return undefined;
    const active = await activeGeneration();
    if (active?.generation.id !== session.data.generation) return undefined;
    return { ...active, masterKey: session.data.masterKey };
  }

  async function requireUnlocked() {
    const unlocked = await unlockedKey();
    if (unlocked !== undefined) return unlocked;
    throw (await activeGeneration()) === undefined ? notSetUp() : locked();
  }

  function schedule(lockAt: number | undefined): void {
    if (timer !== undefined) deps.timers.clearTimeout(timer.handle);
    timer =
      lockAt === undefined
        ? undefined
        : { handle: deps.timers.setTimeout(() => void checkAutoLock(lockAt), lockAt - deps.clock.now()) };
  }

  async function openSession(generation: string, masterKey: string): Promise<void> {
    const lockAt = deps.clock.now() + (await readAutoLockMinutes()) * MINUTE_MS;
    await sessionItem.setValue({ generation, masterKey, lockAt });
    schedule(lockAt);
  }

  async function lockNow(): Promise<void> {
    schedule(undefined);
    await sessionItem.removeValue();
    changed();
  }

  const checkAutoLock = (now: number): Promise<void> =>
    serial(async () => {
      const session = unlockedSession.safeParse(await sessionItem.getValue());
      if (session.success && now >= session.data.lockAt) await lockNow();
    });

  async function writeRecords(
    slot: SlotName,
    generation: VaultGeneration,
    records: VaultGeneration['records'],
  ): Promise<void> {
    await slotItems[slot].setValue({ ...generation, records });
    changed();
  }

  return {
    async start() {
      await serial(async () => {
        const pointer = await readPointer();
        // A slot the pointer does not name is an interrupted set-up or passphrase change: the pointer's
        // generation is the vault, so the leftover (perhaps under a passphrase never confirmed) goes.
        for (const slot of ['a', 'b'] as const) {
          if (pointer?.active !== slot && (await slotItems[slot].getValue()) !== null)
            await slotItems[slot].removeValue();
        }
      });
      const session = unlockedSession.safeParse(await sessionItem.getValue());
      if (!session.success) return;
      await checkAutoLock(deps.clock.now());
      if ((await unlockedKey()) !== undefined) schedule(session.data.lockAt);
    },

    async status() {
      const active = await activeGeneration();
      const unlocked = await unlockedKey();
      const records = active?.generation.records ?? {};
      return {
        state: active === undefined ? 'not-set-up' : unlocked === undefined ? 'locked' : 'unlocked',
        autoLockMinutes: await readAutoLockMinutes(),
        credentials: EXCHANGE_IDS.flatMap((exchange) => {
          const record = records[exchange];
          return record === undefined ? [] : [{ exchange, maskedKey: record.maskedKey }];
        }),
      };
    },

    setUp: (passphrase) =>
      serial(async () => {
        // The pointer, not a readable generation, says a vault exists: a damaged one is never overwritten.
        if ((await readPointer()) !== undefined)
          throw new PerchError(
            'VaultAlreadySetUpError',
            'The vault is already set up. To use another passphrase, change it with your current one.',
          );
        await checkNewPassphrase(passphrase, deps.passphraseRule);
        const { generation, masterKey } = await newGeneration(passphrase, iterations);
        await slotItems.a.setValue(generation);
        await pointerItem.setValue({ active: 'a', generation: generation.id });
        await openSession(generation.id, masterKey);
        changed();
      }),

    unlock: (passphrase) =>
      serial(async () => {
        const active = await activeGeneration();
        if (active === undefined) throw notSetUp();
        const masterKey = await keyFor(passphrase, active.generation);
        if (masterKey === undefined) throw wrongPassphrase();
        await openSession(active.generation.id, masterKey);
        changed();
      }),

    lock: () => serial(lockNow),

    changePassphrase: (current, next) =>
      serial(async () => {
        const active = await activeGeneration();
        if (active === undefined) throw notSetUp();
        const oldKey = await keyFor(current, active.generation);
        if (oldKey === undefined) throw wrongPassphrase();
        await checkNewPassphrase(next, deps.passphraseRule);
        const { generation, masterKey } = await newGeneration(next, iterations);
        const records: VaultGeneration['records'] = {};
        for (const exchange of EXCHANGE_IDS) {
          const record = active.generation.records[exchange];
          if (record === undefined) continue;
          const plain = await open(oldKey, record.sealed);
          if (plain === undefined)
            throw new Error(`The saved ${exchange} record does not open with its key.`);
          records[exchange] = { maskedKey: record.maskedKey, sealed: await seal(masterKey, plain) };
        }
        // Staging slot first, then the one pointer write that makes it the vault; the old slot goes last.
        const staging = OTHER_SLOT[active.slot];
        await slotItems[staging].setValue({ ...generation, records });
        await pointerItem.setValue({ active: staging, generation: generation.id });
        await openSession(generation.id, masterKey);
        await slotItems[active.slot].removeValue();
        changed();
      }),

    saveCredentials: (exchange, credentials) =>
      serial(async (): Promise<SaveResult> => {
        const problems = credentialProblems(exchange, credentials);
        if (Object.keys(problems).length > 0) return { saved: false, problems };
        const { slot, generation, masterKey } = await requireUnlocked();
        const maskedKey = maskKey(credentials.apiKey);
        const kept: ExchangeCredentials =
          exchange === 'okx' ? credentials : { apiKey: credentials.apiKey, secret: credentials.secret };
        const sealed = await seal(masterKey, JSON.stringify(kept));
        await writeRecords(slot, generation, { ...generation.records, [exchange]: { maskedKey, sealed } });
        return { saved: true, maskedKey };
      }),

    forget: (exchange) =>
      serial(async () => {
        const active = await activeGeneration();
        if (active === undefined) throw notSetUp();
        // Forgetting needs no passphrase: it only removes, and a trader may have forgotten the passphrase.
        const records = Object.fromEntries(
          Object.entries(active.generation.records).filter(([name]) => name !== exchange),
        ) as VaultGeneration['records'];
        await writeRecords(active.slot, active.generation, records);
      }),

    setAutoLockMinutes: (minutes) =>
      serial(async () => {
        if (!autoLockMinutes.safeParse(minutes).success)
          throw new PerchError(
            'InvalidSettingError',
            `Auto-lock takes a whole number of minutes from 1 to ${MAX_AUTO_LOCK_MINUTES} (24 hours).`,
          );
        await autoLockItem.setValue(minutes);
        const unlocked = await unlockedKey();
        if (unlocked !== undefined) await openSession(unlocked.generation.id, unlocked.masterKey);
      }),

    recordActivity: () =>
      serial(async () => {
        const unlocked = await unlockedKey();
        if (unlocked !== undefined) await openSession(unlocked.generation.id, unlocked.masterKey);
      }),

    checkAutoLock,

    async credentials(exchange) {
      const unlocked = await unlockedKey();
      const record = unlocked?.generation.records[exchange];
      if (unlocked === undefined || record === undefined) return undefined;
      const plain = await open(unlocked.masterKey, record.sealed);
      return plain === undefined ? undefined : openedCredentials.parse(JSON.parse(plain));
    },

    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
