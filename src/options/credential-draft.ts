import type { ExchangeId } from '../contracts/vocabulary';

export type { ExchangeId };

/** What the trader typed into one exchange's key form, kept until a save succeeds. */
export interface CredentialDraft {
  readonly apiKey: string;
  readonly secret: string;
  readonly passphrase: string;
}

export const EMPTY_DRAFT: CredentialDraft = { apiKey: '', secret: '', passphrase: '' };

/** OKX keys come with a passphrase of their own; Bybit keys have none (docs/protocol.md "Signing REST requests"). */
export const hasKeyPassphrase = (exchange: ExchangeId) => exchange === 'okx';
