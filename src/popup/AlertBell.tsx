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
  what,
  alert,
}: {
  /** "OKX BTC-USDT-SWAP perpetual". */
  readonly what: string;
  readonly alert: {
    readonly id: string;
    readonly open: boolean;
    readonly bell: RefObject<HTMLButtonElement | null>;
    readonly toggle: () => void;
  };
}) {
  return (
    <button
      ref={alert.bell}
      type="button"
      className="perch-secondary perch-alert-bell"
      aria-expanded={alert.open}
      aria-controls={alert.id}
      aria-label={`Alert for ${what}`}
      title={`Alert for ${what}`}
      onClick={alert.toggle}
    >
      <span aria-hidden="true">🔔</span>
    </button>
  );
}
