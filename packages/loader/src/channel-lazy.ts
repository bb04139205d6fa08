/**
 * The script tag's stand-in for channel.ts: penpal is most of the loader's weight, and a partner
 * page needs it only once the site has sent 'showIframe'. So the script-tag build (scripts/build.mjs)
 * puts channel.ts in a file of its own, `partera-loader-channel.js`, served by the site next to
 * the loader, and this module imports it from the site's origin on the first connection.
 * Bundlers using the package entry get channel.ts itself.
 */
import type { ParentMethods } from './protocol.js';

/** The file name of the channel module under the site's /static/ (scripts/build.mjs writes it). */
export const CHANNEL_FILE = 'partera-loader-channel.js';

type ChannelModule = typeof import('./channel.js');

let loading: Promise<ChannelModule> | undefined;

export const connectSite = (site: Window, siteOrigin: string, methods: ParentMethods): (() => void) => {
  loading ??= import(/* @vite-ignore */ `${siteOrigin}/static/${CHANNEL_FILE}`) as Promise<ChannelModule>;
  let destroy: (() => void) | undefined;
  let ended = false;
  loading.then(
    (channel) => {
      if (!ended) destroy = channel.connectSite(site, siteOrigin, methods);
    },
    (error) => {
      // Without the channel the legacy handshake still works; the typed messages do not.
      loading = undefined;
      console.error('Partera: the message channel could not be loaded', error);
    },
  );
  return () => {
    ended = true;
    destroy?.();
  };
};
