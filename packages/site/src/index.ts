/** @partera/site: the public website. The server side lives in ./server (the `sitePages` plugin). */
export { createSitePages, type SitePagesOptions, sitePages } from './server/index.js';
