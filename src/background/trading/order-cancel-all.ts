import type { CancelAllResult } from '../../contracts/orders';
import type { ExchangeId } from '../../contracts/vocabulary';
import type { OrderAck } from '../../exchanges';
import { failedWords, refusedWords } from './order-cancel-words';
import type { OrderEnd } from './order-end-watch';

/** A cancel-all's report in counts and words: what the stream showed of each order the exchange was asked about. */

const plural = (count: number, one: string, many: string) => `${String(count)} ${count === 1 ? one : many}`;

export function tallyCancelAll(
  where: string,
  acks: readonly OrderAck[],
  ends: ReadonlyMap<string, OrderEnd>,
): CancelAllResult {
  const tally = { cancelled: 0, filled: 0, refused: 0, unconfirmed: 0 };
  const refusals: string[] = [];
  for (const ack of acks) {
    const end = ends.get(ack.orderId);
    if (end !== undefined) {
      tally[end === 'filled' ? 'filled' : 'cancelled'] += 1;
    } else if (ack.code === '0') {
      tally.unconfirmed += 1;
    } else {
      const words = refusedWords(`the order ${ack.orderId}`, ack.exchange, ack.code, ack.message);
      tally[words.status === 'unconfirmed' ? 'refused' : words.status] += 1;
      if (words.status === 'refused') refusals.push(words.message);
    }
  }
  if (acks.length === 0) return { ...tally, message: `No open orders to cancel on ${where}.` };
  const parts = [
    tally.cancelled > 0 ? `${plural(tally.cancelled, 'order', 'orders')} cancelled` : undefined,
    tally.filled > 0
      ? `${plural(tally.filled, 'order', 'orders')} filled before the cancel reached them`
      : undefined,
    tally.refused > 0 ? `${plural(tally.refused, 'cancel', 'cancels')} refused` : undefined,
    tally.unconfirmed > 0
      ? `${plural(tally.unconfirmed, 'cancel', 'cancels')} taken but not yet shown cancelled; look at the list before cancelling again`
      : undefined,
  ].filter((part) => part !== undefined);
  const first = refusals[0] === undefined ? '' : ` ${refusals[0]}`;
  return { ...tally, message: `${where}: ${parts.join('; ')}.${first}` };
}

/** The whole call failed: nothing is known to be cancelled. */
export function cancelAllWords(exchange: ExchangeId, where: string, error: unknown): CancelAllResult {
  const { message } = failedWords(`the open orders on ${where}`, exchange, error);
  return { cancelled: 0, filled: 0, refused: 0, unconfirmed: 0, message };
}
