/** The simulator's demo credentials, as announced on the CLI's first line. */
export interface OkxCredential {
  readonly apiKey: string;
  readonly secretKey: string;
  readonly passphrase: string;
}

export interface BybitCredential {
  readonly apiKey: string;
  readonly apiSecret: string;
}

/** What a key check reads: the demo keys, and the admin fault that makes every key unknown. */
export interface KeyContext {
  readonly faults: { readonly refuseLogins: boolean };
  readonly credentials: { readonly okx: OkxCredential; readonly bybit: BybitCredential };
}

/** The OKX demo credential behind `apiKey`; none while `refuseLogins` is on (REST and sockets alike). */
export function okxKeyOf(ctx: KeyContext, apiKey: string): OkxCredential | undefined {
  return ctx.faults.refuseLogins || apiKey !== ctx.credentials.okx.apiKey ? undefined : ctx.credentials.okx;
}

/** The Bybit demo credential behind `apiKey`; none while `refuseLogins` is on (REST and sockets alike). */
export function bybitKeyOf(ctx: KeyContext, apiKey: string): BybitCredential | undefined {
  return ctx.faults.refuseLogins || apiKey !== ctx.credentials.bybit.apiKey
    ? undefined
    : ctx.credentials.bybit;
}

export type OkxKeyLookup = (apiKey: string) => OkxCredential | undefined;
export type BybitKeyLookup = (apiKey: string) => BybitCredential | undefined;

/** A request as the auth checks see it: header lookup by lower-case name plus the raw signed parts. */
export interface SignedRequest {
  readonly method: string;
  /** The raw request target from the request line: path plus `?query` exactly as sent. */
  readonly target: string;
  readonly body: Buffer;
  header(name: string): string | undefined;
}
