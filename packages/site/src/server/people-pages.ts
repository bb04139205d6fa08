/**
 * The person and organizer pages (site-browsing-account.md 2.5; decision 0048): /person/{slug}/
 * and /organizer/{slug}/, read through the catalogue's cache (services/catalogue/person.ts,
 * organizer.ts). They read the same in every city, so their canonical address is the capital's;
 * their link-preview picture is their nearest show's. Null (404) for an unknown slug.
 */
import { DEFAULT_TIME_ZONE } from '@partera/contract';
import {
  CAPITAL_SUBDOMAIN,
  cachedOrganizerPage,
  cachedPersonPage,
  type OrganizerPage as OrganizerPageData,
  type PersonPage as PersonPageData,
} from '@partera/server';
import type { ReactElement } from 'react';
import { type OrganizerData, OrganizerPage } from '../pages/organizer/OrganizerPage.js';
import type { PeopleData } from '../pages/person/PeopleFrame.js';
import { type PersonData, PersonPage } from '../pages/person/PersonPage.js';
import type { RequestContext } from './context.js';
import { pageCode } from './pages.js';
import { type PageRender, titled } from './render.js';

/** What a person's or an organizer's page data has in common: its address and preview picture. */
interface PeoplePageData {
  cards: readonly { showName: string }[];
  previewImage: string | null;
}

/** The page of a slug, or null; the title, description and og:type come from its data. */
async function peoplePage<P extends PeoplePageData>(
  ctx: RequestContext,
  slug: string,
  read: (deps: RequestContext['deps'], slug: string) => Promise<P | null>,
  Component: (props: { data: PeopleData<P> }) => ReactElement,
  headOf: (page: P) => { title: string; description: string; path: string; type?: string },
): Promise<PageRender<PeopleData<P>> | null> {
  if (pageCode(slug) === null) return null;
  const page = await read(ctx.deps, slug);
  if (!page) return null;
  const { title, description, path, type } = headOf(page);
  return {
    entry: 'page',
    Component,
    hydrate: false,
    source: { data: page, chrome: ctx.chrome },
    data: { chrome: ctx.chrome, page, timeZone: ctx.city?.timezone ?? DEFAULT_TIME_ZONE },
    title: titled(title),
    description,
    head: { city: CAPITAL_SUBDOMAIN, path, keep: [], image: page.previewImage ?? undefined, type },
  };
}

/** '«Гроза», «Чайка», «Ревизор» и другие события'. */
function showList(page: PeoplePageData): string {
  const names = page.cards.map((c) => `«${c.showName}»`);
  return `${names.slice(0, 3).join(', ')}${names.length > 3 ? ' и другие события' : ''}`;
}

const NO_FEE = 'Билеты без комиссии и сервисного сбора.';

export function personPage(ctx: RequestContext, slug: string): Promise<PageRender<PersonData> | null> {
  return peoplePage(ctx, slug, cachedPersonPage, PersonPage, (page: PersonPageData) => {
    const { name, roles, url } = page.person;
    const role = roles[0];
    return {
      // 'Иван Ефимов (режиссёр-постановщик) — афиша и билеты'.
      title: role
        ? `${name} (${role.charAt(0).toLowerCase()}${role.slice(1)}) — афиша и билеты`
        : `${name} — афиша и билеты`,
      description:
        page.cards.length > 0 ? `${name}: ${showList(page)}. ${NO_FEE}` : `${name}: биография и афиша. ${NO_FEE}`,
      path: url,
      type: 'profile',
    };
  });
}

export function organizerPage(ctx: RequestContext, slug: string): Promise<PageRender<OrganizerData> | null> {
  return peoplePage(ctx, slug, cachedOrganizerPage, OrganizerPage, (page: OrganizerPageData) => {
    const { name, description, url } = page.organizer;
    const what = page.cards.length > 0 ? `${showList(page)} и площадки` : 'афиша организатора';
    return {
      title: `${name} — афиша организатора и билеты`,
      description: `${name}: ${what}. ${description ? `${description} ` : ''}${NO_FEE}`,
      path: url,
    };
  });
}
