import type { HubPortMessage } from '../../contracts/ports';
import type { PortLike } from './hub-port-session';

/** The background's end of a port, driven by a test playing the page. */
export function memoryPort() {
  const messageListeners: ((message: unknown) => void)[] = [];
  const disconnectListeners: (() => void)[] = [];
  const received: HubPortMessage[] = [];
  let connected = true;
  const port: PortLike = {
    postMessage(message) {
      if (!connected) throw new Error('Attempting to use a disconnected port object');
      received.push(message);
    },
    disconnect() {
      connected = false;
    },
    onMessage: { addListener: (listener) => messageListeners.push(listener) },
    onDisconnect: { addListener: (listener) => disconnectListeners.push(listener) },
  };
  return {
    port,
    received,
    connected: () => connected,
    /** The page sends `message`. */
    send(message: unknown) {
      for (const listener of messageListeners) listener(message);
    },
    /** The page goes away. */
    close() {
      connected = false;
      for (const listener of disconnectListeners) listener();
    },
  };
}
