/** @jsxRuntime automatic */

/** Where a page's markup for one visitor goes (server render.tsx, `visitorHtml`): a comment. */
export const VISITOR_SLOT = '<!--partera:visitor-->';

/**
 * The place of the page's `visitorHtml`. Everything after it in the page is sent uncompressed
 * with the visitor's tail, so it belongs near the page's end.
 */
export function VisitorSlot({ className }: { className?: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant comment, the only way to write one
  return <div className={className} dangerouslySetInnerHTML={{ __html: VISITOR_SLOT }} />;
}
