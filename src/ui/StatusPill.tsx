import type { ReactNode } from 'react';

/** What a pill says by its colour; its words always say it too. */
export type PillTone = 'live' | 'ok' | 'stale' | 'warning' | 'down' | 'danger' | 'neutral';

export interface StatusPillProps {
  readonly tone: PillTone;
  /** The state in words: "Live", "Stale · 42 s", "Unprotected". */
  readonly children: ReactNode;
  /** The detail a pointer's hover gives: the address behind "Simulator", the raw error. */
  readonly title?: string | undefined;
}

/** A state in a word or two, tinted by its meaning: never colour alone. */
export function StatusPill({ tone, children, title }: StatusPillProps) {
  return (
    <span className="perch-pill" data-tone={tone} title={title}>
      {children}
    </span>
  );
}
