import type { Figure } from '../report/figures';
import { round2 } from '../report/stats';
import type { ReferenceRace } from './reference-race';
import type { RatioSpread } from '../report/rounds';
import type { UpdateSizes } from './update-sizes';

/** One stream of one exchange: `okx`, `okx_batched`, `bybit`, `bybit_batched`. */
export interface StreamReport {
  readonly id: string;
  readonly label: string;
  readonly sizes: UpdateSizes;
  readonly race: ReferenceRace;
}

/** The stream's update sizes, and Perch beside ccxt's order book and `JSON.parse` in the same rounds. */
export function referenceFigures({ id, label, sizes, race }: StreamReport): Figure[] {
  return [
    {
      id: `books.${id}.levels_per_update`,
      label: `${label}: changed levels per update, mean`,
      value: sizes.meanLevels,
      unit: 'levels',
      note: `both sides; min ${sizes.minLevels}, median ${sizes.medianLevels}, p90 ${sizes.p90Levels}, max ${sizes.maxLevels}`,
    },
    {
      id: `books.${id}.top25_change_share`,
      label: `${label}: updates that change the best 25 levels`,
      value: round2(sizes.topChangeShare * 100),
      unit: '%',
      note: 'an update whose top-25 checksum differs from the one before it',
    },
    {
      id: `books.${id}.race.perch`,
      label: `${label}: Perch's book code, same rounds as the references`,
      value: race.perchUpdatesPerSecond,
      unit: 'updates/s',
      note: 'every check (OKX: seqId and checksum; Bybit: update id) and the event of what changed in the best 25',
    },
    {
      id: `books.${id}.race.ccxt_book`,
      label: `${label}: ccxt's order book, same updates as deltas`,
      value: race.ccxtUpdatesPerSecond,
      unit: 'updates/s',
      note: 'the OrderBook its watchOrderBook keeps, prices and sizes parsed as its handlers do; no checksum, no event',
    },
    {
      id: `books.${id}.race.json_parse`,
      label: `${label}: JSON.parse of the same frames`,
      value: race.jsonParseFramesPerSecond,
      unit: 'frames/s',
    },
  ];
}

/** The median of the per-round ratios under its name, its spread beside it as `.min` and `.max`. */
export function referenceRatios({ id, race }: StreamReport): Record<string, number> {
  return {
    ...spread(`books.${id}.perch/ccxt_book`, race.perchOverCcxt),
    ...spread(`books.${id}.perch/JSON.parse`, race.perchOverJsonParse),
  };
}

function spread(name: string, { median, min, max }: RatioSpread): Record<string, number> {
  return { [name]: round2(median), [`${name}.min`]: round2(min), [`${name}.max`]: round2(max) };
}
