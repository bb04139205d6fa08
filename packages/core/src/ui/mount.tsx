import type { ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { injectCss, uiCss } from './styles.js';

export interface MountCommon {
  /** Attach to server-rendered markup of the same widget instead of rendering afresh. */
  hydrate?: boolean;
  /** Add the widget's style sheet to the document (default true); false when the host ships it. */
  injectStyles?: boolean;
}

/** Renders a widget into `element`; the returned function unmounts it. */
export function mountWidget(
  element: Element,
  node: ReactNode,
  styles: { id: string; css: string },
  options: MountCommon,
): () => void {
  if (options.injectStyles !== false) {
    const doc = element.ownerDocument;
    injectCss('ui', uiCss, doc);
    injectCss(styles.id, styles.css, doc);
  }
  const root = options.hydrate ? hydrateRoot(element, node) : createRoot(element);
  if (!options.hydrate) root.render(node);
  return () => root.unmount();
}
