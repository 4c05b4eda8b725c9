import type { PopupIntent } from '../contracts/popup-intent';
import type { Clock } from '../exchanges';
import type { MessageHandlers } from '../platform/message-dispatch';
import { storage } from '../platform/storage';

/** A shortcut's intent waits this long for the popup; a popup opened later by a click opens plainly. */
export const POPUP_INTENT_TTL_MS = 15_000;

interface StoredIntent {
  readonly intent: PopupIntent;
  readonly at: number;
}

export interface IntentItem {
  getValue(): Promise<StoredIntent | null>;
  setValue(value: StoredIntent | null): Promise<void>;
}

/** storage.session: out of content scripts' reach (session-access.ts), gone with the browser session. */
export const popupIntentItem: IntentItem = storage.defineItem<StoredIntent | null>('session:popupIntent', {
  version: 1,
  fallback: null,
});

export interface PopupIntents {
  record(intent: PopupIntent): Promise<void>;
  /** The intent recorded in the last POPUP_INTENT_TTL_MS, forgotten as it is taken. */
  take(): Promise<PopupIntent | undefined>;
}

/** Kept in session storage, not memory: the popup may ask a worker woken after the shortcut's. */
export function createPopupIntents(clock: Clock, item: IntentItem = popupIntentItem): PopupIntents {
  let writing: Promise<void> = Promise.resolve();
  return {
    record(intent) {
      writing = item.setValue({ intent, at: clock.now() });
      return writing;
    },
    async take() {
      // The popup a shortcut opened may ask before the intent is written.
      await writing.catch(() => undefined);
      const stored = await item.getValue();
      if (stored === null) return undefined;
      await item.setValue(null);
      const age = clock.now() - stored.at;
      return age >= 0 && age <= POPUP_INTENT_TTL_MS ? stored.intent : undefined;
    },
  };
}

export function createTakePopupIntentHandler(intents: PopupIntents): MessageHandlers['takePopupIntent'] {
  return async () => {
    const intent = await intents.take();
    return intent === undefined ? {} : { intent };
  };
}
