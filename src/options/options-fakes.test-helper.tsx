import {
  PerchError,
  type Contracts,
  type MessageName,
  type PerchErrorName,
  type RequestOf,
  type ResponseOf,
} from '../contracts';
import { DEFAULT_UI_SETTINGS } from '../contracts/settings';
import { testPassphraseRule } from '../contracts/passphrase-rule.test-helper';
import type { MessageClient } from '../platform/message-client';
import type { SitePermissions } from '../platform/site-permissions';
import { renderInTheme, type THEMES } from '../ui/themes.test-helper';
import { OptionsApp } from './OptionsApp';
import { createOptionsStore } from './store';

/** How the fake background answers one message: a value, or a function of the request. */
export type FakeHandlers = {
  [N in MessageName]?: (request: RequestOf<Contracts[N]>) => Promise<ResponseOf<Contracts[N]>>;
};

export interface SentMessage {
  readonly name: MessageName;
  readonly request: unknown;
}

/** What a background with nothing configured answers: an unlocked empty vault, both exchanges live. */
export const BACKGROUND_DEFAULTS: FakeHandlers = {
  vaultStatus: () => Promise.resolve({ state: 'unlocked', autoLockMinutes: 15, credentials: [] }),
  readProfiles: () =>
    Promise.resolve({
      profiles: [
        { exchange: 'okx', enabled: true, environment: 'live', region: 'global' },
        { exchange: 'bybit', enabled: true, environment: 'live' },
      ],
      choices: [
        { exchange: 'okx', environments: ['live', 'demo'], regions: { live: ['global', 'eea', 'us'] } },
        {
          exchange: 'bybit',
          environments: ['live', 'testnet', 'demo'],
          regions: { live: ['default', 'EU'] },
        },
      ],
    }),
  readSettings: () => Promise.resolve(DEFAULT_UI_SETTINGS),
  saveSettings: ({ settings }) => Promise.resolve(settings),
  getWatchlist: () => Promise.resolve({ instruments: [] }),
  saveWatchlist: ({ instruments }) => Promise.resolve({ instruments: instruments as never }),
  listAlerts: () => Promise.resolve({ alerts: [], history: [] }),
};

/** A background stand-in answering from `handlers` (over the defaults), recording every message sent. */
export function fakeBackground(handlers: FakeHandlers) {
  const sent: SentMessage[] = [];
  const all: FakeHandlers = { ...BACKGROUND_DEFAULTS, ...handlers };
  const client: MessageClient = {
    send(name, request) {
      sent.push({ name, request });
      const handler = all[name] as ((request: unknown) => Promise<unknown>) | undefined;
      if (handler === undefined)
        return Promise.reject(new Error(`The fake background has no answer for ${name}.`));
      return handler(request) as never;
    },
  };
  return {
    client,
    sent,
    sentNamed: (name: MessageName) => sent.filter((m) => m.name === name).map((m) => m.request),
  };
}

/** The browser's permission prompt, answering `granted`; records what was asked and given back. */
export function fakePermissions(granted: boolean) {
  const requested: string[] = [];
  const removed: string[] = [];
  const permissions: SitePermissions = {
    request: (origin) => {
      requested.push(origin);
      return Promise.resolve(granted);
    },
    remove: (origin) => {
      removed.push(origin);
      return Promise.resolve(true);
    },
  };
  return { permissions, requested, removed };
}

/**
 * Renders the options page over a fake background (and permission prompt), opened at the URL fragment `at`
 * ("#watchlist"; empty: where a fresh page goes by itself).
 */
export function renderOptions(
  handlers: FakeHandlers = {},
  granted = true,
  at = '',
  theme: (typeof THEMES)[number] = 'light',
) {
  window.history.replaceState(null, '', at === '' ? window.location.pathname : at);
  const background = fakeBackground(handlers);
  const prompt = fakePermissions(granted);
  const store = createOptionsStore(background.client, prompt.permissions, testPassphraseRule);
  const view = renderInTheme(theme, <OptionsApp store={store} version="1.4.2" />);
  return { ...background, ...prompt, store, view };
}

/** Renders the options page opened at one section's URL ("#watchlist"), light unless `theme` says. */
export const renderSection = (
  at: string,
  handlers: FakeHandlers = {},
  granted = true,
  theme: (typeof THEMES)[number] = 'light',
) => renderOptions(handlers, granted, at, theme);

/** A PerchError as the message client rethrows it. */
export function perchFailure(name: PerchErrorName, message: string): Promise<never> {
  return Promise.reject(new PerchError(name, message));
}

/** An answer that never comes: the page stays as it is while waiting. */
export const never = (): Promise<never> => new Promise(() => undefined);

/** What a field's `aria-describedby` points at: the elements a screen reader reads with it. */
const describing = (field: HTMLElement) =>
  (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter((id) => id !== '')
    .map((id) => document.getElementById(id));

/** The problem a screen reader announces with a field: what its `aria-describedby` points at, if it is invalid. */
export function problemAt(field: HTMLElement): string | undefined {
  if (field.getAttribute('aria-invalid') !== 'true') return undefined;
  return describing(field)
    .map((element) => element?.textContent ?? '')
    .join(' ');
}

/** The live words read with a field (a strength meter): its described-by element that is a polite status. */
export function statusAt(field: HTMLElement): string | undefined {
  const status = describing(field).find((element) => element?.getAttribute('role') === 'status');
  return status?.textContent ?? undefined;
}
