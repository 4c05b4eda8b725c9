import type { PortfolioView } from '../contracts/portfolio';
import type { ConnectionStatus } from '../contracts/ports';
import { badgeView, type BadgeView } from './badge';
import type { AccountSource } from './hub/port-account';

export interface BadgeDeps {
  /** The hub's connection states, as they change. */
  readonly onStatus: (listener: (statuses: readonly ConnectionStatus[]) => void) => unknown;
  readonly portfolio: AccountSource;
  /** Whether the trader turned the PnL on (the settings' `toolbarPnl`). */
  readonly pnlSetting: {
    getValue(): Promise<boolean>;
    watch(listener: (on: boolean) => void): unknown;
  };
  readonly show: (view: BadgeView) => void;
}

/** The badge's PnL: the total unrealised PnL in USD; nothing while no position is open. */
export function badgePnl(view: PortfolioView): number | undefined {
  return view.positions.length === 0 ? undefined : view.totals.overallPnlUsd;
}

const sameView = (a: BadgeView | undefined, b: BadgeView) =>
  a !== undefined && a.text === b.text && a.color === b.color && a.title === b.title;

/**
 * Keeps the toolbar badge in step with the connection states and, while the setting is on, the total
 * unrealised PnL. PnL moves with every mark price, so the badge is redrawn only when what it shows
 * changes.
 */
export function startBadge(deps: BadgeDeps): void {
  let statuses: readonly ConnectionStatus[] = [];
  let pnlOn = false;
  let shown: BadgeView | undefined;

  function redraw(): void {
    const view = badgeView(statuses, pnlOn ? badgePnl(deps.portfolio.snapshot()) : undefined);
    if (sameView(shown, view)) return;
    shown = view;
    deps.show(view);
  }
  function setPnl(on: boolean): void {
    pnlOn = on;
    redraw();
  }

  deps.onStatus((next) => {
    statuses = next;
    redraw();
  });
  deps.portfolio.onChange((changes) => {
    if (pnlOn && changes.positions.length > 0) redraw();
  });
  let changed = false;
  deps.pnlSetting.watch((on) => {
    changed = true;
    setPnl(on);
  });
  // A change seen while the first read was on its way is newer than what that read returns.
  void deps.pnlSetting.getValue().then((on) => {
    if (!changed) setPnl(on);
  });
}
