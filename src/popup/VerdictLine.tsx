import type { RuleVerdict } from '../contracts/protection-rules';

export interface VerdictLineProps {
  readonly id: string;
  /** Undefined while nothing has been typed. */
  readonly verdict: RuleVerdict<{ readonly warning?: string | undefined }> | undefined;
  /** What an accepted entry will send, in words: "Sends 61,250.0." */
  readonly sends: string | undefined;
  /** The trader pressed once on a warning: the next press sends anyway. */
  readonly confirming?: boolean;
}

/**
 * A form's check, live as the trader types: what will be sent and any rounding in a polite live region,
 * a refusal or a warning as an alert.
 */
export function VerdictLine({ id, verdict, sends, confirming = false }: VerdictLineProps) {
  const accepted = verdict?.ok === true ? verdict : undefined;
  const warning = accepted?.warning;
  return (
    <div id={id} className="perch-verdict">
      <p className="perch-muted" role="status">
        {accepted === undefined ? '' : [sends, ...accepted.notes].filter(Boolean).join(' ')}
      </p>
      {verdict?.ok === false ? (
        <p className="perch-problem" role="alert">
          {verdict.message} Nothing is sent.
        </p>
      ) : null}
      {warning === undefined ? null : (
        <p className="perch-warning" role="alert">
          {warning} {confirming ? 'Press again to send it anyway.' : 'Sending it takes a second press.'}
        </p>
      )}
    </div>
  );
}
