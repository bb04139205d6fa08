/**
 * Mounting without React in the host: `mountHallView(element, options)` renders the widget into
 * `element`, dispatches its signals there, and returns the function that unmounts it. The
 * script-tag build aliases react to preact/compat, so partners get the same widget.
 */
import { createRoot } from 'react-dom/client';
import type { MountCommon } from '../ui/mount.js';
import { HallView, type HallViewProps } from './HallView.js';
import { styleTools } from './load-tools.js';
import { injectSeatMapPart, planCss } from './plan-styles.js';

export interface MountHallViewOptions extends Omit<HallViewProps, 'eventTarget'>, Pick<MountCommon, 'injectStyles'> {}

export function mountHallView(element: HTMLElement, options: MountHallViewOptions): () => void {
  const { injectStyles = true, ...props } = options;
  if (injectStyles) {
    // The plan's rules now; the tools' rules (and the widgets' common look their dialogs use) come with them.
    injectSeatMapPart(element.ownerDocument, 'plan', planCss);
    styleTools(element.ownerDocument);
  }
  const root = createRoot(element);
  root.render(<HallView {...props} eventTarget={element} />);
  return () => root.unmount();
}
