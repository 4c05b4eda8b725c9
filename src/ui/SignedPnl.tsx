import { formatSignedAmount, formatSignedPercent, signTone } from './format-signed';

export interface SignedPnlProps {
  /** Undefined while it is not known: shown as "—", with the reason on hover. */
  readonly amount: number | undefined;
  readonly unit: string;
  /** Of the margin, say: shown after the amount when given. */
  readonly percent?: number | undefined;
  readonly size?: 'md' | 'lg' | 'xl';
  /** Why there is no amount: "PnL not known yet". */
  readonly unknown?: string;
}

/** A profit or loss: always its sign in the text, coloured by meaning (up, down, flat), the % beside it. */
export function SignedPnl({ amount, unit, percent, size = 'md', unknown = 'not known yet' }: SignedPnlProps) {
  if (amount === undefined)
    return (
      <span className="perch-signed perch-muted" data-size={size} title={unknown}>
        —<span className="perch-visually-hidden"> {unknown}</span>
      </span>
    );
  return (
    <span className={`perch-signed ${signTone(amount)}`} data-size={size}>
      {formatSignedAmount(amount, unit)}
      {percent === undefined ? null : (
        <span className="perch-signed-percent">{formatSignedPercent(percent)}</span>
      )}
    </span>
  );
}
