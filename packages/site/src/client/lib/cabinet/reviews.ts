import type { CabinetPanel } from './panel.js';

/** The reviews tab (placeholder: nothing to enhance yet). */
export const panel: CabinetPanel = { mount() {} };
