/**
 * Holds the ports' sends while one push is handled: a mark tick re-prices the positions (an account
 * change, told first, by the portfolio) and then moves the quote; sent as they came, they were two
 * messages, and the second waited out the port's pacing behind the first. With the batch they go out
 * together once the push is handled, in one message per port.
 */
export function createPushBatch() {
  let open = false;
  const held = new Set<() => void>();
  return {
    /** Handles one push: the sends it asks for run after it, each once. */
    run: (push: () => void): void => {
      if (open) {
        push();
        return;
      }
      open = true;
      try {
        push();
      } finally {
        open = false;
        const sends = [...held];
        held.clear();
        for (const send of sends) send();
      }
    },
    /** A port's send: at once outside a push, after it inside one. */
    send: (send: () => void): void => {
      if (open) held.add(send);
      else send();
    },
  };
}

export type PushBatch = ReturnType<typeof createPushBatch>;
