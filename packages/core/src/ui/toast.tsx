import { TOAST_AUTO_CLOSE_MS } from '@partera/contract';
import { useEffect } from 'react';

export type ToastKind = 'error' | 'success';

export interface ToastProps {
  message: string;
  kind?: ToastKind;
  onClose: () => void;
  /** Spec 9: toasts close after 5 s. */
  autoCloseMs?: number;
}

/**
 * A short note that does not take the focus. Errors are announced at once (role alert),
 * successes politely (role status).
 */
export function Toast({ message, kind = 'error', onClose, autoCloseMs = TOAST_AUTO_CLOSE_MS }: ToastProps) {
  useEffect(() => {
    const timer = setTimeout(onClose, autoCloseMs);
    return () => clearTimeout(timer);
  }, [autoCloseMs, onClose]);

  return (
    <div className={`pt-toast pt-toast--${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      <span className="pt-toast__message">{message}</span>
      <button type="button" className="pt-toast__close" aria-label="Закрыть уведомление" onClick={onClose}>
        ×
      </button>
    </div>
  );
}
