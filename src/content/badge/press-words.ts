/**
 * What the chart badge says about a press on one of its held buttons (Close, Breakeven, Close half), and
 * the times behind it. No DOM here: the e2e page objects read these too.
 */

/** How long a button must be held on a chart: long enough to see what is being closed while holding it. */
export const CHART_HOLD_MS = 1_000;

/** A press this soon after what is under the pointer changed (a new row, a symbol switch, a move) is ignored. */
export const SETTLE_MS = 600;

export const holdHint = (button: string) => `Keep holding ${button} until it fills.`;
export const letGoEarly = (button: string) =>
  `Hold ${button} until it fills; a click does nothing on a chart.`;
export const changedWhileHeld = (button: string) =>
  `The position changed while you held ${button}: nothing was sent. Look again.`;
export const HOLD_HINT = holdHint('Close');
export const LET_GO_EARLY = letGoEarly('Close');
export const CHANGED_WHILE_HELD = changedWhileHeld('Close');
export const PRESS_TOO_SOON =
  'Perch ignored that press: the badge had just changed under it. Look again, then hold Close.';
export const NOT_AS_DRAWN =
  "This page restyles, moves or covers Perch's badge, so Close is off on it. Close from Perch's toolbar popup instead.";
export const NO_POSITION = 'No position';
