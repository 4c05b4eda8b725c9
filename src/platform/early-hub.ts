import { FIRST_WANT, HUB_PORT, KEPT_QUOTES_ITEM, PAGE_TAKEN } from '../contracts/port-names';
import { connectPort, type PortClient, type PortClientOptions } from './port-client';
import { storage } from './storage';

/**
 * The hub port as a popup or side panel opens it: from its first, small script, before React and the
 * contracts load, so the worker wakes and answers while the page's code is still loading.
 */
export interface EarlyHub {
  readonly client: PortClient;
  /** Hands every message held so far, then each one as it comes, to `onMessage`; called once. */
  take(onMessage: (raw: unknown) => void): void;
  /** What the worker kept of the quotes last shown, as it wrote it (session storage is Perch's alone). */
  readonly kept: Promise<unknown>;
}

/** Runs `run` after the tasks already queued (tests pass their own). */
export type Later = (run: () => void) => void;

const afterQueuedTasks: Later = (run) => {
  setTimeout(run, 0);
};

export function openEarlyHub(
  connect?: PortClientOptions['connect'],
  later: Later = afterQueuedTasks,
): EarlyHub {
  const held: unknown[] = [];
  let deliver: ((raw: unknown) => void) | undefined;
  let takenDue = false;
  /**
   * Tells the hub a message is applied, so it may send the next at once (PAGE_TAKEN): after the tasks
   * already queued, which hold the render React scheduled for the change (a store change renders in a
   * microtask), and once for any number of messages taken in one task.
   */
  const taken = () => {
    if (takenDue) return;
    takenDue = true;
    later(() => {
      takenDue = false;
      client.post(PAGE_TAKEN);
    });
  };
  const client = connectPort({
    name: HUB_PORT,
    ...(connect === undefined ? {} : { connect }),
    onMessage(raw) {
      if (deliver === undefined) {
        held.push(raw);
        return;
      }
      deliver(raw);
      taken();
    },
  });
  client.send(FIRST_WANT);
  const kept = storage.getItem<unknown>(KEPT_QUOTES_ITEM).catch(() => null);
  return {
    client,
    take(onMessage) {
      deliver = onMessage;
      const first = held.splice(0);
      for (const raw of first) onMessage(raw);
      if (first.length > 0) taken();
    },
    kept,
  };
}

/**
 * A page's first script: the hub port opens, then the app's code loads (`load`, a dynamic import, so
 * React and the contracts stay out of the first chunk) and starts with the port and what it brought.
 */
export function bootWithEarlyHub(
  container: HTMLElement,
  load: () => Promise<(container: HTMLElement, hub: EarlyHub) => void>,
): void {
  const hub = openEarlyHub();
  void load().then((start) => {
    start(container, hub);
  });
}
