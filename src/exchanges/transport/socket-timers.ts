import type { TimerHandle, Timers } from './timers';

/** Timers kept by name, so starting one again replaces it and a teardown clears them all. */
export class NamedTimers<Name extends string> {
  private readonly handles = new Map<Name, TimerHandle>();

  constructor(private readonly timers: Timers) {}

  start(name: Name, ms: number, run: () => void): void {
    this.clear(name);
    this.handles.set(
      name,
      this.timers.setTimeout(() => {
        this.handles.delete(name);
        run();
      }, ms),
    );
  }

  has(name: Name): boolean {
    return this.handles.has(name);
  }

  names(): Name[] {
    return [...this.handles.keys()];
  }

  clear(name: Name): void {
    const handle = this.handles.get(name);
    if (handle === undefined) return;
    this.timers.clearTimeout(handle);
    this.handles.delete(name);
  }

  clearAll(): void {
    for (const name of this.names()) this.clear(name);
  }
}
