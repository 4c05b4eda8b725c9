import { CLOSE_EVERYTHING_COMMAND } from '../contracts/popup-intent';
import type { PopupIntents } from './popup-intent';

export interface HotkeyDeps {
  /** The browser's commands.onCommand. */
  readonly onCommand: (listener: (command: string) => void) => void;
  /**
   * action.openPopup(): Chrome 127 and Firefox allow it from a shortcut's listener; where it is missing or
   * refused, the intent still waits a few seconds for a popup the trader opens.
   */
  readonly openPopup: (() => Promise<void>) | undefined;
  readonly intents: PopupIntents;
  readonly logger: Pick<Console, 'warn'>;
}

/**
 * The close-everything shortcut opens the popup at its confirmation. The popup is opened in the same turn
 * as the shortcut (Firefox allows it only there); the intent's write starts first, and the popup's ask for
 * it waits for that write. Opening the popup itself (_execute_action) is the browser's.
 */
export function startHotkeys({ onCommand, openPopup, intents, logger }: HotkeyDeps): void {
  const warn = (error: unknown) => {
    logger.warn('Perch could not open its popup for the close-everything shortcut:', error);
  };
  onCommand((command) => {
    if (command !== CLOSE_EVERYTHING_COMMAND) return;
    intents.record('close-everything').catch(warn);
    try {
      openPopup?.().catch(warn);
    } catch (error) {
      warn(error);
    }
  });
}
