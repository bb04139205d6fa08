import type { CabinetPanel } from './panel.js';

/** The bonus tab (placeholder: nothing to enhance yet). */
export const panel: CabinetPanel = { mount() {} };
