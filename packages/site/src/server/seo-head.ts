/**
 * What a page's <head> tells search engines and link previews (decision 0043): its description,
 * its canonical address and the OpenGraph tags. A page loader may say it all in `PageRender.head`;
 * show and hall pages that do not are described from their own data here, every other page by
 * its title and the request's address.
 */
import { CAPITAL_SUBDOMAIN, ogImagePath } from '@partera/server';
import { formatClock, formatDayMonth } from '../pages/format.js';
import type { HallData } from '../pages/HallPage.js';
import type { ShowData } from '../pages/ShowPage.js';
import { canonicalUrl, cityOrigin, type PublicSite } from './seo.js';

/** The site's name in link previews (and after every title). */
export const SITE_NAME = 'Partera';
const SUFFIX = ` | ${SITE_NAME}`;

/** What a page says of itself beyond its title; every field is optional. */
export interface PageHead {
  /** The regional site the page belongs to (a show's city); default the request's. */
  city?: string;
  /** The page's own address (path and the query keys that matter) when the request's may differ. */
  path?: string;
  /** Query keys of the request's address that choose the page's content (default: the page number). */
  keep?: readonly string[];
  /** A picture for link previews: a path of this site or an absolute address. */
  image?: string;
  /** og:type; 'website' by default. */
  type?: string;
}

/** The tags the document writes into <head>. */
export interface HeadTags {
  description: string;
  /** Absent on pages that are not indexed: their canonical address would say nothing. */
  canonical?: string;
  og: { title: string; description: string; type: string; siteName: string; url?: string; image?: string };
}

export interface HeadRequest {
  site: PublicSite;
  /** The request's address (path and query). */
  url: string;
  /** The regional site that answered it (the capital's when the page read no city). */
  city?: string;
}

interface HeadPage {
  entry: string;
  data: unknown;
  title: string;
  description?: string;
  noindex?: boolean;
  head?: PageHead;
}

/**
 * A show page's regional site, its normalised address and its link-preview picture: the PNG drawn
 * from its poster (decision 0048), since most previews do not show the SVG poster itself.
 */
function showHead({ page }: ShowData): PageHead {
  const { show, genre, venue } = page;
  const image = ogImagePath({
    id: show.id,
    name: show.name,
    ageMark: show.ageMark,
    genreName: genre.name,
    genreSlug: genre.slug,
    venueName: venue.name,
  });
  return { city: page.city.subdomain, path: show.url, image };
}

/** A hall page belongs to its performance's city; the package mode's ?packageId is not another page. */
function hallHead({ hall }: HallData): PageHead {
  return { city: hall.city.subdomain, path: `/performance/${hall.performance.id}/`, image: hall.show.posterUrl };
}

function hallDescription({ hall }: HallData): string {
  const tz = hall.city.timezone;
  const when = `${formatDayMonth(hall.performance.startsAt, tz)} ${formatClock(hall.performance.startsAt, tz)}`;
  return `Билеты на «${hall.show.name}» ${when}, ${hall.venue.name}: выбор мест на схеме зала. Без комиссии и сервисного сбора.`;
}

/** What the page's own data says, for the kinds of page that carry it. */
function derivedHead(page: HeadPage): { head: PageHead; description?: string } {
  if (page.entry === 'show' && (page.data as Partial<ShowData>)?.page?.show)
    return { head: showHead(page.data as ShowData) };
  if (page.entry === 'hall' && (page.data as Partial<HallData>)?.hall?.show) {
    const data = page.data as HallData;
    return { head: hallHead(data), description: hallDescription(data) };
  }
  return { head: {} };
}

/** 'Корзина и оформление заказа | Partera' → 'Корзина и оформление заказа'. */
const bareTitle = (title: string) => (title.endsWith(SUFFIX) ? title.slice(0, -SUFFIX.length) : title);

/** The head of a page: its own description (or one made from its title), canonical address and previews. */
export function headTagsOf(page: HeadPage, request: HeadRequest | undefined): HeadTags {
  const derived = derivedHead(page);
  const head = { ...derived.head, ...page.head };
  const description =
    page.description ??
    derived.description ??
    `${bareTitle(page.title)}. Билеты на спектакли, концерты и выставки без комиссии и сервисного сбора.`;
  const og: HeadTags['og'] = {
    title: bareTitle(page.title),
    description,
    type: head.type ?? 'website',
    siteName: SITE_NAME,
  };
  if (!request) return { description, og };
  const city = head.city ?? request.city ?? CAPITAL_SUBDOMAIN;
  if (head.image) {
    // A root-relative picture is the site's own: it follows the site's root and language prefix.
    const root = cityOrigin(request.site, city);
    og.image =
      head.image.startsWith('/') && !head.image.startsWith('//')
        ? `${root}${head.image}`
        : new URL(head.image, `${root}/`).toString();
  }
  if (page.noindex) return { description, og };
  const canonical = canonicalUrl({ site: request.site, city, url: head.path ?? request.url, keep: head.keep });
  return { description, canonical, og: { ...og, url: canonical } };
}
