/**
 * Seat photos (spec 2.1, 3.1 hallPlaceImages): when the page carries a photo of the view from a
 * seat, its tooltip offers a toggle that opens the photo over the page. The overlay is a modal
 * dialog: the focus moves into it, stays in it, Escape or its button closes it, and the focus
 * returns to the toggle.
 */
import { createPortal } from 'react-dom';
import { Dialog } from '../ui/dialog.js';
import { T } from './texts.js';

export { placePhoto } from './place-photo.js';

export interface SeatPhotoToggleProps {
  open: boolean;
  onToggle: () => void;
}

export function SeatPhotoToggle(props: SeatPhotoToggleProps) {
  return (
    <button
      type="button"
      className="pt-link pt-photo-toggle"
      aria-haspopup="dialog"
      aria-expanded={props.open}
      onClick={props.onToggle}
    >
      {T.seatPhoto}
    </button>
  );
}

export interface SeatPhotoOverlayProps {
  image: string;
  /** The seat's label, 'Партер, ряд 5, место 12'. */
  label: string;
  onClose: () => void;
}

export function SeatPhotoOverlay(props: SeatPhotoOverlayProps) {
  const dialog = (
    <Dialog
      title={T.seatPhoto}
      onDismiss={props.onClose}
      actions={
        <button type="button" className="pt-button pt-button--primary" onClick={props.onClose}>
          {T.close}
        </button>
      }
    >
      <figure className="pt-seat-photo">
        <img src={props.image} alt={T.seatPhotoOf(props.label)} />
        <figcaption>{props.label}</figcaption>
      </figure>
    </Dialog>
  );
  // Out of the tooltip: a transformed ancestor would hold a fixed overlay inside itself.
  return typeof document === 'undefined' ? dialog : createPortal(dialog, document.body);
}
