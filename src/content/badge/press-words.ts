/**
 * What the chart badge says about a press on Close, and the times behind it. No DOM here: the e2e page
 * objects read these too.
 */

/** How long Close must be held on a chart: long enough to see what is being closed while holding it. */
export const CHART_HOLD_MS = 1_000;

/** A press this soon after what is under the pointer changed (a new row, a symbol switch, a move) is ignored. */
export const SETTLE_MS = 600;

export const HOLD_HINT = 'Keep holding Close until it fills.';
export const LET_GO_EARLY = 'Hold Close until it fills to close; a click does nothing on a chart.';
export const PRESS_TOO_SOON =
  'Perch ignored that press: the badge had just changed under it. Look again, then hold Close.';
export const NOT_AS_DRAWN =
  "This page restyles, moves or covers Perch's badge, so Close is off on it. Close from Perch's toolbar popup instead.";
export const CHANGED_WHILE_HELD = 'The position changed while you held Close: nothing was sent. Look again.';
export const NO_POSITION = 'No position';
