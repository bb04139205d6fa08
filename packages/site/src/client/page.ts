/** Plain pages (landing pages, 404): only the site-wide enhancements. */
import { enhancePage } from './lib/enhance.js';

enhancePage();
