import { useEffect, useId, useRef, type ReactNode } from 'react';

/**
 * A modal dialog (the browser's own `<dialog>`: focus stays inside, Escape closes it). Shown while `open`;
 * `onClose` runs when the trader dismisses it (Escape or Cancel).
 */
export function Dialog({
  open,
  title,
  onClose,
  children,
}: {
  readonly open: boolean;
  readonly title: string;
  readonly onClose: () => void;
  readonly children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog === null) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className="perch-dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      {open ? (
        <>
          <h2 id={titleId}>{title}</h2>
          {children}
        </>
      ) : null}
    </dialog>
  );
}

/** A destructive action asked twice: the dialog says what happens, Cancel is first, the action is red. */
export function ConfirmDialog({
  open,
  title,
  words,
  action,
  pending,
  failure,
  onConfirm,
  onClose,
}: {
  readonly open: boolean;
  readonly title: string;
  readonly words: string;
  readonly action: string;
  readonly pending: boolean;
  readonly failure: string | undefined;
  readonly onConfirm: () => void;
  readonly onClose: () => void;
}) {
  return (
    <Dialog open={open} title={title} onClose={onClose}>
      <p>{words}</p>
      {failure === undefined ? null : (
        <p role="alert" className="perch-problem">
          {failure}
        </p>
      )}
      <div className="perch-dialog-actions">
        <button type="button" onClick={onClose}>
          Cancel
        </button>
        <button type="button" className="perch-danger" disabled={pending} onClick={onConfirm}>
          {pending ? 'Working…' : action}
        </button>
      </div>
    </Dialog>
  );
}
