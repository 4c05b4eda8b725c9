/**
 * Ms on the machine's clock, in Node as in a page: `performance.timeOrigin + performance.now()`, so a
 * time taken here and one taken in Chromium compare to a fraction of a millisecond.
 */
export const machineNow = (): number => performance.timeOrigin + performance.now();

/** The same clock, as an expression a page evaluates. */
export const PAGE_NOW = 'performance.timeOrigin + performance.now()';

export const sleep = (ms: number): Promise<void> =>
  new Promise((resolve) => {
    setTimeout(resolve, ms);
  });
