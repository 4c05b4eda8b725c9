import { WITH_DEVELOPMENT_PATHS } from '../contracts/development-paths';
import type { ExchangeId } from '../contracts/vocabulary';

/** What each environment is, in a trader's words: which account it trades and where its keys are made. */
export const ENVIRONMENT_WORDS: Readonly<Record<string, { readonly name: string; readonly words: string }>> =
  {
    live: {
      name: 'Live',
      words: 'Your real account and real money. Use a key made on the exchange’s main site.',
    },
    demo: {
      name: 'Demo trading',
      words:
        'Play money on the live markets. Switch the exchange’s site to demo trading first, then make the key there: a live key does not work here.',
    },
    testnet: {
      name: 'Testnet',
      words: 'Bybit’s separate test site, with its own account and its own keys (made on the testnet site).',
    },
    // A store build drops this entry, words and all (src/contracts/development-paths.ts).
    ...(WITH_DEVELOPMENT_PATHS
      ? {
          simulator: {
            name: 'Local simulator',
            words: 'Perch’s simulator on this computer: development builds only, no exchange is called.',
          },
        }
      : {}),
  };

/** Region names as the exchanges' sites call them; a region not named here shows as the exchange spells it. */
const REGION_NAMES: Readonly<Record<ExchangeId, Readonly<Record<string, string>>>> = {
  // Short: OKX's regions sit side by side as segments (EnvironmentFields.tsx).
  okx: {
    global: 'Global (okx.com)',
    eea: 'Europe (EEA)',
    us: 'United States',
    aws: 'Global, AWS',
  },
  bybit: {
    default: 'Global (bybit.com)',
    bytick: 'Global, alternate address',
    NL: 'Netherlands',
    TK: 'Türkiye',
    KZ: 'Kazakhstan',
    HK: 'Hong Kong',
    GE: 'Georgia',
    UAE: 'United Arab Emirates',
    EU: 'Europe (Bybit EU accounts)',
    ID: 'Indonesia',
    JP: 'Japan',
  },
};

export const regionName = (exchange: ExchangeId, region: string) => REGION_NAMES[exchange][region] ?? region;

export const REGION_WORDS =
  'The region is where your account was opened: pick the site you log in to. A key works only in its own region.';

/** Where to make a key on each exchange, and with what: read-only first, trading added when you want Perch to close. */
export const KEY_STEPS: Readonly<Record<ExchangeId, readonly string[]>> = {
  okx: [
    'On OKX, open your profile menu, then API, and Create API key.',
    'Permissions: Read. Add Trade when you want Perch to close positions. Leave Withdraw off.',
    'Choose a passphrase for the key: OKX asks for it with the key, and so does Perch.',
    'Copy the API key, the secret key and that passphrase into the form.',
  ],
  bybit: [
    'On Bybit, open your profile menu, then API, and Create New Key: system-generated.',
    'Choose Read-Only to start. For Perch to close positions, choose Read-Write with Contract Orders and Positions only.',
    'Leave every Wallet permission off (transfers and withdrawal), and Convert and Earn too.',
    'Copy the API key and the secret key into the form.',
  ],
};
