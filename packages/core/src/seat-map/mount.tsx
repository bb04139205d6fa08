/**
 * Mounting without React in the host: `mountHallView(element, options)` renders the widget into
 * `element`, dispatches its signals there, and returns the function that unmounts it. The
 * script-tag build aliases react to preact/compat, so partners get the same widget.
 */
import { createRoot } from 'react-dom/client';
import type { MountCommon } from '../ui/mount.js';
import { injectCss, uiCss } from '../ui/styles.js';
import { HallView, type HallViewProps } from './HallView.js';
import { injectSeatMapCss } from './styles.js';

export interface MountHallViewOptions extends Omit<HallViewProps, 'eventTarget'>, Pick<MountCommon, 'injectStyles'> {}

export function mountHallView(element: HTMLElement, options: MountHallViewOptions): () => void {
  const { injectStyles = true, ...props } = options;
  if (injectStyles) {
    // The shared dialogs (the seat photo, best places) use the widgets' common look.
    injectCss('ui', uiCss, element.ownerDocument);
    injectSeatMapCss(element.ownerDocument);
  }
  const root = createRoot(element);
  root.render(<HallView {...props} eventTarget={element} />);
  return () => root.unmount();
}
