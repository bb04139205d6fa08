/**
 * What a browser too old to draw the plan shows instead (spec 2.1, 8.2). The mount checks
 * planSupported() (store/browser-support.ts) first and shows this (with the list view) when it says no.
 */
import { MSG } from '../store/spec.js';

export function OldBrowserNotice() {
  return (
    <p className="pt-load-error pt-old-browser" role="alert">
      {MSG.oldBrowser}
    </p>
  );
}
