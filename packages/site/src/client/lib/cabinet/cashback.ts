import type { CabinetPanel } from './panel.js';

/** The cashback tab (placeholder: nothing to enhance yet). */
export const panel: CabinetPanel = { mount() {} };
