import { useStore } from 'zustand';
import type { ExposureView } from '../contracts/portfolio';
import { EXCHANGE_NAMES } from '../contracts/exchange-names';
import { formatPrice } from '../ui/format-price';
import { signTone } from '../ui/format-signed';
import { formatMoney } from './account-words';
import type { PopupStore } from './store';

const signed = (value: string) => (value.startsWith('-') || Number(value) === 0 ? value : `+${value}`);

function ExposureRow({ exposure }: { exposure: ExposureView }) {
  const parts = exposure.byExchange
    .map(({ exchange, sizeCoin }) => `${EXCHANGE_NAMES[exchange]} ${signed(formatPrice(sizeCoin))}`)
    .join(', ');
  return (
    <tr data-coin={exposure.coin}>
      <th scope="row">{exposure.coin}</th>
      <td className={signTone(Number(exposure.netCoin))}>
        {signed(exposure.netCoin)} {exposure.coin}
      </td>
      <td>{exposure.netUsd === undefined ? 'not known' : `${signed(formatMoney(exposure.netUsd))} USD`}</td>
      <td className="perch-muted">{parts}</td>
    </tr>
  );
}

/** Each coin's positions netted across both exchanges: an OKX long and a Bybit short of BTC net out. */
export function ExposurePanel({ store }: { store: PopupStore }) {
  const exposure = useStore(store, (state) => state.account.totals?.exposure);
  const unlocked = useStore(store, (state) => state.vault.kind === 'unlocked');
  if (!unlocked || exposure === undefined || exposure.length === 0) return null;
  return (
    <section className="perch-section" aria-labelledby="perch-exposure-title">
      <h2 id="perch-exposure-title">Net exposure</h2>
      <table className="perch-figure-table perch-exposure">
        <thead>
          <tr>
            <th scope="col">Coin</th>
            <th scope="col">Net</th>
            <th scope="col">Net USD</th>
            <th scope="col">By exchange</th>
          </tr>
        </thead>
        <tbody>
          {exposure.map((item) => (
            <ExposureRow key={item.coin} exposure={item} />
          ))}
        </tbody>
      </table>
    </section>
  );
}
