import type { AlertKind } from '../contracts/alerts';

/** Each kind as the form's "Alert when" choice says it. */
export const ALERT_KIND_CHOICES: Readonly<Record<AlertKind, string>> = {
  price: 'the price crosses a level',
  move: 'the price moves by a %',
  liquidation: 'liquidation distance is under a %',
  margin: 'the margin ratio is over a %',
  fill: 'an order fills',
  stop: 'a stop or target fires',
  closed: 'a position closes',
  funding: 'funding above a rate is due',
};

export const DIRECTION_CHOICES = [
  { value: 'above', label: 'rises above' },
  { value: 'below', label: 'falls below' },
] as const;

export const SOURCE_CHOICES = [
  { value: 'last', label: 'last traded price' },
  { value: 'mark', label: 'mark price' },
] as const;

export const REPEAT_CHOICES = [
  { value: 'once', label: 'once, then pause it' },
  { value: 'every', label: 'every time' },
] as const;
