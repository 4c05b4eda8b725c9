import type { DeadManSwitchView } from '../../contracts/dead-man-switch';
import type { DeadManSwitchSettings } from '../../contracts/settings';
import { errorMessage, type Clock, type TimerHandle, type Timers } from '../../exchanges';

/** OKX allows one cancel-all-after call per second (docs/protocol.md "Cancel all after"). */
export const MIN_CALL_GAP_MS = 1_000;

/** What the worker last told OKX, kept in session storage so a woken worker carries on from it. */
export interface DeadManRecord {
  /** When OKX cancels the orders unless renewed; undefined while disarmed. */
  readonly armedUntil?: number;
  /** When it was last armed or renewed, and for how long. */
  readonly armedAt?: number;
  readonly armedSeconds?: number;
  /** The last call of either kind, sent or failed: the one-per-second limit counts from it. */
  readonly lastCallAt?: number;
}

export interface DeadManRecordStore {
  load(): Promise<DeadManRecord | null>;
  save(record: DeadManRecord): Promise<void>;
}

export interface DeadManSwitchDeps {
  readonly clock: Clock;
  readonly timers: Timers;
  /** OKX's cancel-all-after for the account; 0 disarms it. */
  readonly cancelAllAfter: (timeoutSeconds: number) => Promise<{ readonly armedUntil: number | undefined }>;
  readonly store: DeadManRecordStore;
  readonly onChange?: (view: DeadManSwitchView) => void;
}

/** What the switch decides from: the trader's setting and whether OKX holds resting orders of theirs. */
export interface DeadManInputs {
  readonly setting: DeadManSwitchSettings;
  readonly ordersResting: boolean;
}

export interface DeadManSwitch {
  /** Loads what the last worker left; nothing is sent before, so a woken worker still disarms an old timer. */
  start(): Promise<void>;
  /** The setting or the resting orders changed; nothing is sent until the setting is known. */
  update(inputs: Partial<DeadManInputs>): void;
  /** A wake or an alarm: renews if due (a timer may have been lost with a suspended worker). */
  tick(): void;
  view(): DeadManSwitchView;
}

/** Renewed at a third of the window, so two renewals may fail before OKX's timer runs out. */
export const renewEveryMs = (timeoutSeconds: number) =>
  Math.max(MIN_CALL_GAP_MS, (timeoutSeconds * 1_000) / 3);

/**
 * The dead-man switch (docs/protocol.md "Cancel all after"): while it is on and the account has resting
 * orders, OKX's timer is kept armed, renewed every third of the timeout; it is disarmed (timeOut 0) when
 * turned off or when no order rests. One call at a time, never two within a second.
 */
export function createDeadManSwitch(deps: DeadManSwitchDeps): DeadManSwitch {
  const { clock, timers } = deps;
  let inputs: Partial<DeadManInputs> = {};
  let loaded = false;
  let record: DeadManRecord = {};
  let problem: string | undefined;
  /** After a failed call, nothing is tried again before this. */
  let retryAt = 0;
  let inFlight = false;
  let timer: TimerHandle;

  const armed = () => record.armedUntil !== undefined && record.armedUntil > clock.now();

  function view(): DeadManSwitchView {
    const { setting } = inputs;
    return {
      enabled: setting?.enabled ?? false,
      timeoutSeconds: setting?.timeoutSeconds ?? 0,
      ...(armed() ? { armedUntil: record.armedUntil } : {}),
      ...(problem === undefined ? {} : { problem }),
    };
  }

  /** The call wanted now and the earliest it may go, or undefined when OKX is as it should be. */
  function nextCall(): { readonly seconds: number; readonly at: number } | undefined {
    const { setting, ordersResting = false } = inputs;
    if (!loaded || setting === undefined) return undefined;
    const earliest = Math.max(retryAt, (record.lastCallAt ?? -Infinity) + MIN_CALL_GAP_MS);
    if (setting.enabled && ordersResting) {
      const renewing = armed() && record.armedSeconds === setting.timeoutSeconds;
      const due = renewing ? (record.armedAt ?? 0) + renewEveryMs(setting.timeoutSeconds) : 0;
      return { seconds: setting.timeoutSeconds, at: Math.max(due, earliest) };
    }
    return armed() ? { seconds: 0, at: earliest } : undefined;
  }

  function schedule(): void {
    if (timer !== undefined) timers.clearTimeout(timer);
    timer = undefined;
    if (inFlight) return;
    const call = nextCall();
    if (call === undefined) return;
    const wait = call.at - clock.now();
    if (wait <= 0) void send(call.seconds);
    else timer = timers.setTimeout(schedule, wait);
  }

  async function send(seconds: number): Promise<void> {
    inFlight = true;
    const sentAt = clock.now();
    record = { ...record, lastCallAt: sentAt };
    try {
      const { armedUntil } = await deps.cancelAllAfter(seconds);
      record =
        seconds === 0 || armedUntil === undefined
          ? { lastCallAt: sentAt }
          : { armedUntil, armedAt: sentAt, armedSeconds: seconds, lastCallAt: sentAt };
      problem = undefined;
      retryAt = 0;
    } catch (error) {
      problem = errorMessage(error);
      retryAt = sentAt + renewEveryMs(seconds === 0 ? (record.armedSeconds ?? 0) : seconds);
    } finally {
      inFlight = false;
    }
    // Saving touches an extension API, which also tells the browser the worker is still busy.
    await deps.store.save(record);
    deps.onChange?.(view());
    schedule();
  }

  return {
    async start() {
      record = (await deps.store.load()) ?? {};
      loaded = true;
      deps.onChange?.(view());
      schedule();
    },
    update(next) {
      const before = view();
      inputs = { ...inputs, ...next };
      if (JSON.stringify(before) !== JSON.stringify(view())) deps.onChange?.(view());
      schedule();
    },
    tick: schedule,
    view,
  };
}
