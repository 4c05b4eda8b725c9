import type { MessageHandlers } from '../../platform/message-dispatch';
import { readWatchlist } from '../portfolio/watchlist-setting';

export function createGetWatchlistHandler(): MessageHandlers['getWatchlist'] {
  return async () => ({ instruments: await readWatchlist() });
}
