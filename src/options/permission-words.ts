/**
 * The exchanges' own permission names (OKX `perm`; Bybit `Group:Permission`) in a trader's words. A name
 * not listed here is shown split into words, so a new permission is never hidden.
 */
const WORDS: Readonly<Record<string, string>> = {
  read_only: 'see the account',
  trade: 'trade',
  withdraw: 'withdraw funds',
  'ContractTrade:Order': 'contract orders',
  'ContractTrade:Position': 'contract positions',
  'Spot:SpotTrade': 'spot trading',
  'Options:OptionsTrade': 'options trading',
  'Derivatives:DerivativesTrade': 'derivatives trading',
  'Wallet:AccountTransfer': 'transfers between your accounts',
  'Wallet:SubMemberTransfer': 'transfers to subaccounts',
  'Wallet:SubMemberTransferList': 'transfers to subaccounts',
  'Wallet:Withdraw': 'withdraw funds',
  'Exchange:ExchangeHistory': 'convert history',
  'Earn:Earn': 'Earn products',
  'CopyTrading:CopyTrading': 'copy trading',
  'NFT:NFTQueryProductList': 'NFT listings',
  'BlockTrade:BlockTrade': 'block trades',
  'Affiliate:Affiliate': 'affiliate data',
};

const spelledOut = (raw: string) =>
  raw
    .replace(/:/g, ' ')
    .replace(/_/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();

/** Each permission once, in the exchange's order, in words. */
export function permissionWords(raw: readonly string[]): string[] {
  return [...new Set(raw.map((name) => WORDS[name] ?? spelledOut(name)))];
}

/** What a key may do in one line: "Can trade: see the account, trade" or "Read only (Perch cannot close positions): see the account". */
export function permissionSummary(permissions: {
  readonly canTrade: boolean;
  readonly raw: readonly string[];
}): string {
  const head = permissions.canTrade ? 'Can trade' : 'Read only (Perch cannot close positions)';
  const words = permissionWords(permissions.raw);
  return words.length === 0 ? head : `${head}: ${words.join(', ')}`;
}
