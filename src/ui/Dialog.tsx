import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface DialogProps {
  readonly title: string;
  readonly children: ReactNode;
  /** Escape, or the dialog's own cancel, asks this; the caller then stops rendering the dialog. */
  readonly onClose: () => void;
}

const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), select, textarea, [tabindex="0"]';

/**
 * A modal question over the page: focus moves into it, Tab and Shift+Tab stay inside, Escape closes it,
 * and focus goes back where it was. Rendered only while open.
 */
export function Dialog({ title, children, onClose }: DialogProps) {
  const box = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useEffect(() => {
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    (box.current?.querySelector<HTMLElement>(FOCUSABLE) ?? box.current)?.focus();
    return () => before?.focus();
  }, []);
  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || box.current === null) return;
    const stops = [...box.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = stops[0];
    const last = stops.at(-1);
    if (first === undefined || last === undefined) return;
    const wrapTo = event.shiftKey ? (document.activeElement === first ? last : undefined) : undefined;
    const wrapFrom = !event.shiftKey && document.activeElement === last ? first : undefined;
    const target = wrapTo ?? wrapFrom;
    if (target === undefined) return;
    event.preventDefault();
    target.focus();
  }
  return (
    <div className="perch-dialog-backdrop">
      <div
        ref={box}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className="perch-dialog"
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId}>{title}</h2>
        {children}
      </div>
    </div>
  );
}
