/** The seat and entrance tooltips (spec 2.1, 3.9), where the plan imports them from. */
export { EntranceTip, type EntranceTipProps } from './entrance-tip.js';
export { PlaceTip, type PlaceTipProps } from './place-tip.js';
export { type TipAnchor, TipFrame } from './tip-frame.js';
