import type { PortfolioView } from '../../contracts/portfolio';
import type { PortAccount, WantedInstrument } from '../../contracts/ports';
import type { ExchangeId } from '../../exchanges';
import type { PortfolioChanges } from '../portfolio/portfolio-state';
import { instrumentKey } from '../../contracts/instrument-key';

/** The read side of the portfolio that ports are served from. */
export interface AccountSource {
  snapshot(): PortfolioView;
  /** Called synchronously after every change. Returns the function that stops it. */
  onChange(listener: (changes: PortfolioChanges) => void): () => void;
}

export type AccountSection = keyof PortAccount;
const ALL_SECTIONS: readonly AccountSection[] = ['positions', 'balances', 'orders', 'totals', 'freshness'];

/**
 * How much of the account one port may see: `whole` for an extension page that asked for it, `own` for a
 * content script (the positions on the instruments it follows, and their exchanges' freshness), `none`
 * for a page that did not ask.
 */
export type AccountReach =
  | { readonly kind: 'whole' }
  | { readonly kind: 'own'; readonly instruments: readonly WantedInstrument[] }
  | { readonly kind: 'none' };

/** The sections of the account a change touched, as far as `reach` can see them. */
export function touchedSections(reach: AccountReach, changes: PortfolioChanges): Set<AccountSection> {
  const touched = new Set<AccountSection>();
  if (reach.kind === 'none') return touched;
  if (reach.kind === 'whole') {
    if (changes.positions.length > 0) touched.add('positions').add('totals');
    // The totals sum the accounts as well as the positions.
    if (changes.balances.length > 0) touched.add('balances').add('totals');
    if (changes.orders.length > 0) touched.add('orders');
    if (changes.freshness.length > 0) touched.add('freshness');
    return touched;
  }
  const ownInstruments = new Set(reach.instruments.map(instrumentKey));
  const ownExchanges = new Set(reach.instruments.map(({ exchange }) => exchange));
  if (changes.positions.some((key) => ownInstruments.has(key))) touched.add('positions');
  if (changes.freshness.some((exchange) => ownExchanges.has(exchange))) touched.add('freshness');
  return touched;
}

/** The given sections of the account, limited to what `reach` may see; undefined when nothing is. */
export function accountSlice(
  view: PortfolioView,
  reach: AccountReach,
  sections: Iterable<AccountSection> = ALL_SECTIONS,
): PortAccount | undefined {
  if (reach.kind === 'none') return undefined;
  const wanted = new Set(sections);
  const slice: PortAccount = {};
  if (reach.kind === 'whole') {
    if (wanted.has('positions')) slice.positions = view.positions;
    if (wanted.has('balances')) slice.balances = view.balances;
    if (wanted.has('orders')) slice.orders = view.orders;
    if (wanted.has('totals')) slice.totals = view.totals;
    if (wanted.has('freshness')) slice.freshness = view.freshness;
    return slice;
  }
  const ownInstruments = new Set(reach.instruments.map(instrumentKey));
  const ownExchanges = new Set<ExchangeId>(reach.instruments.map(({ exchange }) => exchange));
  if (wanted.has('positions'))
    slice.positions = view.positions.filter((position) => ownInstruments.has(instrumentKey(position)));
  if (wanted.has('freshness'))
    slice.freshness = view.freshness.filter(({ exchange }) => ownExchanges.has(exchange));
  return slice;
}
