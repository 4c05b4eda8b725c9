import type { UiSettings } from '../../contracts/settings';
import type { Clock, Timers } from '../../exchanges';
import type { MessageHandlers } from '../../platform/message-dispatch';
import { storage } from '../../platform/storage';
import type { Portfolio } from '../portfolio/portfolio-state';
import type { ExchangeRegistry } from '../services';
import type { SettingsStore } from '../settings/settings-store';
import { createDeadManSwitch, type DeadManRecord, type DeadManRecordStore } from './dead-man-switch';

/** storage.session: a woken worker knows what it last told OKX; a browser restart starts with nothing armed. */
export const deadManRecordItem = storage.defineItem<DeadManRecord | null>('session:deadManSwitch', {
  version: 1,
  fallback: null,
});

const sessionRecordStore: DeadManRecordStore = {
  load: () => deadManRecordItem.getValue(),
  save: (record) => deadManRecordItem.setValue(record),
};

export interface DeadManWorkerDeps {
  readonly registry: ExchangeRegistry;
  readonly portfolio: Pick<Portfolio, 'snapshot' | 'onChange'>;
  readonly settings: Pick<SettingsStore, 'read' | 'watch'>;
  readonly clock: Clock;
  readonly timers: Timers;
  /** The switch is on: the worker needs OKX's account streams to see which orders rest. */
  readonly needAccount: (need: boolean) => void;
  readonly store?: DeadManRecordStore;
}

export interface DeadManWorker {
  /** An alarm or a wake: renews the timer if it is due. */
  readonly tick: () => void;
  readonly handler: MessageHandlers['deadManSwitchStatus'];
}

/** Only OKX gives ordinary accounts a cancel-all-after timer; Bybit's orders never arm it. */
const okxOrdersRest = (portfolio: DeadManWorkerDeps['portfolio']) =>
  portfolio.snapshot().orders.some((order) => order.exchange === 'okx');

/** Runs the dead-man switch in the worker: the setting and OKX's resting orders in, OKX's timer out. */
export function startDeadManWorker(deps: DeadManWorkerDeps): DeadManWorker {
  const { portfolio, registry } = deps;
  const deadMan = createDeadManSwitch({
    clock: deps.clock,
    timers: deps.timers,
    store: deps.store ?? sessionRecordStore,
    cancelAllAfter: async (seconds) => {
      const okx = await registry.exchange('okx');
      if (okx === undefined)
        throw new Error('OKX is turned off in Perch, so the dead-man switch cannot reach it.');
      return okx.trade.cancelAllAfter(seconds);
    },
  });
  const useSetting = ({ deadManSwitch }: Pick<UiSettings, 'deadManSwitch'>) => {
    deps.needAccount(deadManSwitch.enabled);
    deadMan.update({ setting: deadManSwitch, ordersResting: okxOrdersRest(portfolio) });
  };
  portfolio.onChange((changes) => {
    if (changes.orders.includes('okx')) deadMan.update({ ordersResting: okxOrdersRest(portfolio) });
  });
  deps.settings.watch(useSetting);
  void deadMan.start().then(async () => {
    useSetting(await deps.settings.read());
  });
  return {
    tick: () => {
      deadMan.tick();
    },
    handler: () => Promise.resolve(deadMan.view()),
  };
}
