/** @jsxRuntime automatic */
import type { ShowPage as ShowPageData } from '@partera/server';
import { eventJsonLd, scriptSafeJson } from './event-json-ld.js';

/** The show's upcoming performances as schema.org Events, for search engines (event-json-ld.ts). */
export function EventJsonLd({ page, origin }: { page: ShowPageData; origin?: string }) {
  if (page.performances.length === 0) return null;
  return (
    <script
      type="application/ld+json"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: scriptSafeJson escapes '<', '>' and '&'
      dangerouslySetInnerHTML={{ __html: scriptSafeJson(eventJsonLd(page, origin)) }}
    />
  );
}
