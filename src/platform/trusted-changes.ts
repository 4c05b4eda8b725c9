import { TRUSTED_CHANGES_CHANNEL, trustedChange, type TrustedChange } from './trusted-store-format';

type ChangeListener = (change: TrustedChange) => void;

/** How a context learns of writes to the trusted store: its own, and those of the extension's other contexts. */
export interface TrustedChanges {
  /** Tells this context's listeners of `change` at once, and every other extension context. */
  publish(change: TrustedChange): void;
  /** Calls `listener` with each change of `key`; returns the function that stops it. */
  subscribe(key: string, listener: ChangeListener): () => void;
}

/**
 * Changes over a BroadcastChannel. IndexedDB has no change events, and a channel is scoped to its origin:
 * the worker and the extension pages share one, a content script (in the page's origin) is never on it.
 * A channel does not hear its own messages, so this context's listeners are called directly.
 */
export function broadcastChanges(name = TRUSTED_CHANGES_CHANNEL): TrustedChanges {
  const listeners = new Map<string, Set<ChangeListener>>();
  let channel: BroadcastChannel | undefined;

  function deliver(change: TrustedChange): void {
    for (const listener of [...(listeners.get(change.key) ?? [])]) {
      try {
        listener(change);
      } catch (error) {
        console.error(`Perch's listener for ${change.key} failed:`, error);
      }
    }
  }

  function open(): BroadcastChannel {
    if (channel !== undefined) return channel;
    channel = new BroadcastChannel(name);
    channel.onmessage = (event: MessageEvent) => {
      const parsed = trustedChange.safeParse(event.data);
      if (parsed.success) deliver(parsed.data);
      else console.warn('Perch ignored a storage change it cannot read:', event.data);
    };
    return channel;
  }

  return {
    publish(change) {
      deliver(change);
      open().postMessage(change);
    },
    subscribe(key, listener) {
      open();
      const forKey = listeners.get(key) ?? new Set();
      listeners.set(key, forKey);
      forKey.add(listener);
      return () => {
        forKey.delete(listener);
      };
    },
  };
}
