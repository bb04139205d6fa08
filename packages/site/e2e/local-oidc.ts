/**
 * The browser tests' local OpenID provider (Playwright starts it as a second web server): the
 * server tests' provider on a fixed port, with its control address naming who signs in next.
 */
import { startLocalProvider } from '../../server/test/support/oidc-provider.js';

const port = Number(process.env.OIDC_PORT);
const redirectUri = process.env.OIDC_REDIRECT_URI ?? '';
const provider = await startLocalProvider(redirectUri, { port, control: true });
console.log(`local OpenID provider at ${provider.issuer}`);
