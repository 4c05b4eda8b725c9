import { contracts } from '../contracts';
import type { MessageHandlers } from './message-dispatch';

/**
 * A handler for every contract, none of which may be called: a router test overrides the ones it
 * sends, and stays compiling as contracts are added.
 */
export function unusedHandlers(): MessageHandlers {
  const unused = () => Promise.reject(new Error('not called in this test'));
  return Object.fromEntries(
    Object.keys(contracts).map((name) => [name, unused]),
  ) as unknown as MessageHandlers;
}
