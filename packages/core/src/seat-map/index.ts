export { HallView, type HallViewProps } from './HallView.js';
export { type PriceBadge, priceBadges } from './legend.js';
export { type MountHallViewOptions, mountHallView } from './mount.js';
export { injectSeatMapCss, seatMapCss } from './styles.js';
