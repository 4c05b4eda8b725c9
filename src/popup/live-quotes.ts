import { HEADLINE_INSTRUMENTS, HUB_PORT, hubPortMessage } from '../contracts/ports';
import { connectPort, type PortClientOptions } from '../platform/port-client';
import type { PopupStore } from './store';

/**
 * Keeps the popup's prices moving: the headline quotes and the account over the hub port, which
 * reconnects by itself when the worker was stopped.
 */
export function followLiveQuotes(store: PopupStore, connect?: PortClientOptions['connect']): () => void {
  const client = connectPort({
    name: HUB_PORT,
    ...(connect === undefined ? {} : { connect }),
    onMessage(raw) {
      const message = hubPortMessage.safeParse(raw);
      if (!message.success || message.data.type === 'error') return;
      const { quotes, account } = message.data;
      store.getState().applyQuotes(quotes);
      if (account !== undefined) store.getState().applyAccount(account);
    },
  });
  client.send({ type: 'want', quotes: HEADLINE_INSTRUMENTS, account: true });
  return () => {
    client.close();
  };
}
