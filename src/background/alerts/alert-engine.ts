import type { Alert, AlertCondition, AlertInstrument, FiredAlert } from '../../contracts/alerts';
import { instrumentKey, type InstrumentKey } from '../../contracts/instrument-key';
import type { Clock } from '../../exchanges';
import type { AlertInput } from './alert-inputs';
import { alertWords } from './alert-words';
import { closedRule, fillRule, stopRule } from './event-rules';
import { moveRule } from './move-rule';
import { priceMemoryOf, priceRule, quotedInstrument } from './price-rules';
import type { Happening, RuleMemory, RuleResult } from './rule-types';
import { fundingRule, liquidationRule, marginRule } from './threshold-rules';

/**
 * The alert rules over everything the worker sees: which alerts fire on an input, once each. What it
 * remembers (the last fired ids, each alert's last price, window, or what is inside its condition) is
 * plain JSON the worker stores after every firing and hands to the engine it builds after a restart, so
 * nothing fires twice and a price that crossed while the worker was stopped still fires once.
 */

/** How many fired ids are remembered: far more than fire between two reads of the same event. */
export const REMEMBERED_FIRED_IDS = 500;

interface AlertState {
  /** The condition the state was built for: an edited alert starts afresh. */
  readonly condition: string;
  readonly lastFiredAt?: number;
  readonly rule?: RuleMemory | undefined;
}

export interface AlertMemory {
  readonly version: 1;
  /** Oldest first. */
  readonly fired: readonly string[];
  readonly alerts: Readonly<Record<string, AlertState>>;
}

export interface AlertFiring {
  readonly alert: Alert;
  readonly fired: FiredAlert;
  /** The alert fires once: the caller pauses it. */
  readonly pause: boolean;
}

/** Where a price alert's catch-up reads candles from: after the last price it saw, of its source. */
export interface PriceCatchUp {
  readonly instrument: AlertInstrument;
  readonly mark: boolean;
  readonly since: number;
}

export interface AlertEngine {
  /** The trader's alerts; paused ones are ignored, and what was remembered of deleted ones dropped. */
  setAlerts(alerts: readonly Alert[]): void;
  /** `late`: read on waking, it happened while Perch was not running. */
  observe(input: AlertInput, options?: { readonly late?: boolean }): AlertFiring[];
  memory(): AlertMemory;
  /** The instruments whose quotes the active price and move alerts need, each once. */
  wantedInstruments(): AlertInstrument[];
  /** For each instrument and price source with a remembered price: the earliest, to read candles after. */
  priceCatchUps(): PriceCatchUp[];
  /** How many first prices (an alert's baseline) the engine has taken so far: it grows, never shrinks. */
  baselinesTaken(): number;
}

export interface AlertEngineOptions {
  readonly clock: Clock;
  readonly formatTime: (ms: number) => string;
  readonly memory?: AlertMemory;
}

function judge(condition: AlertCondition, input: AlertInput, memory: RuleMemory | undefined): RuleResult {
  switch (condition.kind) {
    case 'price':
      return priceRule(condition, input, memory);
    case 'move':
      return moveRule(condition, input, memory);
    case 'liquidation':
      return liquidationRule(condition, input, memory);
    case 'margin':
      return marginRule(condition, input, memory);
    case 'funding':
      return fundingRule(condition, input, memory);
    case 'fill':
      return fillRule(condition, input, memory);
    case 'stop':
      return stopRule(condition, input, memory);
    case 'closed':
      return closedRule(condition, input, memory);
  }
}

interface Entry {
  readonly alert: Alert;
  readonly condition: string;
}

function quotesKey({ condition }: Alert): InstrumentKey | undefined {
  if (condition.kind !== 'price' && condition.kind !== 'move') return undefined;
  return instrumentKey(quotedInstrument(condition.instrument));
}

export function createAlertEngine({ clock, formatTime, memory }: AlertEngineOptions): AlertEngine {
  const restored = memory?.version === 1 ? memory : undefined;
  const fired: string[] = [...(restored?.fired ?? [])].slice(-REMEMBERED_FIRED_IDS);
  const firedIds = new Set(fired);
  let states: Record<string, AlertState> = { ...restored?.alerts };
  let active: Entry[] = [];
  /**
   * The price and move alerts by the instrument whose quotes they read: only they can move on a price, so a
   * tick is judged against its instrument's alerts alone, not against all of them.
   */
  let byQuotes = new Map<InstrumentKey, Entry[]>();
  let baselines = 0;

  function remember(id: string): void {
    fired.push(id);
    firedIds.add(id);
    while (fired.length > REMEMBERED_FIRED_IDS) firedIds.delete(fired.shift() ?? '');
  }

  function mayFire(alert: Alert, state: AlertState, id: string, now: number): boolean {
    if (firedIds.has(id)) return false;
    if (state.lastFiredAt === undefined) return true;
    if (alert.repeat.mode === 'once') return false;
    return now - state.lastFiredAt >= alert.repeat.cooldownSeconds * 1000;
  }

  function firedAlert(alert: Alert, happened: Happening, id: string, now: number, late: boolean): FiredAlert {
    const words = alertWords(happened, { late, seenAt: now, formatTime });
    return {
      id,
      alertId: alert.id,
      kind: alert.condition.kind,
      exchange: happened.exchange,
      ...('symbol' in happened ? { symbol: happened.symbol } : {}),
      ...words,
      at: happened.at,
      firedAt: now,
    };
  }

  function observeOne(
    { alert, condition }: Entry,
    input: AlertInput,
    late: boolean,
  ): AlertFiring | undefined {
    const previous = states[alert.id];
    const state = previous?.condition === condition ? previous : { condition };
    const result = judge(alert.condition, input, state.rule);
    const next: AlertState = { ...state, rule: result.memory };
    states[alert.id] = next;
    if (
      priceMemoryOf(state.rule)?.priceTime === undefined &&
      priceMemoryOf(next.rule)?.priceTime !== undefined
    )
      baselines++;
    const { happened } = result;
    if (happened === undefined) return undefined;
    const now = clock.now();
    const id = `${alert.id}:${happened.key}`;
    if (!mayFire(alert, next, id, now)) return undefined;
    remember(id);
    states[alert.id] = { ...next, lastFiredAt: now };
    return {
      alert,
      fired: firedAlert(alert, happened, id, now, late),
      pause: alert.repeat.mode === 'once',
    };
  }

  return {
    setAlerts(alerts) {
      active = alerts
        .filter((alert) => !alert.paused)
        .map((alert) => ({ alert, condition: JSON.stringify(alert.condition) }));
      byQuotes = new Map();
      for (const entry of active) {
        const key = quotesKey(entry.alert);
        if (key !== undefined) byQuotes.set(key, [...(byQuotes.get(key) ?? []), entry]);
      }
      // A paused alert forgets too: resumed, it takes a new baseline rather than fire on an old crossing.
      states = Object.fromEntries(
        active.flatMap(({ alert, condition }) => {
          const state = states[alert.id];
          return state?.condition === condition ? [[alert.id, state]] : [];
        }),
      );
    },

    observe(input, options) {
      const late = options?.late === true;
      const concerned = input.type === 'price' ? (byQuotes.get(instrumentKey(input)) ?? []) : active;
      return concerned.flatMap((entry) => observeOne(entry, input, late) ?? []);
    },

    baselinesTaken: () => baselines,

    memory: () => ({ version: 1, fired: [...fired], alerts: { ...states } }),

    wantedInstruments() {
      const wanted = new Map<string, AlertInstrument>();
      for (const { alert } of active) {
        const { condition } = alert;
        if (condition.kind !== 'price' && condition.kind !== 'move') continue;
        const instrument = quotedInstrument(condition.instrument);
        wanted.set(instrumentKey(instrument), instrument);
      }
      return [...wanted.values()];
    },

    priceCatchUps() {
      const catchUps = new Map<string, PriceCatchUp>();
      for (const { alert } of active) {
        const { condition } = alert;
        const since = priceMemoryOf(states[alert.id]?.rule)?.priceTime;
        if (condition.kind !== 'price' || since === undefined) continue;
        const instrument = quotedInstrument(condition.instrument);
        const mark = condition.source === 'mark';
        const key = `${instrumentKey(instrument)}:${mark ? 'mark' : 'last'}`;
        const earlier = catchUps.get(key);
        if (earlier === undefined || since < earlier.since) catchUps.set(key, { instrument, mark, since });
      }
      return [...catchUps.values()];
    },
  };
}
