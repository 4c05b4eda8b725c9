import {
  ConfigError,
  BYBIT_REGIONS,
  bybitRestBaseUrl,
  bybitSocketUrl,
  OKX_REGIONS,
  okxRestBaseUrl,
  okxSocketUrl,
  type BybitHostOptions,
  type BybitSocketKey,
  type OkxHostOptions,
  type OkxSocketKey,
} from '../../exchanges';

/** The origins a store build may talk to, read from the exchanges' own host tables (docs/protocol.md "Hosts"). */
export interface ExchangeOrigins {
  /** `https://host` of every REST server, for host permissions and the fetch guard. */
  readonly rest: readonly string[];
  /** `wss://host[:port]` of every WebSocket server, for the content security policy. */
  readonly socket: readonly string[];
}

const OKX_SOCKET_KEYS = ['public', 'private', 'business'] as const satisfies readonly OkxSocketKey[];
const BYBIT_SOCKET_KEYS = [
  'spotPublic',
  'linearPublic',
  'inversePublic',
  'optionPublic',
  'private',
  'privateTrade',
] as const satisfies readonly BybitSocketKey[];

/** Some combinations have no host (OKX AWS demo, Bybit demo trade stream): the table says so by throwing. */
function hostOrNothing(url: () => string): string[] {
  try {
    return [new URL(url()).origin];
  } catch (error) {
    if (error instanceof ConfigError) return [];
    throw error;
  }
}

function okxOrigins(): ExchangeOrigins {
  const settings: OkxHostOptions[] = OKX_REGIONS.flatMap((apiRegion) => [
    { apiRegion },
    { apiRegion, demoTrading: true },
  ]);
  return {
    rest: settings.map((options) => new URL(okxRestBaseUrl(options)).origin),
    socket: settings.flatMap((options) =>
      OKX_SOCKET_KEYS.flatMap((key) => hostOrNothing(() => okxSocketUrl(key, options))),
    ),
  };
}

function bybitOrigins(): ExchangeOrigins {
  const settings: BybitHostOptions[] = [
    ...BYBIT_REGIONS.map((apiRegion) => ({ apiRegion })),
    { environment: 'testnet' },
    { environment: 'demo' },
  ];
  return {
    rest: settings.map((options) => new URL(bybitRestBaseUrl(options)).origin),
    socket: settings.flatMap((options) =>
      BYBIT_SOCKET_KEYS.flatMap((key) => hostOrNothing(() => bybitSocketUrl(key, options))),
    ),
  };
}

const unique = (origins: readonly string[]) => [...new Set(origins)].sort();

/** Every OKX and Bybit origin in every region and environment Perch supports. */
export function exchangeOrigins(): ExchangeOrigins {
  const okx = okxOrigins();
  const bybit = bybitOrigins();
  return { rest: unique([...okx.rest, ...bybit.rest]), socket: unique([...okx.socket, ...bybit.socket]) };
}
