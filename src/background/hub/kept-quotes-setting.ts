import { keptQuotes, type KeptQuotes } from '../../contracts/kept-quotes';
import { KEPT_QUOTES_ITEM } from '../../contracts/port-names';
import type { ExchangeId } from '../../exchanges';
import { storage } from '../../platform/storage';
import { withoutExchange } from './quote-keeper';

/** Writes what the quote keeper holds; the popup reads it back, checked, before the worker is up. */
export const saveKeptQuotes = (kept: KeptQuotes): Promise<void> => storage.setItem(KEPT_QUOTES_ITEM, kept);

/** Drops one exchange's kept quotes; what no longer reads as kept quotes goes too. */
export async function forgetKeptQuotes(exchange: ExchangeId): Promise<void> {
  const stored = keptQuotes.safeParse(await storage.getItem<unknown>(KEPT_QUOTES_ITEM));
  if (!stored.success) await storage.removeItem(KEPT_QUOTES_ITEM);
  else await saveKeptQuotes(withoutExchange(stored.data, exchange));
}
