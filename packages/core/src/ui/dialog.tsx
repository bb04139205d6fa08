import { type KeyboardEvent, type ReactNode, type RefObject, useEffect, useId, useRef } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea, [tabindex]:not([tabindex="-1"])';

export interface DialogProps {
  /** 'alertdialog' for messages that interrupt (confirmations, errors), 'dialog' otherwise. */
  role?: 'dialog' | 'alertdialog';
  title?: string;
  /** The message; it is the dialog's accessible description. */
  children: ReactNode;
  /** The buttons row. */
  actions: ReactNode;
  /** Escape key; omit to make the dialog closable only by its buttons. */
  onDismiss?: () => void;
  /** What gets the focus on open; the first focusable element otherwise. */
  initialFocus?: RefObject<HTMLElement | null>;
}

/**
 * A modal box: focus moves into it on open, Tab cycles inside it, Escape dismisses it, and
 * the focus returns where it was when it closes.
 */
export function Dialog({ role = 'dialog', title, children, actions, onDismiss, initialFocus }: DialogProps) {
  const box = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const target = initialFocus?.current ?? box.current?.querySelector<HTMLElement>(FOCUSABLE) ?? box.current;
    target?.focus();
    return () => {
      if (previous && typeof previous.focus === 'function' && previous.isConnected) previous.focus();
    };
  }, [initialFocus]);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape' && onDismiss) {
      e.stopPropagation();
      onDismiss();
      return;
    }
    if (e.key !== 'Tab' || !box.current) return;
    const items = Array.from(box.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };

  return (
    <div className="pt-overlay">
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the role is dialog or alertdialog, set from a prop */}
      {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: both dialog roles support aria-modal */}
      <div
        ref={box}
        className="pt-dialog"
        role={role}
        aria-modal="true"
        aria-labelledby={title ? titleId : undefined}
        aria-describedby={bodyId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        {title ? (
          <h2 id={titleId} className="pt-dialog__title">
            {title}
          </h2>
        ) : null}
        <div id={bodyId} className="pt-dialog__body">
          {children}
        </div>
        <div className="pt-dialog__actions">{actions}</div>
      </div>
    </div>
  );
}
