import type { PortfolioView } from '../../contracts/portfolio';
import type { PortAccount, WantedInstrument } from '../../contracts/ports';
import type { ExchangeId } from '../../exchanges';
import type { AccountView, PortfolioChanges } from '../portfolio/portfolio-state';
import { instrumentKey, type InstrumentKey } from '../../contracts/instrument-key';

/** The read side of the portfolio that ports are served from. */
export interface AccountSource {
  snapshot(): PortfolioView;
  /** Only the given sections of the account, built alone. */
  accountView(sections: ReadonlySet<AccountSection>): AccountView;
  /** Called synchronously after every change. Returns the function that stops it. */
  onChange(listener: (changes: PortfolioChanges) => void): () => void;
}

export type AccountSection = keyof PortAccount;
const ALL_SECTIONS: ReadonlySet<AccountSection> = new Set([
  'positions',
  'balances',
  'orders',
  'totals',
  'freshness',
]);

/**
 * How much of the account one port may see: `whole` for an extension page that asked for it, `own` for a
 * content script (the positions on the instruments it follows, and their exchanges' freshness), `none`
 * for a page that did not ask.
 */
export type AccountReach =
  | { readonly kind: 'whole' }
  | {
      readonly kind: 'own';
      readonly instruments: ReadonlySet<InstrumentKey>;
      readonly exchanges: ReadonlySet<ExchangeId>;
    }
  | { readonly kind: 'none' };

/** A content script's reach: what it follows, keyed once when it asks, not again on every change. */
export function ownReach(wants: readonly WantedInstrument[]): AccountReach {
  return {
    kind: 'own',
    instruments: new Set(wants.map(instrumentKey)),
    exchanges: new Set(wants.map(({ exchange }) => exchange)),
  };
}

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
  if (changes.positions.some((key) => reach.instruments.has(key))) touched.add('positions');
  if (changes.freshness.some((exchange) => reach.exchanges.has(exchange))) touched.add('freshness');
  return touched;
}

/** The given sections of the account, limited to what `reach` may see; undefined when nothing is. */
export function accountSlice(
  source: Pick<AccountSource, 'accountView'>,
  reach: AccountReach,
  sections: ReadonlySet<AccountSection> = ALL_SECTIONS,
): PortAccount | undefined {
  if (reach.kind === 'none') return undefined;
  if (reach.kind === 'whole') return source.accountView(sections);
  const slice: PortAccount = {};
  const view = source.accountView(
    new Set([...sections].filter((section) => section === 'positions' || section === 'freshness')),
  );
  if (view.positions !== undefined)
    slice.positions = view.positions.filter((position) => reach.instruments.has(instrumentKey(position)));
  if (view.freshness !== undefined)
    slice.freshness = view.freshness.filter(({ exchange }) => reach.exchanges.has(exchange));
  return slice;
}
