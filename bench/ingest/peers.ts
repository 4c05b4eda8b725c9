/**
 * The peer libraries, loaded from bench/node_modules by a module name held in a variable (so the root
 * typecheck never resolves them), and typed here with only what the bench uses of them.
 */

/** A ccxt pro WebSocket client: its message entry point parses the text and calls the exchange's handler. */
export interface CcxtWsClient {
  readonly url: string;
  onMessage(event: { data: string }): void;
  connect(backoffDelay?: number): Promise<unknown>;
}

export interface CcxtOrderBook {
  readonly bids: readonly (readonly number[])[];
}

export interface CcxtProExchange {
  urls: { api: Record<string, unknown> };
  readonly orderbooks: Record<string, CcxtOrderBook | undefined>;
  readonly tickers: Record<string, unknown>;
  readonly clients: Record<string, CcxtWsClient | undefined>;
  handleMessage(client: CcxtWsClient, message: unknown): void;
  loadMarkets(): Promise<unknown>;
  /** Needed before any plain `ws://` socket (the simulator's). */
  loadHttpProxyAgent(): Promise<unknown>;
  client(url: string): CcxtWsClient;
  watchOrderBook(symbol: string, limit?: number): Promise<unknown>;
  watchTicker(symbol: string): Promise<unknown>;
  close(): Promise<unknown>;
}

type CcxtConstructor = new (options: object) => CcxtProExchange;

interface CcxtModule {
  readonly pro: { readonly okx: CcxtConstructor; readonly bybit: CcxtConstructor };
}

/** The SDKs' socket client: its raw message handler, and the events it emits per parsed frame. */
export interface SdkWebsocketClient {
  onWsMessage(event: { type: 'message'; data: string }, wsKey: string, ws: unknown): void;
  on(event: 'update' | 'exception' | 'response', listener: (event: unknown) => void): unknown;
  subscribe(topics: unknown): unknown;
  subscribeV5?(topics: readonly string[], category: string): unknown;
  closeAll(force?: boolean): void;
}

type SdkConstructor = new (options: object, logger?: object) => SdkWebsocketClient;

interface SdkModule {
  readonly WebsocketClient: SdkConstructor;
}

const PEERS = new URL('../node_modules/', import.meta.url);

async function importPeer(path: string): Promise<unknown> {
  const name = new URL(path, PEERS).href;
  return (await import(name)) as unknown;
}

export async function loadCcxt(): Promise<CcxtModule> {
  return (await importPeer('ccxt/js/ccxt.js')) as CcxtModule;
}

/** okx-api (ES module) or bybit-api (CommonJS: its exports arrive as the default export). */
export async function loadSdk(exchange: 'okx' | 'bybit'): Promise<SdkModule> {
  if (exchange === 'okx') return (await importPeer('okx-api/dist/mjs/index.js')) as SdkModule;
  const module = (await importPeer('bybit-api/lib/index.js')) as { default?: SdkModule } & SdkModule;
  return module.default ?? module;
}

/** Both SDKs log every frame they do not recognise: silenced, so logging is not what is measured. */
export const silentLogger = {
  trace: () => undefined,
  info: () => undefined,
  error: () => undefined,
};
