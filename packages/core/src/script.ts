/**
 * The script-tag bundle's entry (dist/script/partera-widgets.js, loaded with
 * `<script type="module">`; react is preact/compat there). It exports the public calls and, for
 * pages that do not import it, puts them on `window.PartneraWidgets`. Each widget's code, and the
 * partner-page calls, come when first used.
 */
import type { fetchHallConfig as hallConfig, openWidgetSession as widgetSession } from './api/widget-host.js';
import { connect, loadBasket, mount } from './mount.js';

const widgetHost = () => import('./api/widget-host.js');

/** A page on a registered partner origin asks the ticket site for its widgets' session. */
export const openWidgetSession = (...args: Parameters<typeof widgetSession>) =>
  widgetHost().then((calls) => calls.openWidgetSession(...args));

/** The seat map's `config` for a performance, for a page that has not got it from the site. */
export const fetchHallConfig = (...args: Parameters<typeof hallConfig>) =>
  widgetHost().then((calls) => calls.fetchHallConfig(...args));

export const PartneraWidgets = { mount, connect, loadBasket, openWidgetSession, fetchHallConfig };

declare global {
  interface Window {
    PartneraWidgets: typeof PartneraWidgets;
  }
}

window.PartneraWidgets = PartneraWidgets;

export { connect, loadBasket, mount };
