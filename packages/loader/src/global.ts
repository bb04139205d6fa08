/**
 * The script-tag build: `window.Partera`, and every `[data-partera-widget]` element mounted once
 * the document is parsed (the script is loaded async, so it may run before or after that).
 */
import { mountAll } from './mount.js';

export { mount, mountAll, widgetOf } from './mount.js';
export { PROTOCOL_VERSION } from './protocol.js';

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', () => mountAll());
else mountAll();
