import WebSocket from 'ws';

/** A test's view of one socket: every text frame in order, and a way to wait for the next match. */
export interface TestSocket {
  readonly socket: WebSocket;
  send(message: unknown): void;
  /** Resolves with the first not-yet-taken message that matches (raw text and parsed JSON if any). */
  next(
    match?: (text: string, json: unknown) => boolean,
    timeoutMs?: number,
  ): Promise<{ text: string; json: unknown }>;
  /** Resolves with every message up to and including the first match (for a marker that ends a burst). */
  upTo(
    match: (text: string, json: unknown) => boolean,
    timeoutMs?: number,
  ): Promise<{ text: string; json: unknown }[]>;
  /** Resolves with the close code once the server closes the socket. */
  closed(timeoutMs?: number): Promise<number>;
  close(): void;
}

/** Opens a WebSocket and buffers what arrives, so no message is lost between awaits. */
export async function openTestSocket(url: string): Promise<TestSocket> {
  const socket = new WebSocket(url);
  const inbox: { text: string; json: unknown }[] = [];
  const waiters = new Set<() => void>();
  let closeCode: number | undefined;
  socket.on('message', (data: Buffer) => {
    const text = data.toString('utf8');
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    inbox.push({ text, json });
    for (const wake of waiters) wake();
  });
  socket.on('close', (code: number) => {
    closeCode = code;
    for (const wake of waiters) wake();
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => {
      resolve();
    });
    socket.once('error', reject);
  });

  const waitFor = <T>(check: () => T | undefined, timeoutMs: number, what: string): Promise<T> =>
    new Promise((resolve, reject) => {
      const attempt = (): boolean => {
        const found = check();
        if (found === undefined) return false;
        waiters.delete(wake);
        clearTimeout(timer);
        resolve(found);
        return true;
      };
      const wake = (): void => {
        attempt();
      };
      const timer = setTimeout(() => {
        waiters.delete(wake);
        reject(new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`));
      }, timeoutMs);
      waiters.add(wake);
      attempt();
    });

  const upTo = (
    match: (text: string, json: unknown) => boolean,
    timeoutMs: number,
  ): Promise<{ text: string; json: unknown }[]> =>
    waitFor(
      () => {
        const index = inbox.findIndex((m) => match(m.text, m.json));
        return index === -1 ? undefined : inbox.splice(0, index + 1);
      },
      timeoutMs,
      'a matching message',
    );

  return {
    socket,
    send: (message) => {
      socket.send(typeof message === 'string' ? message : JSON.stringify(message));
    },
    next: async (match = () => true, timeoutMs = 3000) => {
      const [last] = (await upTo(match, timeoutMs)).slice(-1);
      if (last === undefined) throw new Error('upTo resolves with the match at least');
      return last;
    },
    upTo: (match, timeoutMs = 3000) => upTo(match, timeoutMs),
    closed: (timeoutMs = 3000) => waitFor(() => closeCode, timeoutMs, 'the server to close the socket'),
    close: () => {
      socket.close();
    },
  };
}
