/**
 * The venue map's content (spec 2.6, 9): the venues of the current results from GET
 * /search/mapData/ (the page's own filter keys), clustered; a venue's balloon lists its shows,
 * each with its picture (156×100 when wide, else 100×100), name and venue, the description cut at
 * 255 characters and followed by 'Читать полностью', and a 'Билеты' link to the show. The panel
 * is 148 px high on mobile and 250 px otherwise.
 */
import { MOBILE_BREAKPOINT, SEARCH_MAP, searchMapData, truncate } from '@partera/contract';
import { el } from '../lib/dom.js';
import { sitePath } from '../lib/site-path.js';
import { createClusterMap } from './map-view.js';
import { tilesOf } from './tiles.js';

type Building = ReturnType<typeof searchMapData.response.parse>[number]['building'];
type MapShow = Building['shows'][string];

function showBlock(doc: Document, show: MapShow, venue: string): HTMLElement {
  const wide = show.image_widescreen_path !== '';
  const size = wide ? SEARCH_MAP.imageWide : SEARCH_MAP.image;
  const image = doc.createElement('img');
  image.src = sitePath(wide ? show.image_widescreen_path : show.image_path);
  image.alt = '';
  image.width = size.width;
  image.height = size.height;
  image.loading = 'lazy';
  image.className = 'search-balloon__image';
  const name = el(doc, 'a', 'search-balloon__name', [show.show_name]);
  name.href = sitePath(show.show_url);
  const text = el(doc, 'p', 'search-balloon__description', [truncate(show.description, SEARCH_MAP.descriptionCut)]);
  if (show.description.length > SEARCH_MAP.descriptionCut) {
    const more = el(doc, 'a', 'search-balloon__more', ['Читать полностью']);
    more.href = sitePath(show.show_url);
    text.append(' ', more);
  }
  const tickets = el(doc, 'a', 'button search-balloon__tickets', ['Билеты']);
  tickets.href = sitePath(show.show_url);
  return el(doc, 'article', 'search-balloon__show', [
    image,
    el(doc, 'div', 'search-balloon__body', [name, el(doc, 'p', 'search-balloon__venue', [venue]), text, tickets]),
  ]);
}

function balloon(doc: Document, building: Building): HTMLElement {
  const mobile = doc.defaultView?.matchMedia(`(max-width: ${MOBILE_BREAKPOINT}px)`).matches ?? false;
  const panel = el(doc, 'div', 'site-map__balloon search-balloon', [
    el(doc, 'p', 'search-balloon__title', [building.name]),
    ...Object.values(building.shows).map((show) => showBlock(doc, show, building.name)),
  ]);
  panel.style.maxHeight = `${mobile ? SEARCH_MAP.balloonHeightMobile : SEARCH_MAP.balloonHeight}px`;
  return panel;
}

/** Opens the map in the search page's map section; resolves when its placemarks are shown. */
export async function openSearchMap(section: HTMLElement): Promise<{ resize(): void }> {
  const doc = section.ownerDocument;
  const status = section.querySelector<HTMLElement>('[data-map-status]');
  const canvas = section.querySelector<HTMLElement>('[data-map]') as HTMLElement;
  const say = (text: string) => {
    if (status) {
      status.textContent = text;
      status.hidden = text === '';
    }
  };
  say('Загружаем карту…');
  const query = new URLSearchParams(location.search);
  query.delete('page');
  query.set('city', section.dataset.city ?? '');
  const map = createClusterMap<Building>({
    container: canvas,
    center: SEARCH_MAP.center,
    zoom: SEARCH_MAP.zoom,
    tiles: tilesOf(canvas),
    balloon: (building) => balloon(doc, building),
    balloonOptions: { maxWidth: 420, minWidth: 240, autoPanPadding: [16, 16] },
  });
  try {
    const res = await fetch(sitePath(`${searchMapData.path}?${query.toString().replace(/%3A/gi, ':')}`), {
      credentials: 'same-origin',
    });
    if (!res.ok) throw new Error(`map data: ${res.status}`);
    const buildings = searchMapData.response.parse(await res.json()).map((b) => b.building);
    map.show(buildings.map((b) => ({ lat: b.lat, lng: b.long, title: b.name, data: b })));
    say(buildings.length === 0 ? 'Нет площадок для показа на карте' : '');
  } catch {
    say('Не удалось загрузить карту. Обновите страницу.');
  }
  return map;
}
