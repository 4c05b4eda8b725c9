import { FIRST_WANT, HUB_PORT } from '../../src/contracts/port-names';
import { connectPort } from '../../src/platform/port-client';

/**
 * The benchmark's reference page (bench/browser/popup-open.ts), built only into the benchmark's build
 * (wxt.config.ts): an extension page that only opens the hub port, asks what the popup asks, and writes
 * the first price it gets where the popup's watchlist row has it.
 */
const client = connectPort({
  name: HUB_PORT,
  onMessage(raw) {
    const price = (raw as { quotes?: readonly { last?: string }[] }).quotes?.find(
      (quote) => quote.last !== undefined,
    )?.last;
    if (price === undefined) return;
    client.close();
    const row = document.body.appendChild(document.createElement('li'));
    row.className = 'perch-quote';
    row.appendChild(document.createElement('strong')).className = 'perch-price';
    row.firstElementChild?.append(price);
  },
});
client.send(FIRST_WANT);
