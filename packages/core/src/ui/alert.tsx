import { ALERT_AUTO_CLOSE_MS } from '@partera/contract';
import { useEffect } from 'react';
import { Dialog } from './dialog.js';

export interface AlertProps {
  message: string;
  title?: string;
  onClose: () => void;
  /** Closes by itself after this long (spec 9: 4 s); null keeps it until the buyer closes it. */
  autoCloseMs?: number | null;
}

/** A message box that interrupts: server errors, blocked buying, limits. */
export function Alert({ message, title, onClose, autoCloseMs = ALERT_AUTO_CLOSE_MS }: AlertProps) {
  useEffect(() => {
    if (autoCloseMs === null) return;
    const timer = setTimeout(onClose, autoCloseMs);
    return () => clearTimeout(timer);
  }, [autoCloseMs, onClose]);

  return (
    <Dialog
      role="alertdialog"
      title={title}
      onDismiss={onClose}
      actions={
        <button type="button" className="pt-button pt-button--primary" onClick={onClose}>
          Закрыть
        </button>
      }
    >
      <p className="pt-alert__message">{message}</p>
    </Dialog>
  );
}
