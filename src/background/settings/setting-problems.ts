import type * as z from 'zod/mini';
import { uiSettings, type UiSettings } from '../../contracts/settings';
import { quotedInput } from '../quoted-input';

/** Each setting as the options page names it. */
const FIELD_NAMES: Record<string, string> = {
  '': 'The settings',
  closeConfirm: 'Close confirmation',
  toolbarPnl: 'Toolbar figure',
  risk: 'Risk settings',
  'risk.warnBelowPercent': 'Liquidation warning threshold',
  'risk.dangerBelowPercent': 'Liquidation danger threshold',
  'risk.toolbar': 'Toolbar icon figure',
  overlay: 'Overlay settings',
  'overlay.sites': 'Overlay sites',
  'overlay.sites.tradingview': 'Overlay on TradingView',
  'overlay.sites.binance': 'Overlay on Binance',
  'overlay.extraOrigins': 'Extra overlay sites',
  'overlay.privacy': 'Privacy mode',
  'overlay.badge': 'Badge placement',
  'overlay.badge.corner': 'Badge corner',
  'overlay.badge.offsetX': 'Badge distance from the side',
  'overlay.badge.offsetY': 'Badge distance from the top or bottom',
  deadManSwitch: 'Dead-man switch',
  'deadManSwitch.enabled': 'Dead-man switch on',
  'deadManSwitch.timeoutSeconds': 'Dead-man switch timeout',
};

/** What a number setting counts; pixels unless named here. */
const NUMBER_UNITS: Record<string, string> = {
  'deadManSwitch.timeoutSeconds': 'seconds',
};

function fieldName(path: readonly PropertyKey[]): string {
  const [area, list, index] = path;
  if (area === 'overlay' && list === 'extraOrigins' && typeof index === 'number')
    return `Extra overlay site ${index + 1}`;
  const key = path.map(String).join('.');
  return FIELD_NAMES[key] ?? key;
}

function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let at = value;
  for (const key of path)
    at = typeof at === 'object' && at !== null ? (at as Record<PropertyKey, unknown>)[key] : undefined;
  return at;
}

const TYPE_WORDS: Record<string, string> = {
  boolean: 'choose true (on) or false (off)',
  string: 'use text',
  array: 'use a list',
  object: 'fill it in',
};

/** At most this many unknown keys are named back; a page may send thousands. */
const KEYS_NAMED = 3;

/** The unknown keys as sent, each quoted safely (cut short, invisible characters escaped), the rest counted. */
function unknownKeys(keys: readonly string[]): string {
  const named = keys.slice(0, KEYS_NAMED).map(quotedInput).join(', ');
  const more = keys.length - KEYS_NAMED;
  return more > 0 ? `${named} and ${String(more)} more` : named;
}

/** A risk threshold's words: a percentage of the mark price, not pixels. */
function percentNeeds(issue: z.core.$ZodIssue): string | undefined {
  if (issue.path[0] !== 'risk' || issue.path.length < 2) return undefined;
  switch (issue.code) {
    case 'invalid_type':
      return 'use a percentage of the mark price, such as 10';
    case 'too_small':
      return 'use a percentage above 0';
    case 'too_big':
      return `use a percentage of ${String(issue.maximum)} or less`;
    case 'custom':
      return issue.message;
    default:
      return undefined;
  }
}

/** What the setting takes, in words, from one schema problem. */
function needs(issue: z.core.$ZodIssue): string {
  const percent = percentNeeds(issue);
  if (percent !== undefined) return percent;
  const whole = `use a whole number of ${NUMBER_UNITS[issue.path.map(String).join('.')] ?? 'pixels'}`;
  switch (issue.code) {
    case 'invalid_value':
      return `choose one of ${issue.values.map(String).join(', ')}`;
    case 'invalid_type':
      return issue.expected === 'int' || issue.expected === 'number'
        ? whole
        : (TYPE_WORDS[issue.expected] ?? `use a ${issue.expected}`);
    case 'too_small':
      return `${whole}, ${String(issue.minimum)} or more`;
    case 'too_big':
      return issue.origin === 'array'
        ? `list at most ${String(issue.maximum)}`
        : `${whole}, ${String(issue.maximum)} or less`;
    case 'invalid_format':
      return 'use an https address such as https://example.com, or https://*.example.com for all its subdomains';
    case 'unrecognized_keys':
      return `leave out ${unknownKeys(issue.keys)}, which Perch does not know`;
    default:
      return 'use a valid value';
  }
}

/** One sentence per problem: the setting, what it was given, and the valid choices. */
function describe(settings: unknown, issue: z.core.$ZodIssue): string {
  const name = fieldName(issue.path);
  if (issue.code === 'unrecognized_keys') return `${name}: ${needs(issue)}.`;
  const given = valueAt(settings, issue.path);
  const was =
    given === undefined
      ? 'is missing'
      : Array.isArray(given)
        ? `has ${given.length}`
        : `is ${quotedInput(given)}`;
  return `${name} ${was}; ${needs(issue)}.`;
}

/** The settings when they are valid, else every problem in words a trader understands. */
export function checkSettings(
  settings: unknown,
): { ok: true; settings: UiSettings } | { ok: false; problems: string[] } {
  const parsed = uiSettings.safeParse(settings);
  if (parsed.success) return { ok: true, settings: parsed.data };
  return { ok: false, problems: parsed.error.issues.map((issue) => describe(settings, issue)) };
}
