/**
 * /kassa/ (site-browsing-account.md 2.10): the box offices of the request's city, filtered by
 * ?idm= (metro station), ?idd= (division) and ?online=1, as GET /kassa/points/ filters them.
 */
import { boxOfficesOf, type FastifyRequest, toBoxOfficePoint } from '@partera/server';
import { KassaPage, type KassaPageData } from '../pages/kassa/KassaPage.js';
import type { RequestContext } from './context.js';
import type { MapTiles } from './map-tiles.js';
import { type PageRender, titled } from './render.js';

/** A positive id from the address, or null (a value the filter does not take shows every point). */
function idOf(value: unknown): number | null {
  return typeof value === 'string' && /^[1-9]\d{0,8}$/.test(value) ? Number(value) : null;
}

export async function kassaPage(
  ctx: RequestContext,
  req: FastifyRequest,
  tiles: MapTiles | null,
): Promise<PageRender<KassaPageData>> {
  const query = req.query as Record<string, unknown>;
  const selected = { idm: idOf(query.idm), idd: idOf(query.idd), online: query.online === '1' };
  const offices = boxOfficesOf(ctx.deps);
  const cityId = ctx.city?.id ?? null;
  const [directory, points] = await Promise.all([
    offices.directory(cityId),
    offices.points(cityId, { metroId: selected.idm, divisionId: selected.idd, onlineOnly: selected.online }),
  ]);
  const city = ctx.chrome.city.name;
  return {
    entry: 'kassa',
    Component: KassaPage,
    hydrate: false,
    data: {
      chrome: ctx.chrome,
      points: points.map(toBoxOfficePoint),
      metros: directory.metros,
      divisions: directory.divisions,
      selected,
      tiles,
    },
    title: titled(`Кассы: ${city}`),
    description: `Адреса касс на карте: ${city}. Метро, часы работы, онлайн-кассы.`,
    // A filtered list is the same page narrowed: only the whole list is for search engines.
    noindex: selected.idm !== null || selected.idd !== null || selected.online,
  };
}
