import { createHmac } from 'node:crypto';
import { afterAll, afterEach, beforeAll } from 'vitest';
import WebSocket from 'ws';
import { startSimulator, type RunningSimulator } from '../../sim/index';
import type { SimFakeTime } from '../../sim/server/fake-time.test-helper';

/**
 * A tiny client for the simulator's private side, written from docs/protocol.md "Signing REST requests" and "Sockets" on purpose:
 * it signs on its own, so a signing bug in the simulator cannot hide behind shared code.
 */
export type Json = Record<string, unknown>;

export interface HttpAnswer {
  readonly status: number;
  readonly json: Json;
  readonly headers: Headers;
}

/** Real time unless `time` is given; then the simulator's clock and timers move only when a test advances it. */
export const startSim = (time?: SimFakeTime): Promise<RunningSimulator> =>
  startSimulator({ seed: 7, tickMs: 50, ...(time ? { clock: time.clock, timers: time.timers } : {}) });

/**
 * The time a correctly set client signs with: the simulator's clock before any skew fault, so the
 * wall clock, or the test's fake time when the simulator runs on it.
 */
const clientNow = (sim: RunningSimulator): number => sim.ctx.now() - sim.ctx.faults.clockSkewMs;

const hmac = (secret: string, data: string | Buffer, encoding: 'base64' | 'hex'): string =>
  createHmac('sha256', secret).update(data).digest(encoding);

async function answer(response: Response): Promise<HttpAnswer> {
  const text = await response.text();
  let json: Json;
  try {
    json = JSON.parse(text) as Json;
  } catch {
    json = { text };
  }
  return { status: response.status, json, headers: response.headers };
}

export interface OkxOverrides {
  timestamp?: string;
  apiKey?: string;
  passphrase?: string | null;
  secret?: string;
  /** Extra headers, e.g. `x-simulated-trading`. */
  headers?: Record<string, string>;
}

/** A signed OKX v5 request: Base64 HMAC over ISO timestamp + METHOD + path?query + body (docs/protocol.md "OKX signing"). */
export async function okx(
  sim: RunningSimulator,
  method: 'GET' | 'POST',
  target: string,
  body?: unknown,
  o: OkxOverrides = {},
): Promise<HttpAnswer> {
  const creds = sim.accounts.okx;
  const text = body === undefined ? '' : JSON.stringify(body);
  const timestamp = o.timestamp ?? new Date(clientNow(sim)).toISOString();
  const headers: Record<string, string> = {
    'OK-ACCESS-KEY': o.apiKey ?? creds.apiKey,
    'OK-ACCESS-SIGN': hmac(o.secret ?? creds.secretKey, timestamp + method + target + text, 'base64'),
    'OK-ACCESS-TIMESTAMP': timestamp,
    'Content-Type': 'application/json',
  };
  if (o.passphrase !== null) headers['OK-ACCESS-PASSPHRASE'] = o.passphrase ?? creds.passphrase;
  Object.assign(headers, o.headers);
  return answer(await fetch(sim.url + target, { method, headers, ...(text ? { body: text } : {}) }));
}

export interface BybitOverrides {
  timestamp?: number;
  apiKey?: string;
  secret?: string;
  contentType?: string;
}

/** A signed Bybit v5 request: hex HMAC over ts + key + recvWindow + (query | body bytes) (docs/protocol.md "Bybit signing"). */
export async function bybit(
  sim: RunningSimulator,
  method: 'GET' | 'POST',
  target: string,
  body?: unknown,
  o: BybitOverrides = {},
): Promise<HttpAnswer> {
  const creds = sim.accounts.bybit;
  const payload = body instanceof Buffer ? body : Buffer.from(body === undefined ? '' : JSON.stringify(body));
  const timestamp = String(o.timestamp ?? clientNow(sim));
  const apiKey = o.apiKey ?? creds.apiKey;
  const signed = method === 'GET' ? Buffer.from(target.split('?')[1] ?? '') : payload;
  const sign = hmac(
    o.secret ?? creds.apiSecret,
    Buffer.concat([Buffer.from(timestamp + apiKey + '5000'), signed]),
    'hex',
  );
  const headers = {
    'X-BAPI-API-KEY': apiKey,
    'X-BAPI-TIMESTAMP': timestamp,
    'X-BAPI-RECV-WINDOW': '5000',
    'X-BAPI-SIGN': sign,
    'Content-Type': o.contentType ?? 'application/json',
  };
  return answer(
    await fetch(sim.url + target, { method, headers, ...(method === 'POST' ? { body: payload } : {}) }),
  );
}

/** POSTs to the admin API. */
export async function admin(sim: RunningSimulator, path: string, body: unknown = {}): Promise<HttpAnswer> {
  return answer(
    await fetch(`${sim.url}/__sim/${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    }),
  );
}

export const okxLoginArgs = (
  sim: RunningSimulator,
  o: { seconds?: number; passphrase?: string; secret?: string; apiKey?: string } = {},
) => {
  const timestamp = String(o.seconds ?? Math.floor(clientNow(sim) / 1000));
  const creds = sim.accounts.okx;
  return [
    {
      apiKey: o.apiKey ?? creds.apiKey,
      passphrase: o.passphrase ?? creds.passphrase,
      timestamp,
      sign: hmac(o.secret ?? creds.secretKey, `${timestamp}GET/users/self/verify`, 'base64'),
    },
  ];
};

export const bybitAuthArgs = (sim: RunningSimulator, o: { expires?: number; secret?: string } = {}) => {
  const expires = o.expires ?? clientNow(sim) + 5000;
  return [
    sim.accounts.bybit.apiKey,
    expires,
    hmac(o.secret ?? sim.accounts.bybit.apiSecret, `GET/realtime${String(expires)}`, 'hex'),
  ];
};

/** A socket that buffers every frame so none is lost between awaits. */
export interface Socket {
  send(message: unknown): void;
  next(match: (json: Json, text: string) => boolean, timeoutMs?: number): Promise<Json>;
  /**
   * Every frame up to and including the first match. A marker the server answers in order (a ping)
   * proves what did not arrive before it, without waiting a fixed time.
   */
  upTo(
    match: (json: Json, text: string) => boolean,
    timeoutMs?: number,
  ): Promise<{ json: Json; text: string }[]>;
  closed(timeoutMs?: number): Promise<number>;
  close(): void;
}

export async function connect(sim: RunningSimulator, path: string): Promise<Socket> {
  const ws = new WebSocket(sim.wsUrl + path);
  const inbox: { json: Json; text: string }[] = [];
  const wakers = new Set<() => void>();
  let closeCode: number | undefined;
  ws.on('message', (data: Buffer) => {
    const text = data.toString('utf8');
    let json: Json;
    try {
      json = JSON.parse(text) as Json;
    } catch {
      json = {};
    }
    inbox.push({ json, text });
    for (const wake of wakers) wake();
  });
  ws.on('close', (code: number) => {
    closeCode = code;
    for (const wake of wakers) wake();
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => {
      resolve();
    });
    ws.once('error', reject);
  });
  const waitFor = <T>(
    check: () => T | undefined,
    timeoutMs: number,
    onTimeout: () => T | Error,
  ): Promise<T> =>
    new Promise((resolve, reject) => {
      const wake = (): void => {
        const found = check();
        if (found === undefined) return;
        wakers.delete(wake);
        clearTimeout(timer);
        resolve(found);
      };
      const timer = setTimeout(() => {
        wakers.delete(wake);
        const outcome = onTimeout();
        if (outcome instanceof Error) reject(outcome);
        else resolve(outcome);
      }, timeoutMs);
      wakers.add(wake);
      wake();
    });
  const take = (match: (json: Json, text: string) => boolean): Json | undefined => {
    const index = inbox.findIndex((m) => match(m.json, m.text));
    if (index < 0) return undefined;
    const [found] = inbox.splice(index, 1);
    return found?.json;
  };
  return {
    send: (message) => {
      ws.send(typeof message === 'string' ? message : JSON.stringify(message));
    },
    next: (match, timeoutMs = 3000) =>
      waitFor(
        () => take(match),
        timeoutMs,
        () =>
          new Error(
            `No matching message within ${String(timeoutMs)} ms; got ${inbox.map((m) => m.text.slice(0, 160)).join(' | ')}`,
          ),
      ),
    upTo: (match, timeoutMs = 3000) =>
      waitFor(
        () => {
          const index = inbox.findIndex((m) => match(m.json, m.text));
          return index < 0 ? undefined : inbox.splice(0, index + 1);
        },
        timeoutMs,
        () => new Error(`No matching message within ${String(timeoutMs)} ms`),
      ),
    closed: (timeoutMs = 3000) =>
      waitFor(
        () => closeCode,
        timeoutMs,
        () => new Error('Socket still open'),
      ),
    close: () => {
      ws.close();
    },
  };
}

/** Matches a frame whose `key` equals `value`. */
export const is =
  (key: string, value: unknown) =>
  (json: Json): boolean =>
    json[key] === value;

/**
 * One simulator per test file: started before all tests, stopped after; after each test the
 * test's sockets are closed and the simulator is reset through the admin API. With `time`, the
 * simulator runs on that fake time, and the signing helpers above sign with it.
 */
export function useSim(time?: SimFakeTime): {
  sim: () => RunningSimulator;
  socket: (path: string) => Promise<Socket>;
  /** The time a correctly set client signs with now (the simulator's clock before any skew). */
  now: () => number;
} {
  let running: RunningSimulator | undefined;
  const open: Socket[] = [];
  const sim = (): RunningSimulator => {
    if (!running) throw new Error('The simulator is not running: call useSim() at the top of the test file');
    return running;
  };
  beforeAll(async () => {
    running = await startSim(time);
  });
  afterAll(async () => {
    await running?.stop();
  });
  afterEach(async () => {
    for (const socket of open.splice(0)) socket.close();
    await admin(sim(), 'reset');
  });
  return {
    sim,
    now: () => clientNow(sim()),
    socket: async (path) => {
      const socket = await connect(sim(), path);
      open.push(socket);
      return socket;
    },
  };
}
