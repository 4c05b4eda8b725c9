import type { MessageHandlers } from '../../platform/message-dispatch';
import type { Vault } from './vault';

/**
 * Every message a trader's page (popup, options) sends counts as activity and restarts the vault's idle
 * time. What content scripts send does not: a charting page polling quotes is not the trader at work.
 */
export function countingUserActivity(
  handlers: MessageHandlers,
  vault: Pick<Vault, 'recordActivity'>,
): MessageHandlers {
  const counted = Object.fromEntries(
    Object.entries(handlers).map(([name, handler]) => [
      name,
      async (request: never, context: Parameters<typeof handler>[1]) => {
        if (context.sender !== 'content') await vault.recordActivity();
        return (handler as (request: never, context: Parameters<typeof handler>[1]) => Promise<unknown>)(
          request,
          context,
        );
      },
    ]),
  );
  return counted as MessageHandlers;
}
