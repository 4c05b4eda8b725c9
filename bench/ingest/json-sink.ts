import type { FrameSink } from './frame-sink';

/** The ceiling: JSON.parse of each frame and nothing else (the result is kept, so it is not optimised away). */
export function createJsonSink(): FrameSink {
  let delivered = 0;
  let last: unknown;
  return {
    push: (text) => {
      last = JSON.parse(text);
      delivered++;
    },
    delivered: () => (last === undefined ? 0 : delivered),
    bestBid: () => undefined,
  };
}
