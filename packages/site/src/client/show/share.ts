/**
 * The share buttons (site-browsing-account.md 2.9; 7 Browsing `/site/event/?code=vkshare&webObjId=`;
 * 9 'Share popups are 550×420'): each opens its network's share page for this page's address in
 * a 550×420 popup, centred on the window, and the share is reported as an event.
 */
import { SHOW_PAGE } from '@partera/contract';
import { sitePath } from '../lib/site-path.js';

export function enhanceShare(box: HTMLElement): void {
  const doc = box.ownerDocument;
  const win = doc.defaultView ?? window;
  const showId = box.dataset.share ?? '';
  const showUrl = box.closest<HTMLElement>('[data-show-url]')?.dataset.showUrl ?? win.location.pathname;
  const title = doc.querySelector('h1')?.textContent ?? doc.title;

  box.addEventListener('click', (event) => {
    const link = (event.target as Element).closest<HTMLAnchorElement>('a[data-share-code]');
    if (!link) return;
    event.preventDefault();
    const url = new URL(showUrl, win.location.origin).toString();
    const page = (link.dataset.sharePage ?? link.href)
      .replace('{url}', encodeURIComponent(url))
      .replace('{title}', encodeURIComponent(title));
    const { width, height } = SHOW_PAGE.sharePopup;
    const left = Math.max(0, Math.round(win.screenX + (win.outerWidth - width) / 2));
    const top = Math.max(0, Math.round(win.screenY + (win.outerHeight - height) / 2));
    const popup = win.open(page, 'share', `popup,width=${width},height=${height},left=${left},top=${top}`);
    // The network's page gets no hold on this one; a blocked popup opens as an ordinary tab.
    if (popup) popup.opener = null;
    else win.open(page, '_blank', 'noopener');
    const code = link.dataset.shareCode ?? 'share';
    void fetch(sitePath(`/site/event/?code=${encodeURIComponent(code)}&webObjId=${encodeURIComponent(showId)}`), {
      credentials: 'same-origin',
    }).catch(() => undefined);
  });
}
