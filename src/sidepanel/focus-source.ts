import type { FocusedInstrument } from '../contracts/chart-focus';

/** What the active chart tab follows, for useSyncExternalStore: the latest list, and word of a new one. */
export interface FocusSource {
  readonly current: () => readonly FocusedInstrument[];
  readonly subscribe: (listener: () => void) => () => void;
  readonly set: (instruments: readonly FocusedInstrument[]) => void;
}

export function createFocusSource(): FocusSource {
  let current: readonly FocusedInstrument[] = [];
  const listeners = new Set<() => void>();
  return {
    current: () => current,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set: (instruments) => {
      current = instruments;
      for (const listener of listeners) listener();
    },
  };
}
