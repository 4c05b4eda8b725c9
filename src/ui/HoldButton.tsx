import { HOLD_MS, useHoldToConfirm } from './use-hold-to-confirm';

export interface HoldButtonProps {
  /** The button's words, while held or not. */
  readonly words: (holding: boolean) => string;
  /** The name a screen reader announces, from the words shown; the words alone without it. */
  readonly label?: (words: string) => string;
  /** Its variant and place: "perch-danger perch-close"; neutral without one. */
  readonly className?: string;
  readonly disabled?: boolean;
  readonly onConfirm: () => void;
}

/** A button that acts only once held down for HOLD_MS (pointer, Space or Enter), with its progress drawn. */
export function HoldButton({ words, label, className, disabled, onConfirm }: HoldButtonProps) {
  const { holding, handlers } = useHoldToConfirm(onConfirm);
  const shown = words(holding);
  return (
    <button
      type="button"
      className={className === undefined ? 'perch-hold' : `perch-hold ${className}`}
      data-holding={holding}
      aria-label={label?.(shown)}
      disabled={disabled}
      {...handlers}
    >
      {holding ? (
        <span
          className="perch-hold-progress"
          style={{ animationDuration: `${HOLD_MS}ms` }}
          aria-hidden="true"
        />
      ) : null}
      <span className="perch-hold-words">{shown}</span>
    </button>
  );
}
