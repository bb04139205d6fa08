/**
 * The partner's React app: one page that sells the ticket site's performances with the site's
 * own widgets, mounted as React components (no frame). The page's server fills in the ticket
 * site's address (index.html, meta partera-site).
 */
import { createRoot } from 'react-dom/client';
import { App } from './App.js';

const siteUrl = document.querySelector<HTMLMetaElement>('meta[name="partera-site"]')?.content ?? '';
const root = document.getElementById('app');
if (root) createRoot(root).render(<App siteUrl={siteUrl} />);
