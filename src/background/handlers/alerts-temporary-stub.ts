import type { MessageHandlers } from '../../platform/message-dispatch';
import { PerchError } from '../../contracts/perch-error';

type AlertHandlers = Pick<
  MessageHandlers,
  'listAlerts' | 'saveAlert' | 'deleteAlert' | 'pauseAlert' | 'createChartAlert'
>;

/**
 * TEMPORARY (branch alerts-alertui only): lets the alert screens compile before the alert handlers land.
 * The lead replaces this file with the real handlers when merging.
 */
const notYet = (): Promise<never> =>
  Promise.reject(new PerchError('InternalError', 'Alerts are not available in this build yet.'));

export const temporaryAlertHandlers: AlertHandlers = {
  listAlerts: () => Promise.resolve({ alerts: [], history: [] }),
  saveAlert: notYet,
  deleteAlert: notYet,
  pauseAlert: notYet,
  createChartAlert: notYet,
};
