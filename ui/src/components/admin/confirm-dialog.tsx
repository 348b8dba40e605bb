import { useEffect, useId, useRef, type ReactNode } from 'react';

interface ConfirmDialogProps {
  title: string;
  /** What will happen, in plain words (and whether the customer is emailed). */
  children: ReactNode;
  confirmLabel: string;
  busy: boolean;
  busyLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** An id for browser tests; its buttons are `${id}-confirm` and `${id}-cancel`. */
  id: string;
}

/**
 * A modal confirmation: role="dialog" with aria-modal, its title and text read out,
 * focus moved to the confirm button when it opens and back to what had it when it
 * closes, Escape or "Go back" to leave without doing anything, and Tab kept inside.
 */
export function ConfirmDialog({ title, children, confirmLabel, busy, busyLabel, onConfirm, onCancel, id }: ConfirmDialogProps) {
  const titleId = useId();
  const textId = useId();
  const box = useRef<HTMLDivElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef(onCancel);
  cancelRef.current = onCancel;

  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    confirmButton.current?.focus();
    return () => before?.focus?.();
  }, []);

  function onKeyDown(e: React.KeyboardEvent<HTMLDivElement>) {
    if (e.key === 'Escape') {
      e.preventDefault();
      cancelRef.current();
      return;
    }
    if (e.key !== 'Tab' || !box.current) return;
    const buttons = Array.from(box.current.querySelectorAll<HTMLElement>('button:not([disabled])'));
    const first = buttons[0];
    const last = buttons[buttons.length - 1];
    if (!first || !last) return;
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  }

  return (
    <div className="confirm-dialog__backdrop">
      <div
        id={id}
        ref={box}
        className="confirm-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={textId}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId} className="confirm-dialog__title">
          {title}
        </h2>
        <div id={textId} className="confirm-dialog__text">
          {children}
        </div>
        <div className="confirm-dialog__actions">
          <button id={`${id}-cancel`} type="button" className="btn btn--small btn--outline" onClick={onCancel} disabled={busy}>
            Go back
          </button>
          <button id={`${id}-confirm`} ref={confirmButton} type="button" className="btn btn--small btn--danger-fill" onClick={onConfirm} disabled={busy}>
            {busy && busyLabel ? busyLabel : confirmLabel}
          </button>
        </div>
      </div>
    </div>
  );
}
