import { PerchError } from '../../contracts';
import type { MessageHandlers } from '../../platform/message-dispatch';
import { validateWatchlist, watchlistItem } from '../portfolio/watchlist-setting';

/** Saves the whole watchlist, or nothing: a list with any bad entry is refused with every problem named. */
export function createSaveWatchlistHandler(): MessageHandlers['saveWatchlist'] {
  return async ({ instruments }) => {
    const checked = validateWatchlist(instruments);
    if (!checked.ok) {
      throw new PerchError(
        'InvalidRequestError',
        `The watchlist was not saved. ${checked.problems.join(' ')}`,
      );
    }
    await watchlistItem.setValue(checked.entries);
    return { instruments: checked.entries };
  };
}
