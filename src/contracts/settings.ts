import * as z from 'zod/mini';
import { defineMessage } from './define';
import { DEFAULT_DEAD_MAN_SWITCH, DEFAULT_RISK_SETTINGS } from './settings-defaults';

/**
 * How the screens behave, as the trader set it in options. Nothing here is secret or steers signed
 * traffic: the overlay may read its part (privacy, its sites, where its badge sits) and move its badge.
 */

/** Charting sites the overlay knows out of the box, one adapter each under src/content/sites/. */
export const OVERLAY_SITE_IDS = ['tradingview', 'binance'] as const;
export const overlaySiteId = z.enum(OVERLAY_SITE_IDS);
export type OverlaySiteId = z.infer<typeof overlaySiteId>;

/** An origin the trader added in options (granted through the browser's own permission prompt). */
export const EXTRA_ORIGIN = /^https:\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)+$/;
export const EXTRA_ORIGINS_MAX = 20;

export const BADGE_CORNERS = ['top-left', 'top-right', 'bottom-left', 'bottom-right'] as const;

/** Where the overlay badge sits: a corner of the viewport and its distance from it, in CSS pixels. */
export const badgePlacement = z.strictObject({
  corner: z.enum(BADGE_CORNERS),
  offsetX: z.number().check(z.int(), z.minimum(0), z.maximum(4000)),
  offsetY: z.number().check(z.int(), z.minimum(0), z.maximum(4000)),
});
export type BadgePlacement = z.infer<typeof badgePlacement>;

export const overlaySettingsShape = z.strictObject({
  sites: z.strictObject({ tradingview: z.boolean(), binance: z.boolean() }),
  extraOrigins: z.array(z.string().check(z.regex(EXTRA_ORIGIN))).check(z.maxLength(EXTRA_ORIGINS_MAX)),
  /** Hide amounts (sizes, PnL, balances) on charting pages: for streams and screen shares. */
  privacy: z.boolean(),
  badge: badgePlacement,
});
export type OverlaySettings = z.infer<typeof overlaySettingsShape>;

/** OKX's range for its cancel-all-after timer, in whole seconds (docs/protocol.md "Cancel all after"). */
export const DEAD_MAN_SWITCH_SECONDS = { min: 10, max: 120 } as const;

/**
 * The dead-man switch: while on and Perch's OKX account has resting orders, the worker keeps OKX's
 * cancel-all-after timer armed, so OKX cancels them if Perch stops renewing it for `timeoutSeconds`.
 */
export const deadManSwitchSettings = z.strictObject({
  enabled: z.boolean(),
  timeoutSeconds: z
    .number()
    .check(z.int(), z.minimum(DEAD_MAN_SWITCH_SECONDS.min), z.maximum(DEAD_MAN_SWITCH_SECONDS.max)),
});
export type DeadManSwitchSettings = z.infer<typeof deadManSwitchSettings>;

/** What the toolbar icon shows while `toolbarPnl` turns it on. */
export const TOOLBAR_FIGURES = ['pnl', 'liquidation-distance'] as const;

const percent = z.number().check(z.gt(0), z.maximum(100));

/**
 * When a position's liquidation distance (in % of the mark) reads as a warning or as danger, and what the
 * toolbar icon shows: the total unrealised PnL or the lowest liquidation distance.
 */
export const riskSettings = z
  .strictObject({
    warnBelowPercent: percent,
    dangerBelowPercent: percent,
    toolbar: z.enum(TOOLBAR_FIGURES),
  })
  .check(
    z.refine((risk) => risk.dangerBelowPercent < risk.warnBelowPercent, {
      message: 'put the danger threshold below the warning threshold',
      path: ['dangerBelowPercent'],
    }),
  );
export type RiskSettings = z.infer<typeof riskSettings>;

export const uiSettings = z.strictObject({
  /** "click": one click closes a position; "hold": the close button must be held down to confirm. */
  closeConfirm: z.enum(['click', 'hold']),
  /**
   * Show a figure on the toolbar icon (which one: `risk.toolbar`, the PnL unless the trader chose the
   * liquidation distance); while on, the worker keeps the account streams open.
   */
  toolbarPnl: z.boolean(),
  /** Settings saved before it existed read as the defaults: no storage migration needed. */
  risk: z._default(riskSettings, DEFAULT_RISK_SETTINGS),
  overlay: overlaySettingsShape,
  // Settings saved before the switch existed have none: they read as off, so no stored version changes.
  deadManSwitch: z._default(deadManSwitchSettings, DEFAULT_DEAD_MAN_SWITCH),
});
export type UiSettings = z.infer<typeof uiSettings>;

// Kept in a file of their own without zod, so the chart overlay can fall back to them without loading
// the schemas (docs/overlay.md "Size").
export { DEFAULT_RISK_SETTINGS, DEFAULT_UI_SETTINGS } from './settings-defaults';

export const readSettings = defineMessage({
  name: 'readSettings',
  senders: ['popup', 'options'],
  request: z.strictObject({}),
  response: uiSettings,
});

/**
 * Replaces the settings; the saved settings come back. Typed for the sender, but checked by the
 * background's handler rather than by this contract's schema, so a bad setting is refused by name with its valid
 * choices (InvalidSettingError) instead of as invalid data.
 */
export const saveSettings = defineMessage({
  name: 'saveSettings',
  senders: ['options'],
  request: z.strictObject({ settings: z.custom<UiSettings>() }),
  response: uiSettings,
});

/** What the overlay on a charting page may know of the settings. */
export const overlaySettings = defineMessage({
  name: 'overlaySettings',
  senders: ['content'],
  request: z.strictObject({}),
  response: z.object({
    sites: overlaySettingsShape.shape.sites,
    extraOrigins: overlaySettingsShape.shape.extraOrigins,
    privacy: z.boolean(),
    badge: badgePlacement,
  }),
});

/** Remembers where the trader dragged the overlay badge (or placed it in options). */
export const saveBadgePlacement = defineMessage({
  name: 'saveBadgePlacement',
  senders: ['content', 'options'],
  request: z.strictObject({ badge: badgePlacement }),
  response: z.object({ badge: badgePlacement }),
});
