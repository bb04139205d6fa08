/**
 * @partera/loader: frames the Partera site in a partner's page, runs the legacy handshake and
 * the typed message API. The script-tag build (global.ts) adds auto-mounting; this entry has no
 * side effects.
 */
export * as constants from './constants.js';
export { type MountOptions, mount, mountAll, type PartneraWidget, widgetOf } from './mount.js';
export {
  domEventName,
  type ParentMethods,
  type PartneraEvent,
  type PartneraEventMap,
  type PartneraEventType,
  type PartneraHandlers,
  type PaymentInfo,
  PROTOCOL_CHANNEL,
  PROTOCOL_VERSION,
} from './protocol.js';
