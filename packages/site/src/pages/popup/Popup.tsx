/** @jsxRuntime automatic */
import type { ReactNode } from 'react';

/**
 * The generic popup of site-browsing-account.md 2.1, server-rendered as a closed <dialog> that
 * client/parts/popup.ts opens (any `[data-popup-open="{id}"]` button) and closes. Its options are the
 * spec's list; the close callback is the script's (client/parts/popup.ts `openPopup(…, { onClose })`).
 * The overlay (the dialog's backdrop) closes it unless `ignoreOverlayClick`; Escape closes it too.
 */
export interface PopupProps {
  id: string;
  /** Labels the dialog: the header's title text. */
  title: string;
  /** The header (the title and the close icon); default shown. */
  header?: boolean;
  /** The footer; default shown when there is footer content. */
  footer?: boolean;
  /** The close icon in the header; default not shown (the spec's default). */
  closeIcon?: boolean;
  /** Extra header content after the title. */
  headerContent?: ReactNode;
  footerContent?: ReactNode;
  children: ReactNode;
  size?: 'small' | 'medium' | 'large';
  theme?: 'light' | 'accent';
  /** 'none' removes the padding (a picture or a map from edge to edge). */
  padding?: 'none';
  ignoreOverlayClick?: boolean;
  className?: string;
}

export function Popup(props: PopupProps) {
  const { id, title, header = true, footer = true, closeIcon = false, size = 'medium', theme = 'light' } = props;
  const classes = ['popup', `popup--${size}`, `popup--${theme}`, props.padding === 'none' ? 'popup--flush' : '']
    .concat(props.className ? [props.className] : [])
    .filter(Boolean)
    .join(' ');
  const titleId = `${id}-title`;
  return (
    <dialog
      className={classes}
      id={id}
      aria-labelledby={titleId}
      data-popup=""
      data-ignore-overlay={props.ignoreOverlayClick ? '' : undefined}
    >
      {header ? (
        <div className="popup__header">
          <h2 className="popup__title" id={titleId}>
            {title}
          </h2>
          {props.headerContent}
          {closeIcon ? (
            <button type="button" className="popup__close" data-popup-close="" aria-label="Закрыть">
              ×
            </button>
          ) : null}
        </div>
      ) : (
        <h2 className="visually-hidden" id={titleId}>
          {title}
        </h2>
      )}
      <div className="popup__body">{props.children}</div>
      {footer && props.footerContent ? <div className="popup__footer">{props.footerContent}</div> : null}
    </dialog>
  );
}

/** A button that opens the popup with this id (client/parts/popup.ts). */
export function PopupOpener({
  popup,
  className,
  children,
  label,
}: {
  popup: string;
  className?: string;
  children: ReactNode;
  label?: string;
}) {
  return (
    <button
      type="button"
      className={className}
      data-popup-open={popup}
      aria-haspopup="dialog"
      aria-controls={popup}
      aria-label={label}
    >
      {children}
    </button>
  );
}
