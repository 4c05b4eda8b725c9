import { percentile } from '../report/stats';
import type { GeneratedBookStream } from './book-generator';

/** How big a stream's updates are, and how often they move what a client shows. */
export interface UpdateSizes {
  /** Changed levels per update, both sides counted. */
  readonly meanLevels: number;
  readonly minLevels: number;
  readonly medianLevels: number;
  readonly p90Levels: number;
  readonly maxLevels: number;
  /** Updates that change the best 25 levels of either side (price or size), over all updates. */
  readonly topChangeShare: number;
}

/**
 * The update sizes of a stream. Whether an update changed the best 25 is read from its checksum (the
 * CRC-32 of those 25 levels a side) against the one before it; a CRC that repeats for a changed top is
 * one chance in four billion.
 */
export function updateSizes(stream: GeneratedBookStream): UpdateSizes {
  const levels = stream.updates.map((update) => update.bids.length + update.asks.length);
  let topChanges = 0;
  let previous = stream.snapshot.checksum;
  for (const { checksum } of stream.updates) {
    if (checksum !== previous) topChanges++;
    previous = checksum;
  }
  const count = levels.length;
  return {
    meanLevels: count === 0 ? Number.NaN : levels.reduce((sum, value) => sum + value, 0) / count,
    minLevels: percentile(levels, 0),
    medianLevels: percentile(levels, 50),
    p90Levels: percentile(levels, 90),
    maxLevels: percentile(levels, 100),
    topChangeShare: count === 0 ? Number.NaN : topChanges / count,
  };
}
