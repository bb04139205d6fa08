/** Partners that frame the site: their registry, the pages' frame-ancestors, the framed site's configuration. */
export {
  createPartnerOriginsCache,
  frameAncestorsPolicy,
  PARTNER_ORIGINS_TTL_MS,
  type PartnerOriginsCache,
  readPartnerOrigins,
  SELF_ONLY_FRAME_POLICY,
} from './frame-ancestors.js';
export {
  cappedCashback,
  type FramedSession,
  findFramedSession,
  getIframeConfig,
  type IframeConfigRequest,
  sitePath,
} from './iframe-config.js';
export { NotifySecretKey } from './notify-secret.js';
export {
  bindWidgetSession,
  confirmFramedSession,
  FRAME_MESSAGES,
  type FrameConfirmation,
  type FrameConfirmationRequest,
  findPartnerByOrigin,
} from './partner-sessions.js';
export { readUiReport, recordUiReport, type UiReport, type UiReportKind } from './performance-log.js';
export {
  findPartnerByHash,
  findPayingPartner,
  generateNotifySecret,
  generatePartnerHash,
  listPartners,
  type NewPartner,
  normalizeOrigin,
  PARTNER_HASH,
  PARTNER_ORIGIN,
  type Partner,
  type RegisterResult,
  registerPartner,
  sealClearNotifySecrets,
} from './registry.js';
