/** The public website's server side: the Fastify plugin with every page. */

export { type AssetManifest, type LoadedAssets, loadAssets } from './assets.js';
export { createSitePages, type SitePagesOptions, sitePages } from './plugin.js';
