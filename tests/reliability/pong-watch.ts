import WebSocket from 'ws';
import type { WebSocketFactory } from '../../src/exchanges/transport/socket-types';

const isPing = (frame: unknown) => frame === 'ping' || frame === JSON.stringify({ op: 'ping' });
const isPong = (data: unknown) => String(data) === 'pong' || String(data).includes('"pong"');

/**
 * Node sockets that know whether a ping is still waiting for its pong. On fake time a test moves the
 * clock a second at a go and waits for the pongs between steps, so a heartbeat never times out only
 * because real I/O had no turn (waiting on each step instead costs minutes over hours of simulator time).
 */
export function pongWatch() {
  const waiting = new Map<object, number>();
  const wakers: (() => void)[] = [];
  const quiet = () => [...waiting.values()].every((count) => count === 0);
  const wake = () => {
    if (!quiet()) return;
    for (const waker of wakers.splice(0)) waker();
  };

  const createSocket: WebSocketFactory = (url) => {
    const socket = new WebSocket(url);
    waiting.set(socket, 0);
    const send = socket.send.bind(socket);
    socket.send = (data: string) => {
      send(data);
      if (isPing(data)) waiting.set(socket, (waiting.get(socket) ?? 0) + 1);
    };
    socket.on('message', (data: WebSocket.RawData) => {
      if (isPong(data)) waiting.set(socket, Math.max(0, (waiting.get(socket) ?? 0) - 1));
      wake();
    });
    socket.on('close', () => {
      waiting.delete(socket);
      wake();
    });
    return socket;
  };

  return {
    createSocket,
    /** Resolves once every ping sent so far has its pong (or its socket closed). */
    answered: (): Promise<void> =>
      quiet() ? Promise.resolve() : new Promise((resolve) => void wakers.push(resolve)),
  };
}
