import type { UiSettings } from '../contracts/settings';
import { HoldButton } from '../ui/HoldButton';

interface CloseButtonProps {
  /** What is closed, as a screen reader announces it after the button's own words. */
  readonly what: string;
  readonly confirm: UiSettings['closeConfirm'];
  readonly pending: boolean;
  readonly onClose: () => void;
}

function HoldToCloseButton({ what, pending, onClose }: Omit<CloseButtonProps, 'confirm'>) {
  return (
    <HoldButton
      className="perch-close"
      words={(holding) => (pending ? 'Closing…' : holding ? 'Keep holding…' : 'Hold to close')}
      label={(words) => `${words} ${what}`}
      disabled={pending}
      onConfirm={onClose}
    />
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
