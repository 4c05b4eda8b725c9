import { EXCHANGE_IDS, EXCHANGE_NAMES, type ExchangeId } from '../contracts/vocabulary';
import { KEY_STEPS } from './exchange-words';

/** Where to make a key on one exchange and with which permissions, step by step. */
export function KeySteps({ exchange }: { readonly exchange: ExchangeId }) {
  return (
    <ol className="perch-steps" aria-label={`Making a key on ${EXCHANGE_NAMES[exchange]}`}>
      {KEY_STEPS[exchange].map((step) => (
        <li key={step}>{step}</li>
      ))}
    </ol>
  );
}

export const IP_WORDS =
  'If your internet address is fixed, bind the key to it: Perch calls the exchange from this browser, so from your address. OKX deletes a trading key bound to no address after 14 days unused; Bybit ends such a key after three months.';

/**
 * Which permissions to give the API keys: read first, trade to close positions, never withdraw or transfer.
 * Perch has no way to move funds, so a key that cannot either is of little use to whoever steals it.
 */
export function KeyPermissionsSection() {
  return (
    <section className="perch-section" aria-labelledby="key-permissions-heading">
      <h3 id="key-permissions-heading">Key permissions</h3>
      <p>
        Perch reads your account and, if you let it, closes positions. A read-only key is enough to watch; add
        trading when you want Perch to close. Never give a key withdrawal or transfer permissions: Perch
        cannot move funds, so a key without them cannot empty the account if it is ever stolen.
      </p>
      {EXCHANGE_IDS.map((exchange) => (
        <div key={exchange}>
          <h4>{EXCHANGE_NAMES[exchange]}</h4>
          <KeySteps exchange={exchange} />
        </div>
      ))}
      <p className="perch-muted">{IP_WORDS}</p>
    </section>
  );
}
