/**
 * Runs tasks one at a time, in the order they were given; a failed task does not stop the next. For
 * read-then-write changes of one stored item: two pages saving at once must not lose a write.
 */
export function createSerialQueue(): <T>(task: () => Promise<T>) => Promise<T> {
  let queue: Promise<void> = Promise.resolve();
  return <T>(task: () => Promise<T>): Promise<T> => {
    const run = queue.then(task, task);
    queue = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  };
}
