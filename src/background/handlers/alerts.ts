import type { MessageHandlers } from '../../platform/message-dispatch';
import type { AlertBook } from '../alerts/alert-book';

type AlertHandlers = Pick<MessageHandlers, 'listAlerts' | 'saveAlert' | 'deleteAlert' | 'pauseAlert'>;

/** The alerts list and its changes, from extension pages only (the contracts refuse a content script). */
export function createAlertHandlers(book: AlertBook): AlertHandlers {
  return {
    listAlerts: () => book.list(),
    saveAlert: (request) => book.save(request.draft, request.id),
    deleteAlert: async (request) => ({ deleted: await book.remove(request.id) }),
    pauseAlert: (request) => book.pause(request.id, request.paused),
  };
}
