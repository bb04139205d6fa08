/**
 * The seat map's parts that its first mount does not draw (decision 0028): the tooltips with
 * tariffs, gifts and the seat photo, the place list and the list view of sections, the section
 * list and best available, the package bar, alerts and the admission queue's notice, the mini
 * basket and the basket footer; and the flow the plan's clicks start (the hall context, the
 * click-to-select flow, the admission queue) with the section navigation of the URL hash
 * (decision 0033). The widget loads them in one file of their own once the plan is drawn, or at
 * once when the first view needs one of them (load-tools.ts), and they bring their own rules of
 * the stylesheet.
 */
import { injectCss, uiCss } from '../ui/styles.js';
import { injectSeatMapPart } from './plan-styles.js';
import { toolsCss } from './tools-styles.js';

export { leaveQueue } from '../store/admission-queue.js';
export { seatsDisabled, togglePlace } from '../store/hall-actions.js';
export { hallSettings } from '../store/hall-context.js';
export { createSectionNavigation } from '../store/section-nav.js';
export { HallAlertBox } from './alert.js';
export { BasketFooter } from './basket-footer.js';
export { hallBasketUrl } from './basket-url.js';
export { BestAvailableForm } from './best-available.js';
export { HallPanels } from './hall-panels.js';
export { MiniBasket } from './mini-basket.js';
export { PackageBar } from './package-bar.js';
export { PlaceList } from './place-list.js';
export { QueueNotice } from './queue-notice.js';
export { SectionList } from './section-list.js';
export { SectionListView } from './section-list-view.js';
export { EntranceTip, PlaceTip } from './tooltips.js';

/** The tools' rules, and the widgets' common look their dialogs (seat photo, best places) use. */
export function injectToolsCss(doc: Document): void {
  injectCss('ui', uiCss, doc);
  injectSeatMapPart(doc, 'tools', toolsCss);
}
