import * as z from 'zod/mini';
import { defineMessage } from './define';

/** What a keyboard shortcut opened the popup for: `close-everything` shows that confirmation at once. */
export const POPUP_INTENTS = ['close-everything'] as const;
export const popupIntent = z.enum(POPUP_INTENTS);
export type PopupIntent = z.infer<typeof popupIntent>;

/** The popup takes the intent once, on load: the worker forgets it as it answers. */
export const takePopupIntent = defineMessage({
  name: 'takePopupIntent',
  senders: ['popup'],
  request: z.strictObject({}),
  response: z.object({ intent: z.optional(popupIntent) }),
});

/**
 * The keyboard shortcuts (manifest `commands`, built in wxt.config.ts): the browser's own one that opens
 * the popup, Perch's that opens it at the close-everything confirmation, and the one that opens the side panel.
 */
export const OPEN_POPUP_COMMAND = '_execute_action';
export const CLOSE_EVERYTHING_COMMAND = 'close-everything';
export const OPEN_SIDE_PANEL_COMMAND = 'open-side-panel';
