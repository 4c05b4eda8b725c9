import type { StreamEvent } from '../model';
import type { GroupListener } from '../transport/socket-group';
import { contractsInCoin } from './map';
import type { OkxInstruments } from './instruments';

/**
 * OKX position pushes count contracts only (docs/protocol.md "OKX pushes"); a position's size in coin needs its
 * contract value from the instrument list. Fills it in on each push whose list has arrived (the first
 * push of a type asks for that list), so pushed positions carry the same size in coin as REST ones and
 * their PnL percentage and exposure can be worked out.
 */
export function withPositionSizesInCoin<Key extends string>(
  onStreamEvent: GroupListener<Key>['onStreamEvent'],
  instruments: Pick<OkxInstruments, 'known'>,
): GroupListener<Key>['onStreamEvent'] {
  return (key, event) => {
    onStreamEvent(key, withSizeInCoin(event, instruments));
  };
}

function withSizeInCoin(event: StreamEvent, instruments: Pick<OkxInstruments, 'known'>): StreamEvent {
  if (event.kind !== 'position' || event.sizeCoin !== undefined) return event;
  const instrument = instruments.known(event.category, event.symbol);
  if (instrument === undefined) return event;
  return { ...event, sizeCoin: contractsInCoin(event.sizeContracts, instrument, event.markPrice) };
}
