import { useId, useRef, useState, type RefObject } from 'react';

/** A row's alert form: open or not, and closing it gives the focus back to the bell that opened it. */
export function useRowAlert() {
  const id = useId();
  const [open, setOpen] = useState(false);
  const bell = useRef<HTMLButtonElement>(null);
  return {
    id,
    open,
    bell,
    toggle: () => {
      setOpen(!open);
    },
    close: () => {
      setOpen(false);
      bell.current?.focus();
    },
  };
}

/** The bell that opens an alert form under a row: a disclosure, named for what it watches. */
export function AlertBell({
  ref,
  what,
  open,
  controls,
  onToggle,
}: {
  readonly ref: RefObject<HTMLButtonElement | null>;
  /** "OKX BTC-USDT-SWAP perpetual". */
  readonly what: string;
  readonly open: boolean;
  readonly controls: string;
  readonly onToggle: () => void;
}) {
  return (
    <button
      ref={ref}
      type="button"
      className="perch-secondary perch-alert-bell"
      aria-expanded={open}
      aria-controls={controls}
      aria-label={`Alert for ${what}`}
      title={`Alert for ${what}`}
      onClick={onToggle}
    >
      {/* Drawn, not an emoji: a system without a colour emoji font shows a blank box for one. */}
      <svg aria-hidden="true" width="14" height="14" viewBox="0 0 16 16" fill="currentColor">
        <path d="M8 1.5a1 1 0 0 1 1 1v.6a4.5 4.5 0 0 1 3.5 4.4v3l1.2 1.6a.6.6 0 0 1-.5 1H2.8a.6.6 0 0 1-.5-1l1.2-1.6v-3A4.5 4.5 0 0 1 7 3.1v-.6a1 1 0 0 1 1-1ZM6.3 14h3.4a1.7 1.7 0 0 1-3.4 0Z" />
      </svg>
    </button>
  );
}
