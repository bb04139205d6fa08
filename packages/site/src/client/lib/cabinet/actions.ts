import type { CabinetPanel } from './panel.js';

/** The promotions tab (placeholder: nothing to enhance yet). */
export const panel: CabinetPanel = { mount() {} };
