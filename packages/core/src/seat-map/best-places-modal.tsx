/** 'Бронирование лучших мест' (spec 2.1, 8.2): the modal saying why best places cannot be booked. */
import { useRef } from 'react';
import { MSG } from '../store/spec.js';
import { Dialog } from '../ui/dialog.js';
import { T } from './texts.js';

export interface BestPlacesModalProps {
  /** The first value of the check's message. */
  message: string;
  onClose: () => void;
}

export function BestPlacesModal(props: BestPlacesModalProps) {
  const close = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      role="alertdialog"
      title={MSG.bestPlacesTitle}
      onDismiss={props.onClose}
      initialFocus={close}
      actions={
        <button ref={close} type="button" className="pt-button pt-button--primary" onClick={props.onClose}>
          {T.close}
        </button>
      }
    >
      <p>{props.message}</p>
    </Dialog>
  );
}
