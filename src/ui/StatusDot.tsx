import type { ConnectionTone } from './connection-label';

/** A coloured dot with its meaning in words beside it: the colour is never the only signal. */
export function StatusDot({ tone, label }: { tone: ConnectionTone; label: string }) {
  return (
    <span className="perch-status-dot" data-tone={tone}>
      <span className="perch-dot" aria-hidden="true" />
      {label}
    </span>
  );
}
