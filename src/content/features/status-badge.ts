import { EXCHANGE_NAMES } from '../../contracts/vocabulary';
import type { ResponseOf } from '../../contracts/define';
import type { ContentContracts } from '../../platform/content-client';
import type { MessageClient } from '../../platform/message-client';
import { formatPrice } from '../../ui/format-price';

type OverlayStatus = ResponseOf<ContentContracts['overlayStatus']>;

/** One line for the badge: each exchange's price, or that it does not answer. */
function describeExchanges({ exchanges }: OverlayStatus): string {
  if (!exchanges.some((status) => status.lastPrice !== undefined)) return 'Perch: no exchange answers';
  const parts = exchanges.map(({ exchange, lastPrice }) =>
    lastPrice === undefined
      ? `${EXCHANGE_NAMES[exchange]} not answering`
      : `${EXCHANGE_NAMES[exchange]} ${formatPrice(lastPrice)}`,
  );
  return `Perch · ${parts.join(' · ')}`;
}

/** Shows that Perch is on this page and which exchanges answer it. */
export async function showStatusBadge(
  root: ShadowRoot,
  client: MessageClient<ContentContracts>,
): Promise<void> {
  const badge = root.ownerDocument.createElement('div');
  badge.className = 'badge';
  badge.setAttribute('role', 'status');
  badge.textContent = 'Perch: connecting…';
  root.append(badge);
  try {
    badge.textContent = describeExchanges(await client.send('overlayStatus', {}));
  } catch {
    badge.textContent = 'Perch: not connected';
  }
}
