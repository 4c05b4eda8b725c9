/** The id the key audit's withdraw warning links to. */
export const KEY_PERMISSIONS_ID = 'key-permissions';

/**
 * Which permissions to give the API keys saved below: read and trade, never withdraw or transfer. Perch has
 * no way to move funds, so a key that can only shows the account and closes positions if it is stolen.
 */
export function KeyPermissionsSection() {
  const headingId = `${KEY_PERMISSIONS_ID}-heading`;
  return (
    <section id={KEY_PERMISSIONS_ID} className="perch-section" aria-labelledby={headingId}>
      <h2 id={headingId}>Key permissions</h2>
      <p>
        Perch reads your account and closes positions: its keys need to read and trade, and never to withdraw
        or transfer. Perch cannot move funds, so a key without those permissions cannot empty the account if
        it is ever stolen.
      </p>
      <ul>
        <li>
          <strong>OKX:</strong> Read and Trade. Leave Withdraw off.
        </li>
        <li>
          <strong>Bybit:</strong> Read-Write, with Contract Orders and Positions (the key check shows them as
          ContractTrade:Order and ContractTrade:Position); add Spot or Options trading only to close those
          positions with Perch. Leave every Wallet permission off (Account Transfer, Subaccount Transfer,
          Withdrawal), and Convert and Earn too.
        </li>
        <li>
          If your internet address is fixed, bind the key to it: Perch calls the exchange from this browser,
          so from your address. OKX deletes a trading key bound to no address after 14 days unused; Bybit ends
          such a key after three months.
        </li>
      </ul>
    </section>
  );
}
