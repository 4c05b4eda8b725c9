import { PerchError } from '../../contracts';
import { INSTRUMENT_SEARCH_MAX } from '../../contracts/instruments';
import { EXCHANGE_NAMES } from '../../contracts/vocabulary';
import type { MessageHandlers } from '../../platform/message-dispatch';
import type { InstrumentLists } from '../market/instrument-lists';
import { searchInstrumentLists, SEARCHED_KINDS } from '../market/instrument-search';
import type { ExchangeRegistry } from '../services';
import { errorMessage } from '../../exchanges';

/** Searches the instrument lists of the exchange the trader's profile connects to (kept for an hour). */
export function createSearchInstrumentsHandler(deps: {
  readonly registry: ExchangeRegistry;
  readonly lists: InstrumentLists;
}): MessageHandlers['searchInstruments'] {
  return async ({ exchange: id, query, kind }) => {
    const name = EXCHANGE_NAMES[id];
    const exchange = await deps.registry.exchange(id);
    if (exchange === undefined)
      throw new PerchError(
        'ExchangeNotConnectedError',
        `${name} is turned off, so Perch cannot search its instruments. Turn it on in Options.`,
      );
    const kinds = kind === undefined ? SEARCHED_KINDS : [kind];
    const lists = await Promise.all(kinds.map((each) => deps.lists.list(exchange, each))).catch(
      (error: unknown) => {
        const why = errorMessage(error);
        throw new PerchError(
          'ExchangeNotConnectedError',
          `${name} did not answer: ${why}. Check your connection and search again.`,
        );
      },
    );
    return { instruments: searchInstrumentLists(lists, query, INSTRUMENT_SEARCH_MAX) };
  };
}
