/** The simulator's demo credentials, as announced on the CLI's first line (issue 3 contract). */
export interface OkxCredential {
  readonly apiKey: string;
  readonly secretKey: string;
  readonly passphrase: string;
}

export interface BybitCredential {
  readonly apiKey: string;
  readonly apiSecret: string;
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
