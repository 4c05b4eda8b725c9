import type { MessageHandlers } from '../../platform/message-dispatch';
import type { FlattenService } from '../trading/flatten-service';

/** "Close everything" and following its progress: extension popup only (the contracts' senders). */
export function createFlattenHandlers(
  flatten: FlattenService,
): Pick<MessageHandlers, 'closeEverything' | 'flattenStatus'> {
  return {
    closeEverything: () => flatten.start(),
    flattenStatus: () => flatten.status(),
  };
}
