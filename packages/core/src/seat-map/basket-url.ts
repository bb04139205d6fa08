import type { Http } from '../api/http.js';
import { siteUrl } from '../ui/navigation.js';

/** The basket's URL with the session parameter (spec 2.3: the default target of every buy button). */
export function hallBasketUrl(http: Http): string {
  return siteUrl(http, '/shopcart/');
}
