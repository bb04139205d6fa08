import type { CabinetPanel } from './panel.js';

/** The replace-and-reschedule tab (placeholder: nothing to enhance yet). */
export const panel: CabinetPanel = { mount() {} };
