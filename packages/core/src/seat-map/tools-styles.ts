/**
 * The seat map's stylesheet, second part: the rules of the parts loaded after the plan is drawn
 * (tools.ts: tooltips, tariffs and gifts, alerts, the list view and the place list, sections,
 * best available, the package bar, the mini basket and the basket footer, seat photos). It comes
 * after the first part (plan-styles.ts) in the document, as it did in the single sheet.
 */
import { MOBILE_BREAKPOINT_PX } from '../store/spec.js';

export const toolsCss = `
.pt-tip{position:absolute;z-index:4;left:var(--pt-x);top:var(--pt-y);transform:translate(-50%,12px);width:280px;max-width:calc(100vw - 24px);padding:14px 16px;border-radius:10px;background:#fff;box-shadow:0 6px 24px rgba(0,0,0,.18)}
.pt-tip-title{margin:0 24px 4px 0;font-weight:600}
.pt-tip-desc{margin:0 0 6px;color:var(--pt-muted);font-size:13px}
.pt-tip-price{margin:0 0 10px;font-size:16px;font-weight:600}
.pt-tip-close{position:absolute;right:8px;top:8px;width:28px;height:28px;border:0;border-radius:50%;background:transparent;font-size:18px}
.pt-tip-note{margin:0 0 8px;color:var(--pt-accent)}
.pt-tariffs{margin:0 0 10px;padding:0;border:0}
.pt-tariffs legend{margin-bottom:4px;font-weight:600}
.pt-tariffs label{display:flex;gap:8px;align-items:center;padding:2px 0}
.pt-tip-photo{display:block;width:100%;margin:0 0 10px;border-radius:6px}
.pt-link{padding:0;border:0;background:none;color:var(--pt-focus);text-decoration:underline}
.pt-primary{width:100%;min-height:40px;padding:8px 12px;border:0;border-radius:8px;background:var(--pt-accent);color:#fff!important;font-weight:600}
.pt-secondary{width:100%;min-height:40px;padding:8px 12px;border:1px solid var(--pt-ink);border-radius:8px;background:#fff}
.pt-counter{display:flex;align-items:center;gap:10px;margin:0 0 10px}
.pt-counter button{width:36px;height:36px;border:1px solid #d5d5de;border-radius:50%;background:#fff;font-size:18px}
.pt-counter output{min-width:2ch;text-align:center;font-size:16px;font-weight:600}
.pt-tip-actions{display:flex;flex-direction:column;gap:8px}
.pt-alert{position:absolute;z-index:5;left:50%;top:12px;transform:translateX(-50%);max-width:min(440px,calc(100% - 24px));padding:12px 16px;border-radius:8px;background:var(--pt-ink);color:#fff;box-shadow:0 6px 24px rgba(0,0,0,.2)}
.pt-alert p{margin:0}
.pt-alert-actions{display:flex;gap:8px;margin-top:10px}
.pt-alert-actions button{flex:1;min-height:36px;border-radius:6px;border:1px solid #fff;background:transparent;color:#fff}
.pt-alert-actions button:last-child{background:#fff;color:var(--pt-ink)}
.pt-queue{position:absolute;z-index:5;left:50%;top:12px;transform:translateX(-50%);width:min(440px,calc(100% - 24px));padding:14px 16px;border:1px solid #c9d6f2;border-radius:10px;background:#f4f7fd;box-shadow:0 6px 24px rgba(0,0,0,.12)}
.pt-queue:empty{display:none}
.pt-queue p{margin:0 0 8px}
.pt-queue-place{font-size:16px;font-weight:600}
.pt-queue-next{color:var(--pt-muted);font-variant-numeric:tabular-nums}
.pt-counter-label{min-width:64px;color:var(--pt-muted)}
.pt-gift-choice{display:flex;align-items:center;gap:8px;margin:0 0 10px}
.pt-gift-choice select,.pt-best select{min-height:36px;padding:4px 8px;border:1px solid #d5d5de;border-radius:6px;background:#fff;font:inherit}
.pt-seat-photo{margin:0 0 12px}
.pt-seat-photo img{display:block;max-width:100%;max-height:60vh;border-radius:6px}
.pt-seat-photo figcaption{margin-top:6px;color:#555}
.pt-sections{margin-top:8px;border:1px solid #e3e3ea;border-radius:8px}
.pt-sections h3{margin:0;padding:12px 12px 4px;font-size:15px}
.pt-sections ul,.pt-section-nav ul{margin:0;padding:0;list-style:none}
.pt-section-line{display:grid;grid-template-columns:1fr auto auto auto;align-items:center;gap:12px;padding:8px 12px;border-top:1px solid #eee}
.pt-section-line .pt-counter{margin:0}
.pt-section-price{font-weight:600;white-space:nowrap}
.pt-section-free{color:var(--pt-muted);white-space:nowrap}
.pt-section-nav ul{display:flex;flex-wrap:wrap;gap:6px;padding:8px 0}
.pt-section-nav button{min-height:32px;padding:4px 10px;border:1px solid #d5d5de;border-radius:16px;background:#fff}
.pt-section-nav button[aria-current]{border-color:var(--pt-ink);box-shadow:inset 0 0 0 1px var(--pt-ink)}
.pt-mini-basket{position:absolute;z-index:4;right:64px;top:12px;width:260px;padding:14px 40px 14px 16px;border-radius:10px;background:#fff;box-shadow:0 6px 24px rgba(0,0,0,.18)}
.pt-mini-basket p{margin:0 0 10px}
.pt-buy{display:flex;align-items:center;justify-content:center;text-decoration:none}
.pt-buy--blocked{background:#9a9a9a}
.pt-basket-footer{position:sticky;bottom:0;z-index:3;display:flex;align-items:center;gap:12px;padding:10px 12px;background:#fff;box-shadow:0 -2px 10px rgba(0,0,0,.1)}
.pt-basket-footer-sum{flex:1 1 auto;font-weight:600}
.pt-basket-footer .pt-buy,.pt-next-date{width:auto;flex:0 0 auto;padding:8px 18px;text-align:center;text-decoration:none}
.pt-package{display:flex;flex-wrap:wrap;align-items:center;gap:10px;padding:8px 0}
.pt-package-step{flex:1 1 auto;margin:0}
.pt-package-step span{color:var(--pt-muted)}
.pt-package-arrow{display:inline-flex;align-items:center;justify-content:center;width:36px;height:36px;border:1px solid #d5d5de;border-radius:50%;background:#fff;color:inherit;font-size:20px;text-decoration:none}
.pt-package-arrow:disabled{opacity:.4;cursor:not-allowed}
.pt-package-next,.pt-package .pt-buy{width:auto;padding:8px 18px;text-decoration:none}
.pt-best{display:flex;flex-wrap:wrap;align-items:center;gap:8px;padding:8px 0}
.pt-best .pt-primary{width:auto}
.pt-list{margin-top:8px;max-height:min(70vh,640px);overflow:auto;border:1px solid #e3e3ea;border-radius:8px}
.pt-list h3{margin:0;padding:12px 12px 4px;font-size:15px}
.pt-list details{border-top:1px solid #eee}
.pt-list summary{padding:10px 12px;cursor:pointer;font-weight:600}
.pt-list-row{display:flex;flex-wrap:wrap;align-items:center;gap:6px;padding:4px 12px 8px}
.pt-list-row-label{min-width:64px;color:var(--pt-muted)}
.pt-list-place{min-width:44px;min-height:36px;padding:2px 8px;border:1px solid #d5d5de;border-left:6px solid var(--pt-swatch,#ccc);border-radius:6px;background:#fff;text-align:left;font-size:13px;line-height:1.2}
.pt-list-place[aria-pressed="true"]{background:var(--pt-ink);color:#fff}
.pt-list-place small{display:block;color:inherit;opacity:.75}
.pt-list-entrance{display:block;width:calc(100% - 24px);margin:6px 12px;padding:8px 12px;border:1px solid #d5d5de;border-radius:6px;background:#fff;text-align:left}
@media (max-width:${MOBILE_BREAKPOINT_PX}px){
.pt-tip{position:fixed;z-index:1000;left:0;right:0;top:auto;bottom:0;width:auto;max-width:none;transform:none;border-radius:14px 14px 0 0;padding:18px 16px calc(16px + env(safe-area-inset-bottom));max-height:70vh;overflow:auto}
.pt-alert{position:fixed;z-index:1000;top:auto;bottom:16px}
.pt-mini-basket{position:fixed;z-index:1000;left:12px;right:12px;bottom:72px;width:auto}
.pt-section-line{grid-template-columns:1fr auto;row-gap:4px}
}
`;
