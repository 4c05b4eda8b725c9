import type { HandlerContext, MessageHandlers } from '../../platform/message-dispatch';
import type { Vault } from './vault';

type AnyHandler = (request: never, context: HandlerContext) => Promise<unknown>;

/**
 * Every message a trader's page (popup, options) sends counts as activity and restarts the vault's idle
 * time. What content scripts send does not: a charting page polling quotes is not the trader at work.
 */
export function countingUserActivity(
  handlers: MessageHandlers,
  vault: Pick<Vault, 'recordActivity'>,
): MessageHandlers {
  const counted = Object.fromEntries(
    Object.entries(handlers).map(([name, handler]: [string, AnyHandler]) => [
      name,
      async (request: never, context: HandlerContext) => {
        if (context.sender !== 'content') {
          // A vault that cannot be read (damaged, or stored by a newer Perch) must not
          // take every other message down with it: the message is answered either way.
          await vault.recordActivity().catch((error: unknown) => {
            console.error('Perch could not restart the vault idle time:', error);
          });
        }
        return handler(request, context);
      },
    ]),
  );
  return counted as MessageHandlers;
}
