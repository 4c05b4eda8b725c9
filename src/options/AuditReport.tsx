import { useId } from 'react';
import type { KeyAudit } from '../contracts/profiles';
import { EXCHANGE_NAMES } from '../contracts/vocabulary';
import { permissionSummary } from './permission-words';

const LEVEL_WORDS = { ok: 'OK', info: 'Note', warning: 'Warning', danger: 'Danger' } as const;

const usd = (amount: string) => {
  const value = Number(amount);
  return Number.isFinite(value)
    ? `${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} USD`
    : `${amount} USD`;
};

function Permissions({ permissions }: { readonly permissions: NonNullable<KeyAudit['permissions']> }) {
  return (
    <>
      <dt>Permissions</dt>
      <dd data-field="permissions">{permissionSummary(permissions)}</dd>
      <dt>Withdrawals</dt>
      <dd data-field="withdraw">{permissions.canWithdraw ? 'Can withdraw funds' : 'Cannot withdraw'}</dd>
      <dt>IP whitelist</dt>
      <dd data-field="ips">
        {permissions.ips.length === 0
          ? 'None: the key works from any IP address'
          : permissions.ips.join(', ')}
      </dd>
      <dt>Expires</dt>
      <dd data-field="expiry">
        {permissions.daysLeft === undefined ? 'Does not expire' : `In ${String(permissions.daysLeft)} days`}
      </dd>
    </>
  );
}

/** What a key audit found: reachability, equity, what the key may do, the clock, and each finding. */
export function AuditReport({ audit, label }: { readonly audit: KeyAudit; readonly label: string }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="perch-audit">
      <h4 id={headingId}>{label}</h4>
      {audit.permissions?.canWithdraw === true ? (
        <p role="alert" className="perch-danger-note">
          This key can withdraw funds. Perch never withdraws: on {EXCHANGE_NAMES[audit.exchange]}, make a key
          without withdrawal or transfer permissions and save that one instead.
        </p>
      ) : null}
      <dl>
        <dt>Exchange</dt>
        <dd data-field="reachable">{audit.reachable ? 'Reachable' : 'Not reachable'}</dd>
        {audit.totalEquityUsd === undefined ? null : (
          <>
            <dt>Total equity</dt>
            <dd data-field="equity">{usd(audit.totalEquityUsd)}</dd>
          </>
        )}
        {audit.permissions === undefined ? null : <Permissions permissions={audit.permissions} />}
        {audit.clockOffsetMs === undefined ? null : (
          <>
            <dt>Clock offset</dt>
            <dd data-field="clock">{`${String(Math.round(audit.clockOffsetMs))} ms`}</dd>
          </>
        )}
      </dl>
      {audit.findings.length === 0 ? null : (
        <ul className="perch-findings">
          {audit.findings.map((finding) => (
            <li key={finding.message} data-level={finding.level}>
              <strong>{LEVEL_WORDS[finding.level]}:</strong> {finding.message}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
