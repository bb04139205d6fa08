/**
 * /kassa/ (site-browsing-account.md 2.10; decision 0041): the map of the box offices above their
 * list. A change of the metro, division or 'online only' filter rewrites the address (back and
 * forward work) and redraws the map and the list from GET /kassa/points/; the map code loads
 * after the page, as its own chunk.
 */
import { BOX_OFFICE_MAP, type BoxOfficePoint, boxOfficePoints } from '@partera/contract';
import { kassaCountText } from '../pages/kassa/count.js';
import { enhancePage } from './lib/enhance.js';
import { sitePath } from './lib/site-path.js';
import type { ClusterMap } from './map/map-view.js';
import { tilesOf } from './map/tiles.js';

enhancePage();

const page = document.querySelector<HTMLElement>('[data-kassa-page]');
const form = document.querySelector<HTMLFormElement>('[data-kassa-filter]');
const mapElement = document.querySelector<HTMLElement>('[data-map]');
const list = document.querySelector<HTMLElement>('[data-kassa-list]');
const count = document.querySelector<HTMLElement>('[data-kassa-count]');

/** The filter keys of an address or of the form, empty ones left out. */
function filterQuery(source: URLSearchParams | HTMLFormElement): URLSearchParams {
  const all = source instanceof URLSearchParams ? source : new URLSearchParams(new FormData(source) as never);
  const q = new URLSearchParams();
  for (const key of ['idm', 'idd', 'online']) {
    const value = all.get(key);
    if (value) q.set(key, value);
  }
  return q;
}

/** The form as the address says (after back or forward). */
function fillForm(f: HTMLFormElement, q: URLSearchParams): void {
  for (const name of ['idm', 'idd']) {
    const select = f.elements.namedItem(name) as HTMLSelectElement | null;
    if (select) select.value = q.get(name) ?? '';
  }
  const online = f.elements.namedItem('online') as HTMLInputElement | null;
  if (online) online.checked = q.get('online') === '1';
}

async function loadPoints(q: URLSearchParams): Promise<BoxOfficePoint[]> {
  const query = new URLSearchParams(q);
  query.set('city', page?.dataset.city ?? '');
  const res = await fetch(sitePath(`${boxOfficePoints.path}?${query.toString()}`), { credentials: 'same-origin' });
  if (!res.ok) throw new Error(`box offices: ${res.status}`);
  return boxOfficePoints.response.parse(await res.json());
}

function renderList(points: BoxOfficePoint[]): void {
  if (count) count.textContent = kassaCountText(points.length);
  if (!list) return;
  list.replaceChildren(
    ...points.map((p) => {
      const item = document.createElement('li');
      item.className = 'kassa-list__item';
      // The server's own block, every text in it escaped (boxOfficeContent).
      item.innerHTML = p.content;
      return item;
    }),
  );
  const all = list.parentElement?.querySelector<HTMLElement>('.kassa-list__all');
  if (all) all.hidden = points.length > 0;
}

let mapReady: Promise<ClusterMap<BoxOfficePoint> | null> | null = null;
function boxOfficeMap(): Promise<ClusterMap<BoxOfficePoint> | null> {
  if (!mapElement) return Promise.resolve(null);
  mapReady ??= import('./map/map-view.js').then(({ createClusterMap }) => {
    mapElement.hidden = false;
    return createClusterMap<BoxOfficePoint>({
      container: mapElement,
      center: BOX_OFFICE_MAP.center,
      zoom: BOX_OFFICE_MAP.zoom,
      tiles: tilesOf(mapElement),
      balloon: (p) => {
        const balloon = document.createElement('div');
        balloon.className = 'site-map__balloon kassa-balloon';
        balloon.innerHTML = p.content;
        return balloon;
      },
      markerClass: (p) => (p.online ? 'site-map__marker--online' : 'site-map__marker--offline'),
    });
  });
  return mapReady;
}

let shown = 0;
async function show(q: URLSearchParams, redrawList: boolean): Promise<void> {
  const n = ++shown;
  try {
    const [points, map] = await Promise.all([loadPoints(q), boxOfficeMap()]);
    if (n !== shown) return;
    if (redrawList) renderList(points);
    map?.show(points.map((p) => ({ lat: p.latitude, lng: p.longitude, title: p.name, data: p })));
  } catch {
    // The list the server wrote stays; a filter that could not be applied says so.
    if (n === shown && redrawList && count) count.textContent = 'Не удалось загрузить кассы. Обновите страницу.';
  }
}

if (form) {
  // With scripts a change applies at once; the button is for pages without them.
  form.querySelector<HTMLElement>('[data-kassa-submit]')?.setAttribute('hidden', '');
  const apply = () => {
    const q = filterQuery(form);
    const address = sitePath(q.toString() ? `/kassa/?${q.toString()}` : '/kassa/');
    if (`${location.pathname}${location.search}` !== address) history.pushState(null, '', address);
    void show(q, true);
  };
  form.addEventListener('change', apply);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    apply();
  });
  window.addEventListener('popstate', () => {
    const q = filterQuery(new URLSearchParams(location.search));
    fillForm(form, q);
    void show(q, true);
  });
}
// The list is already the server's; the map draws the same points.
void show(filterQuery(new URLSearchParams(location.search)), false);
