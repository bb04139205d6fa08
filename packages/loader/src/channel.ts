import { connect, WindowMessenger } from 'penpal';
import { type ParentMethods, PROTOCOL_CHANNEL } from './protocol.js';

/**
 * The one place that knows penpal: connects to the framed site's window, accepting the site's
 * origin only, and exposes `methods` to it. Returns the function that ends the connection.
 */
export const connectSite = (site: Window, siteOrigin: string, methods: ParentMethods): (() => void) => {
  const messenger = new WindowMessenger({ remoteWindow: site, allowedOrigins: [siteOrigin] });
  // Penpal addresses its SYN to '*' because it cannot know the remote origin yet; we do, and
  // nothing of ours is posted to '*' (QUALITY.md). Later messages already go to the origin the
  // site's SYN came from, which penpal has checked against allowedOrigins.
  const send = messenger.sendMessage;
  messenger.sendMessage = (message, transferables) =>
    message.type === 'SYN' ? site.postMessage(message, siteOrigin) : send(message, transferables);
  const connection = connect({ messenger, methods, channel: PROTOCOL_CHANNEL });
  // The parent calls nothing on the site yet; a failed handshake only means the site stays silent.
  connection.promise.catch(() => {});
  return connection.destroy;
};
