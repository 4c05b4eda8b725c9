import { useId, useRef, useState, type RefObject } from 'react';
import { BELL_PATH } from './quote-row-view';

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
      <svg aria-hidden="true" width="14" height="14" viewBox="0 0 16 16" fill="currentColor">
        <path d={BELL_PATH} />
      </svg>
    </button>
  );
}
