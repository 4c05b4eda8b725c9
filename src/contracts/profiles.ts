import * as z from 'zod/mini';
import { exchangeId } from './vocabulary';
import { defineMessage } from './define';
import { WITH_DEVELOPMENT_PATHS } from './development-paths';

/** The exchanges' own environments, every build's. */
const EXCHANGE_ENVIRONMENTS = ['live', 'testnet', 'demo'] as const;

/**
 * Where an exchange account's traffic goes. Development builds add the local simulator; a store build's schema does
 * not know it, so a stored simulator profile is refused by its shape.
 */
const environment = z.enum(
  WITH_DEVELOPMENT_PATHS ? [...EXCHANGE_ENVIRONMENTS, 'simulator' as const] : EXCHANGE_ENVIRONMENTS,
);

/** One exchange's connection profile. */
export const connectionProfile = z.strictObject({
  exchange: exchangeId,
  enabled: z.boolean(),
  environment,
  /** The exchange's region name (OKX global/eea/us/aws, Bybit default/EU/NL/…); absent = its default. */
  region: z.optional(z.string()),
});
export type ConnectionProfileShape = z.infer<typeof connectionProfile>;

/** What this build lets the trader pick for one exchange. */
const profileChoices = z.object({
  exchange: exchangeId,
  environments: z.array(z.string()),
  /** Regions per environment; an environment without regions is absent. */
  regions: z.record(z.string(), z.array(z.string())),
});

/** Both exchanges' profiles and the valid choices, for the options page and the popup. */
export const readProfiles = defineMessage({
  name: 'readProfiles',
  senders: ['popup', 'options'],
  request: z.strictObject({}),
  response: z.object({ profiles: z.array(connectionProfile), choices: z.array(profileChoices) }),
});

/** Saves one exchange's profile; its streams and clients are rebuilt. A bad choice is an InvalidRequestError. */
export const saveProfile = defineMessage({
  name: 'saveProfile',
  senders: ['options'],
  request: z.strictObject({ profile: connectionProfile }),
  response: z.object({ profile: connectionProfile }),
});

/** One finding of a key audit, worded for the trader. */
const auditFinding = z.object({
  level: z.enum(['ok', 'info', 'warning', 'danger']),
  message: z.string(),
});

/** What a key may do and whether the exchange answers, as a key audit found it. Carries no key or secret. */
export const keyAudit = z.object({
  exchange: exchangeId,
  environment,
  reachable: z.boolean(),
  /** Server time minus local time, ms; absent when the exchange did not answer. */
  clockOffsetMs: z.optional(z.number()),
  /** Total equity in USD, as the exchange reports it. */
  totalEquityUsd: z.optional(z.string()),
  permissions: z.optional(
    z.object({
      canTrade: z.boolean(),
      canWithdraw: z.boolean(),
      /** The exchange's own permission names. */
      raw: z.array(z.string()),
      ips: z.array(z.string()),
      /** Whole days until the key expires; absent when it does not expire (or the exchange does not say). */
      daysLeft: z.optional(z.number()),
    }),
  ),
  findings: z.array(auditFinding),
});
export type KeyAudit = z.infer<typeof keyAudit>;

/**
 * Tests an exchange connection: with the saved credentials, or with candidate ones the options page is
 * about to save (they are used once and never echoed back), on the saved or a candidate profile.
 */
export const testConnection = defineMessage({
  name: 'testConnection',
  senders: ['options'],
  request: z.strictObject({
    exchange: exchangeId,
    credentials: z.optional(
      z.strictObject({ apiKey: z.string(), secret: z.string(), passphrase: z.optional(z.string()) }),
    ),
    profile: z.optional(connectionProfile),
  }),
  response: keyAudit,
});
