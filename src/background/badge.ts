import { EXCHANGE_NAMES } from '../contracts/vocabulary';
import type { ConnectionStatus } from '../contracts/ports';
import type { RiskSettings, UiSettings } from '../contracts/settings';
import { browser } from '../platform/browser';
import type { SettingsStore } from './settings/settings-store';

/** One part of the settings, read and watched. */
export interface SettingSource<T> {
  getValue(): Promise<T>;
  watch(listener: (value: T) => void): unknown;
}

/**
 * Read through the settings store, which parses what is stored: anything a page wrote there that does not
 * parse reads as the defaults, so the toolbar figure off, and cannot keep the sockets open.
 */
function settingOf<T>(
  settings: Pick<SettingsStore, 'read' | 'watch'>,
  pick: (current: UiSettings) => T,
): SettingSource<T> {
  return {
    getValue: async () => pick(await settings.read()),
    watch: (listener) => {
      settings.watch((current) => {
        listener(pick(current));
      });
    },
  };
}

/** Whether the trader turned the toolbar figure on (the settings' `toolbarPnl`, off by default). */
export const toolbarPnlSetting = (settings: Pick<SettingsStore, 'read' | 'watch'>) =>
  settingOf(settings, (current) => current.toolbarPnl);

/** The risk settings that say which figure the toolbar shows, and its thresholds; undefined while off. */
export const toolbarFigureSetting = (settings: Pick<SettingsStore, 'read' | 'watch'>) =>
  settingOf(settings, (current): RiskSettings | undefined => (current.toolbarPnl ? current.risk : undefined));

export interface BadgeView {
  readonly text: string;
  readonly color: string;
  readonly title: string;
}

export const COLORS = { live: '#1a7f37', partial: '#bf8700', down: '#cf222e', idle: '#6e7781' } as const;

/** What the badge's text shows when the trader turned a figure on; `color` overrides the connection's. */
export interface BadgeFigure {
  readonly text: string;
  readonly color?: string;
  /** Added to the tooltip: what the figure is of. */
  readonly about?: string;
}

/** Units from small to large; a value that would need four digits moves to the next one. */
const PNL_UNITS = [
  ['', 1],
  ['k', 1e3],
  ['M', 1e6],
  ['B', 1e9],
] as const;

/** `size` in one unit: one decimal below 10 of a unit (1.2k), judged before rounding (9.96k reads 10k). */
function inUnit(size: number, [unit, scale]: (typeof PNL_UNITS)[number]): string {
  const value = size / scale;
  return (unit !== '' && value < 9.95 ? value.toFixed(1) : value.toFixed(0)) + unit;
}

/** A PnL in at most five characters, sign included, as the badge has room for: +12, -1.2k, +35k, -1.3M. */
export function compactPnl(pnl: number): string {
  const size = Math.abs(pnl);
  const text =
    PNL_UNITS.map((unit) => inUnit(size, unit)).find((candidate) => parseFloat(candidate) < 1000) ??
    inUnit(size, PNL_UNITS[3]);
  return `${pnl < 0 ? '-' : '+'}${text}`;
}

function describe(status: ConnectionStatus): string {
  const prices = status.stale ? 'stale (prices over REST)' : status.state;
  const state = status.account === 'down' ? `${prices}, account down` : prices;
  return `${EXCHANGE_NAMES[status.exchange]}: ${state}${status.lastError === undefined ? '' : ` (${status.lastError})`}`;
}

/**
 * The badge at a glance: green when every exchange in use is live, amber when some are down or stale,
 * red when none is; nothing while no data is needed. With a figure on, the text is that figure (the
 * total unrealised PnL, or the lowest liquidation distance in the colour of its risk).
 */
export function badgeView(statuses: readonly ConnectionStatus[], figure: BadgeFigure | undefined): BadgeView {
  const used = statuses.filter((status) => status.state !== 'idle');
  const healthy = used.filter(
    (status) => status.state === 'live' && !status.stale && status.account !== 'down',
  );
  const level =
    used.length === 0
      ? 'idle'
      : healthy.length === used.length
        ? 'live'
        : healthy.length > 0
          ? 'partial'
          : 'down';
  const marks = { idle: '', live: '', partial: '!', down: '×' } as const;
  const connections =
    used.length === 0 ? 'Perch: no live data needed right now' : `Perch — ${used.map(describe).join('; ')}`;
  return {
    text: figure === undefined ? marks[level] : figure.text,
    color: figure?.color ?? COLORS[level],
    title: figure?.about === undefined ? connections : `${connections}. ${figure.about}`,
  };
}

/** Shows `view` on the toolbar button. */
export async function showBadge(view: BadgeView): Promise<void> {
  await browser.action.setBadgeBackgroundColor({ color: view.color });
  await browser.action.setBadgeText({ text: view.text });
  await browser.action.setTitle({ title: view.title });
}
