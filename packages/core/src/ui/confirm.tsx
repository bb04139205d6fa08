import { messages } from '@partera/contract';
import { useRef } from 'react';
import { Dialog } from './dialog.js';

export interface ConfirmDialogProps {
  message: string;
  /** The label of the action button, e.g. 'Удалить'. */
  actionLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A yes/no question. The focus starts on 'Отмена', so Enter never destroys anything by accident. */
export function ConfirmDialog({ message, actionLabel, onConfirm, onCancel }: ConfirmDialogProps) {
  const cancel = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      role="alertdialog"
      onDismiss={onCancel}
      initialFocus={cancel}
      actions={
        <>
          <button ref={cancel} type="button" className="pt-button pt-button--secondary" onClick={onCancel}>
            {messages.cancel}
          </button>
          <button type="button" className="pt-button pt-button--primary" onClick={onConfirm}>
            {actionLabel}
          </button>
        </>
      }
    >
      <p>{message}</p>
    </Dialog>
  );
}
