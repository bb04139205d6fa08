/**
 * The core widgets' style sheets, written into the head of the pages that mount them (ids as
 * core's injectCss keys them, so a widget mounted later does not add them twice).
 */
import { basketCss, checkoutCss, seatMapCss, uiCss } from '@partera/core';

const ui = { id: 'ui', css: uiCss };

export const widgetStyles = {
  hall: [ui, { id: 'seat-map', css: seatMapCss }],
  basket: [ui, { id: 'basket', css: basketCss }, { id: 'checkout', css: checkoutCss }],
  payment: [ui, { id: 'checkout', css: checkoutCss }],
};
