import type { ConnectionStatus } from '../contracts/ports';
import type { RiskSettings } from '../contracts/settings';
import { badgeView, type BadgeView, type SettingSource } from './badge';
import { toolbarFigure } from './badge-figures';
import type { AccountSource } from './hub/port-account';

export interface BadgeDeps {
  /** The hub's connection states, as they change. */
  readonly onStatus: (listener: (statuses: readonly ConnectionStatus[]) => void) => unknown;
  readonly portfolio: AccountSource;
  /** Which figure the trader turned on, and its thresholds; undefined while off (badge.ts toolbarFigureSetting). */
  readonly figureSetting: SettingSource<RiskSettings | undefined>;
  readonly show: (view: BadgeView) => void;
}

const sameView = (a: BadgeView | undefined, b: BadgeView) =>
  a !== undefined && a.text === b.text && a.color === b.color && a.title === b.title;

/**
 * Keeps the toolbar badge in step with the connection states and, while the setting is on, the figure the
 * trader chose (the total unrealised PnL or the lowest liquidation distance). Both move with every mark
 * price, so the badge is redrawn only when what it shows changes.
 */
export function startBadge(deps: BadgeDeps): void {
  let statuses: readonly ConnectionStatus[] = [];
  let figureOn: RiskSettings | undefined;
  let shown: BadgeView | undefined;

  function redraw(): void {
    const figure = figureOn === undefined ? undefined : toolbarFigure(deps.portfolio.snapshot(), figureOn);
    const view = badgeView(statuses, figure);
    if (sameView(shown, view)) return;
    shown = view;
    deps.show(view);
  }
  function setFigure(choice: RiskSettings | undefined): void {
    figureOn = choice;
    redraw();
  }

  deps.onStatus((next) => {
    statuses = next;
    redraw();
  });
  deps.portfolio.onChange((changes) => {
    if (figureOn !== undefined && changes.positions.length > 0) redraw();
  });
  let changed = false;
  deps.figureSetting.watch((choice) => {
    changed = true;
    setFigure(choice);
  });
  // A change seen while the first read was on its way is newer than what that read returns.
  void deps.figureSetting.getValue().then((choice) => {
    if (!changed) setFigure(choice);
  });
}
