import { PerchError } from '../../contracts/perch-error';
import type { MessageHandlers } from '../../platform/message-dispatch';

/** Messages whose handlers are being built; each answers that it is not available yet. */
export function notBuiltYetHandlers(): Pick<
  MessageHandlers,
  'readSettings' | 'saveSettings' | 'overlaySettings' | 'saveBadgePlacement' | 'searchInstruments'
> {
  const notYet = () => Promise.reject(new PerchError('InternalError', 'This is not available yet.'));
  return {
    readSettings: notYet,
    saveSettings: notYet,
    overlaySettings: notYet,
    saveBadgePlacement: notYet,
    searchInstruments: notYet,
  };
}
