import type { CabinetPanel } from './panel.js';

/**
 * The cashback tab (site-browsing-account.md 2.15 mts-cash-back): the server's fragment is the
 * whole tab (the buyer's cashback figures, or how to earn it), with nothing to enhance.
 */
export const panel: CabinetPanel = { mount() {} };
