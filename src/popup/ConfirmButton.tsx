import { useEffect, useState } from 'react';

/** How long the second click may wait before the button goes back to its first words. */
export const CONFIRM_WINDOW_MS = 4_000;

interface ConfirmButtonProps {
  /** "Cancel all". */
  readonly words: string;
  /** What it says while the action is under way: "Cancelling…". */
  readonly busyWords?: string;
  /** What it acts on, for a screen reader: "orders on OKX BTC-USDT-SWAP". */
  readonly what: string;
  readonly pending: boolean;
  readonly onConfirm: () => void;
}

/** An action a stray click must not give: the first click asks, the second (within a few seconds) acts. */
export function ConfirmButton({
  words,
  busyWords = 'Cancelling…',
  what,
  pending,
  onConfirm,
}: ConfirmButtonProps) {
  const [armed, setArmed] = useState(false);
  useEffect(() => {
    if (!armed) return undefined;
    const timer = setTimeout(() => {
      setArmed(false);
    }, CONFIRM_WINDOW_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [armed]);
  const label = pending ? busyWords : armed ? 'Click again to confirm' : words;
  return (
    <button
      type="button"
      className={armed ? 'perch-secondary perch-armed' : 'perch-secondary'}
      aria-label={`${label}: ${what}`}
      disabled={pending}
      onClick={() => {
        if (!armed) {
          setArmed(true);
          return;
        }
        setArmed(false);
        onConfirm();
      }}
    >
      {label}
    </button>
  );
}
