import type { ProtectionResult, SeenPosition } from '../../contracts';
import { PerchError } from '../../contracts';
import {
  UnsupportedError,
  type Clock,
  type Exchange,
  type Instrument,
  type InstrumentRef,
  type Logger,
  type Position,
  type ProtectionLeg,
  type Timers,
} from '../../exchanges';
import type { ExchangeRegistry } from '../services';
import { watchAccount } from './account-watch';
import { createSettler } from './in-flight-journal';
import { openPosition } from './close-reconcile';
import { targetKey, type PositionTarget } from './close-store';
import {
  capitalise,
  describePosition,
  exchangeLabel,
  isIndefinite,
  positionChanged,
  refusalOf,
  unreachableLookup,
  type ActionWords,
} from './close-words';
import { planAction, type Plan, type ProtectionAction } from './protection-plan';
import { eventShows, listedLegs, settleProtection, shownOverRest } from './protection-settle';
import type {
  ProtectionJournal,
  ProtectionKind,
  ProtectionRecord,
  SettledProtection,
} from './protection-store';
import { compareWithSeen } from './seen-position';

export interface ProtectionServiceDeps {
  readonly registry: ExchangeRegistry;
  readonly journal: ProtectionJournal;
  readonly clock: Clock;
  readonly timers: Timers;
  /** Ids both exchanges take as a client order id (a partial close sends its action's id). */
  readonly newActionId: () => string;
  /** The instrument's tick, lot and minimum sizes (the instrument lists kept an hour). */
  readonly instrumentOf: (exchange: Exchange, ref: InstrumentRef) => Promise<Instrument | undefined>;
  readonly logger: Logger;
  /** How long the private stream gets to confirm a sent action. */
  readonly confirmTimeoutMs?: number;
}

export interface ProtectionService {
  /**
   * Sends one action on a position while it is the one the trader saw (`seen`: same side, no larger;
   * otherwise `PositionChangedError`, nothing sent), at most one per position and kind at a time.
   */
  act(target: PositionTarget, seen: SeenPosition, action: ProtectionAction): Promise<ProtectionResult>;
  /** Settles what an earlier worker left in flight (call at every worker start). Actions wait for it. */
  reconcile(): Promise<readonly SettledProtection[]>;
  /** For an action answered "sent": true once the private stream shows it, false after the timeout. */
  confirmation(actionId: string): Promise<boolean> | undefined;
}

/** How often a new worker asks again about an action an earlier one left on its way. */
export const RECONCILE_AGAIN_MS = 5_000;

const PROTECTION_WORDS: ActionWords = {
  noun: 'protection change',
  verb: 'protect',
  notDone: 'kept its protection as it was',
  nothingDone: 'Nothing was sent',
  again: 'try once more',
  retrying: 'trying again',
  unchanged: 'as it was',
};
const PART_CLOSE_WORDS: ActionWords = {
  ...PROTECTION_WORDS,
  noun: 'partial close',
  verb: 'close part of',
  notDone: 'was not reduced',
  nothingDone: 'Nothing was closed',
};
const wordsFor = (kind: ProtectionKind) => (kind === 'close-part' ? PART_CLOSE_WORDS : PROTECTION_WORDS);

const refused = (message: string): ProtectionResult => ({ status: 'refused', message });

/** An answer that is the exchange's "no", in words; an unanswered one is an error (it may have gone through). */
function refusalFor(target: PositionTarget, error: unknown, kind: ProtectionKind): ProtectionResult {
  if (error instanceof UnsupportedError) return refused(`${error.message} Nothing was sent.`);
  const refusal = refusalOf(target, error, wordsFor(kind));
  if (refusal.indefinite) throw new PerchError('ProtectionUnconfirmedError', refusal.message);
  return refused(refusal.message);
}

function kindOf(action: ProtectionAction, leg: ProtectionLeg | undefined): ProtectionKind {
  switch (action.type) {
    case 'set':
      return action.role;
    case 'breakeven':
      return 'stop';
    case 'trail':
      return 'trailing';
    case 'close-part':
      return 'close-part';
    default:
      return leg?.role ?? 'stop';
  }
}

/**
 * Stops, targets, trailing stops and partial closes (docs/architecture.md "Protecting a position"). The
 * in-flight record is written to storage.session before the action leaves and cleared on a definite
 * answer; while it exists no second action of that kind on that position is sent, in this worker or the
 * next one, which settles it from the exchange.
 */
export function createProtectionService(deps: ProtectionServiceDeps): ProtectionService {
  const { registry, journal, clock, timers, logger } = deps;
  /** Position key and kind -> id of the action this worker is sending or waiting to see confirmed. */
  const busy = new Map<string, string>();
  const confirmations = new Map<string, Promise<boolean>>();

  const connected = async (target: PositionTarget): Promise<Exchange> => {
    const exchange = await registry.exchange(target.exchange);
    if (exchange !== undefined) return exchange;
    throw new PerchError(
      'ExchangeNotConnectedError',
      `${exchangeLabel(target)} is turned off, so Perch cannot protect positions there. Turn it on in Options.`,
    );
  };

  const settleQuietly = async (record: ProtectionRecord): Promise<SettledProtection | undefined> => {
    try {
      const exchange = await registry.exchange(record.exchange);
      if (exchange === undefined) return undefined;
      const settled = await settleProtection(exchange, record, clock.now());
      if (settled !== undefined) await journal.settle(settled);
      return settled;
    } catch (error) {
      logger.warn(`Perch could not yet check ${record.summary}; it will ask again: ${String(error)}`);
      return undefined;
    }
  };

  const settler = createSettler(journal, settleQuietly);

  /** Asks the exchange, refusing in words when it cannot be reached (nothing is sent then). */
  const lookUp = async <T>(target: PositionTarget, kind: ProtectionKind, ask: () => Promise<T>) => {
    try {
      return { found: await ask() };
    } catch (error) {
      if (isIndefinite(error)) return { refusal: refused(unreachableLookup(target, error, wordsFor(kind))) };
      return { refusal: refusalFor(target, error, kind) };
    }
  };

  const send = async (exchange: Exchange, target: PositionTarget, id: string, plan: Plan) => {
    const record: ProtectionRecord = {
      ...target,
      id,
      kind: plan.kind,
      expect: plan.expect,
      summary: plan.summary,
      startedAt: clock.now(),
    };
    await journal.add(record);
    const watch = watchAccount({
      exchange,
      stream: plan.kind === 'close-part' ? 'positions' : 'protection',
      shows: (event) => eventShows(record, event),
      shownOverRest: () => shownOverRest(exchange, record),
      timers,
      ...(deps.confirmTimeoutMs === undefined ? {} : { timeoutMs: deps.confirmTimeoutMs }),
    });
    let ack: Awaited<ReturnType<Plan['send']>>;
    try {
      ack = await plan.send();
    } catch (error) {
      watch.stop();
      // No answer is not a "no": the record stays until the exchange is asked how it ended.
      if (isIndefinite(error)) void settleQuietly(record);
      else await journal.remove(id);
      return refusalFor(target, error, plan.kind);
    }
    await journal.remove(id);
    if (ack.code !== '0') {
      watch.stop();
      const said = ack.message === '' ? '' : ` "${ack.message}"`;
      return refused(
        `${exchangeLabel(target)} rejected ${plan.summary}. ${exchangeLabel(target)} said: ${ack.code}${said}.`,
      );
    }
    confirmations.set(id, watch.confirmed);
    const key = `${targetKey(target)}|${plan.kind}`;
    void watch.confirmed.then(() => {
      if (busy.get(key) === id) busy.delete(key);
    });
    const notes = plan.notes.length === 0 ? '' : ` ${plan.notes.join(' ')}`;
    return {
      status: 'sent' as const,
      actionId: id,
      ...(ack.legId === undefined ? {} : { legId: ack.legId }),
      message: `${capitalise(plan.summary)}: sent; waiting for ${exchangeLabel(target)} to confirm.${notes}`,
    };
  };

  const gated = async (
    exchange: Exchange,
    target: PositionTarget,
    seen: SeenPosition,
    action: ProtectionAction,
    leg: ProtectionLeg | undefined,
  ): Promise<ProtectionResult> => {
    const kind = kindOf(action, leg);
    const key = `${targetKey(target)}|${kind}`;
    const inProgress = (actionId: string): ProtectionResult => ({
      status: 'in-progress',
      actionId,
      message: `A ${kind === 'close-part' ? 'partial close' : kind} change of ${describePosition(target)} is already on its way; nothing more was sent.`,
    });
    const pending = busy.get(key);
    if (pending !== undefined) return inProgress(pending);
    const id = deps.newActionId();
    busy.set(key, id);
    try {
      // Left by an earlier worker, or by a send that got no answer: ask the exchange how it ended first.
      const earlier = (await journal.inFlight()).find(
        (record) => `${targetKey(record)}|${record.kind}` === key,
      );
      if (earlier !== undefined && (await settleQuietly(earlier)) === undefined)
        return inProgress(earlier.id);
      const looked = await lookUp(target, kind, () => openPosition(exchange, target));
      if ('refusal' in looked) return looked.refusal;
      const position: Position | undefined = looked.found;
      if (position === undefined) {
        return refused(`${capitalise(describePosition(target))} is already closed: nothing was sent.`);
      }
      if (compareWithSeen(seen, position) === 'changed') {
        throw positionChanged(target, seen, position, wordsFor(kind));
      }
      const instrument = await deps.instrumentOf(exchange, target.instrument).catch(() => undefined);
      const plan = planAction({ exchange, target, position, instrument, leg, id }, action);
      if ('refused' in plan) return refused(plan.refused);
      return await send(exchange, target, id, plan);
    } finally {
      // A sent action keeps its kind busy under its own entry until the stream confirms it.
      if (busy.get(key) === id && !confirmations.has(id)) busy.delete(key);
    }
  };

  /**
   * Settles what an earlier worker left in flight, then asks again every RECONCILE_AGAIN_MS while something
   * is still on its way: the trader learns how it ended without having to act on that position again.
   */
  async function reconcileUntilSettled(): Promise<readonly SettledProtection[]> {
    const settled = await settler.reconcile();
    if ((await journal.inFlight()).length > 0)
      timers.setTimeout(() => void reconcileUntilSettled(), RECONCILE_AGAIN_MS);
    return settled;
  }

  return {
    async act(target, seen, action) {
      await settler.idle();
      const exchange = await connected(target);
      let leg: ProtectionLeg | undefined;
      if (action.type === 'move' || action.type === 'cancel') {
        // Which kind a move or cancel is (stop, target, trailing) is the leg's, as the exchange lists it.
        const looked = await lookUp(target, 'stop', () => listedLegs(exchange, target));
        if ('refusal' in looked) return looked.refusal;
        leg = looked.found.find((found) => found.id === action.legId);
        if (leg === undefined) {
          return refused(
            `That stop or target is no longer on ${describePosition(target)}; nothing was sent.`,
          );
        }
      }
      return gated(exchange, target, seen, action, leg);
    },
    reconcile: reconcileUntilSettled,
    confirmation: (actionId) => confirmations.get(actionId),
  };
}
