import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { ExchangeId } from '../market/instruments';
import { exchangeOfPath } from './context';
import { badJson, notFound } from './envelopes';
import { errorMessage } from './error-message';

/** What a REST handler sees of a request. */
export interface SimRequest {
  readonly method: string;
  /** The request target exactly as on the request line (path + query): what OKX signs. */
  readonly target: string;
  /** Path without the query. */
  readonly path: string;
  /** The raw query string without `?` (what Bybit signs for GET), "" when none. */
  readonly rawQuery: string;
  readonly query: URLSearchParams;
  readonly headers: IncomingHttpHeaders;
  /** The body bytes exactly as received: what both exchanges sign for POST (a file upload is binary). */
  readonly rawBody: Buffer;
  /** The body decoded as UTF-8 text (JSON bodies). */
  readonly body: string;
  /** The parsed JSON body (undefined when empty or on a `bytes` route). Set just before the handler runs. */
  json: unknown;
  /**
   * Server time when the request arrived, set by the fault middleware: an exchange judges a request's
   * timestamp on arrival, however long it then takes to answer.
   */
  receivedAt: number | undefined;
  /** okx for /api/v5/…, bybit for /v5/…, null for the simulator's own pages. */
  readonly exchange: ExchangeId | null;
  readonly remoteAddress: string;
}

/** What a handler answers. A string body is sent as is; anything else as JSON. */
export interface SimResponse {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
  contentType?: string;
}

export type RouteHandler = (request: SimRequest) => SimResponse | Promise<SimResponse>;

/** How a route reads its body: parsed as JSON (a bad body answers 50002/10001 first), or bytes only. */
export type BodyKind = 'json' | 'bytes';

/**
 * Wraps every request (matched or not). Call `next()` to continue; return without calling it to
 * answer early (auth failure, rate limit, injected fault). Headers may be added to the result.
 */
export type Middleware = (request: SimRequest, next: () => Promise<SimResponse>) => Promise<SimResponse>;

/** The REST route table: `(method, path) -> handler`, with a middleware chain in `use` order. */
export class HttpRouter {
  private readonly routes = new Map<string, { handler: RouteHandler; body: BodyKind }>();
  private readonly middlewares: Middleware[] = [];

  constructor(private readonly now: () => number) {}

  route(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    handler: RouteHandler,
    body: BodyKind = 'json',
  ): void {
    const key = `${method} ${path}`;
    if (this.routes.has(key)) throw new Error(`Route ${key} is already registered`);
    this.routes.set(key, { handler, body });
  }

  /** True when a handler exists (middlewares use it to tell a real endpoint from a 404). */
  has(method: string, path: string): boolean {
    return this.routes.has(`${method} ${path}`);
  }

  use(middleware: Middleware): void {
    this.middlewares.push(middleware);
  }

  /** Runs the chain and the handler for one request. */
  async dispatch(request: SimRequest): Promise<SimResponse> {
    const terminal = (): Promise<SimResponse> => this.runHandler(request);
    const chain = this.middlewares.reduceRight<() => Promise<SimResponse>>(
      (next, middleware) => () => middleware(request, next),
      terminal,
    );
    return chain();
  }

  /** Node http adapter: reads the body, dispatches, writes the answer. */
  async handle(incoming: IncomingMessage, outgoing: ServerResponse): Promise<void> {
    let request: SimRequest;
    try {
      request = await readRequest(incoming);
    } catch {
      // The client went away mid-body ('aborted'): nobody is left to answer, and the rejection
      // must not escape (index.ts calls this with `void`, so it would end the process).
      incoming.socket.destroy();
      return;
    }
    let response: SimResponse;
    try {
      response = await this.dispatch(request);
    } catch (error) {
      const message = errorMessage(error);
      response = {
        status: 500,
        body: `Simulator error: ${message}`,
        contentType: 'text/plain; charset=utf-8',
      };
    }
    writeResponse(outgoing, response);
  }

  private async runHandler(request: SimRequest): Promise<SimResponse> {
    const route = this.routes.get(`${request.method} ${request.path}`);
    if (!route) return notFound(request.exchange, this.now());
    if (route.body === 'json' && request.body.trim() !== '') {
      try {
        request.json = JSON.parse(request.body) as unknown;
      } catch {
        return badJson(request.exchange, this.now());
      }
    }
    return route.handler(request);
  }
}

async function readRequest(incoming: IncomingMessage): Promise<SimRequest> {
  const chunks: Buffer[] = [];
  for await (const chunk of incoming) chunks.push(chunk as Buffer);
  const rawBody = Buffer.concat(chunks);
  const target = incoming.url ?? '/';
  const queryStart = target.indexOf('?');
  const path = queryStart === -1 ? target : target.slice(0, queryStart);
  const rawQuery = queryStart === -1 ? '' : target.slice(queryStart + 1);
  return {
    method: (incoming.method ?? 'GET').toUpperCase(),
    target,
    path,
    rawQuery,
    query: new URLSearchParams(rawQuery),
    headers: incoming.headers,
    rawBody,
    body: rawBody.toString('utf8'),
    json: undefined,
    receivedAt: undefined,
    exchange: exchangeOfPath(path),
    remoteAddress: incoming.socket.remoteAddress ?? '',
  };
}

function writeResponse(outgoing: ServerResponse, response: SimResponse): void {
  const isText = typeof response.body === 'string';
  const payload = isText ? (response.body as string) : JSON.stringify(response.body);
  outgoing.writeHead(response.status, {
    'content-type': response.contentType ?? (isText ? 'text/plain; charset=utf-8' : 'application/json'),
    'content-length': Buffer.byteLength(payload),
    ...response.headers,
  });
  outgoing.end(payload);
}

/** Tells a handler's early answer apart from a parsed value in `parsed | SimResponse` unions. */
export function isSimResponse(value: unknown): value is SimResponse {
  return typeof value === 'object' && value !== null && 'status' in value && 'body' in value;
}
