import type { UiSettings } from '../contracts/settings';
import { HOLD_MS, useHoldToConfirm } from './use-hold-to-confirm';

interface CloseButtonProps {
  /** What is closed, as a screen reader announces it after the button's own words. */
  readonly what: string;
  readonly confirm: UiSettings['closeConfirm'];
  readonly pending: boolean;
  readonly onClose: () => void;
}

function HoldToCloseButton({ what, pending, onClose }: Omit<CloseButtonProps, 'confirm'>) {
  const { holding, handlers } = useHoldToConfirm(onClose);
  const words = pending ? 'Closing…' : holding ? 'Keep holding…' : 'Hold to close';
  return (
    <button
      type="button"
      className="perch-close"
      data-holding={holding}
      aria-label={`${words} ${what}`}
      disabled={pending}
      {...handlers}
    >
      {holding ? (
        <span
          className="perch-hold-progress"
          style={{ animationDuration: `${HOLD_MS}ms` }}
          aria-hidden="true"
        />
      ) : null}
      <span className="perch-close-words">{words}</span>
    </button>
  );
}

/** Closes one position at market: by one click, or held down when the trader asked for that in options. */
export function CloseButton({ what, confirm, pending, onClose }: CloseButtonProps) {
  if (confirm === 'hold') return <HoldToCloseButton what={what} pending={pending} onClose={onClose} />;
  const words = pending ? 'Closing…' : 'Close';
  return (
    <button
      type="button"
      className="perch-close"
      aria-label={`${words} ${what}`}
      disabled={pending}
      onClick={onClose}
    >
      {words}
    </button>
  );
}
