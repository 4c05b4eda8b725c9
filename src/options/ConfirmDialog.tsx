import { Dialog } from '../ui/Dialog';

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
  if (!open) return null;
  return (
    <Dialog title={title} onClose={onClose}>
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
