/** @jsxRuntime automatic */

/** The two networks of the share buttons and their share pages ({url} and {title} filled in). */
export const SHARE_NETWORKS = [
  { code: 'vkshare', label: 'ВКонтакте', short: 'VK', page: 'https://vk.com/share.php?url={url}&title={title}' },
  { code: 'okshare', label: 'Одноклассники', short: 'OK', page: 'https://connect.ok.ru/offer?url={url}&title={title}' },
] as const;

/**
 * Share buttons for two social networks (spec 2.9; 7 Browsing `/site/event/?code=vkshare&webObjId=`;
 * 9 'Share popups are 550×420'). Links to the networks' share pages; the page's script
 * (client/show/share.ts) opens them in a 550×420 popup and reports the share as an event.
 */
export function ShareButtons({ showId, showName, url }: { showId: number; showName: string; url: string }) {
  return (
    <div className="share-buttons" data-share={showId}>
      <span className="share-buttons__title">Поделиться:</span>
      {SHARE_NETWORKS.map((n) => (
        <a
          key={n.code}
          className={`share-buttons__link share-buttons__link--${n.short.toLowerCase()}`}
          href={n.page.replace('{url}', encodeURIComponent(url)).replace('{title}', encodeURIComponent(showName))}
          target="_blank"
          rel="noopener noreferrer"
          data-share-code={n.code}
          data-share-page={n.page}
          aria-label={`Поделиться: ${n.label}`}
        >
          {n.short}
        </a>
      ))}
    </div>
  );
}
