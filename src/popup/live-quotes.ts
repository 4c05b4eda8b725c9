import { HEADLINE_INSTRUMENTS, HUB_PORT, hubPortMessage } from '../contracts/ports';
import { connectPort, type PortClientOptions } from '../platform/port-client';
import type { PopupStore } from './store';

/**
 * Keeps the popup's prices moving: the headline quotes over the hub port, which reconnects by itself
 * when the worker was stopped.
 */
export function followLiveQuotes(store: PopupStore, connect?: PortClientOptions['connect']): () => void {
  const client = connectPort({
    name: HUB_PORT,
    ...(connect === undefined ? {} : { connect }),
    onMessage(raw) {
      const message = hubPortMessage.safeParse(raw);
      if (message.success && message.data.type !== 'error') store.getState().applyQuotes(message.data.quotes);
    },
  });
  client.send({ type: 'want', quotes: HEADLINE_INSTRUMENTS });
  return () => {
    client.close();
  };
}
