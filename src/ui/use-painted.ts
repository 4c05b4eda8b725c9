import { useEffect, useState } from 'react';

/** Runs `run` once the page has painted; returns what cancels it (tests pass their own). */
export type AfterPaint = (run: () => void) => () => void;

/**
 * After the next paint: a frame callback runs just before the browser paints, and a task queued from
 * it runs after that paint.
 */
export const afterNextPaint: AfterPaint = (run) => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(run, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
};

/** False on the first render, true from the render after the page first painted. */
export function usePainted(afterPaint: AfterPaint = afterNextPaint): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(
    () =>
      afterPaint(() => {
        setPainted(true);
      }),
    [afterPaint],
  );
  return painted;
}
