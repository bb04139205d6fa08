/**
 * The venue map of the performance search (site-browsing-account.md 2.6; decision 0041): the
 * button opens and closes it, writing map_open=1 into the address's hash and taking it out, and a
 * page whose hash holds map_open=1 opens it by itself. Small on purpose: the map itself
 * (search-map-view.ts, with Leaflet) is fetched only when the map is first opened.
 */
const OPEN_KEY = 'map_open';

const hashParams = () => new URLSearchParams(location.hash.replace(/^#/, ''));
export const hashSaysOpen = () => hashParams().get(OPEN_KEY) === '1';

/** The hash with map_open set or taken out, the rest of it kept. */
function writeHash(open: boolean): void {
  const params = hashParams();
  if (open) params.set(OPEN_KEY, '1');
  else params.delete(OPEN_KEY);
  const hash = params.toString();
  history.replaceState(history.state, '', `${location.pathname}${location.search}${hash ? `#${hash}` : ''}`);
}

export function startSearchMap(doc: Document = document): void {
  const section = doc.querySelector<HTMLElement>('[data-search-map]');
  const button = section?.querySelector<HTMLButtonElement>('[data-map-toggle]');
  const panel = section?.querySelector<HTMLElement>('.search-map__panel');
  if (!section || !button || !panel) return;
  section.hidden = false;
  let view: Promise<{ resize(): void }> | null = null;

  const setOpen = (open: boolean) => {
    panel.hidden = !open;
    button.setAttribute('aria-expanded', String(open));
    button.textContent = open ? 'Скрыть карту' : 'Показать на карте';
    if (!open) return;
    if (view) {
      void view.then((v) => v.resize());
      return;
    }
    view = import('./search-map-view.js').then(({ openSearchMap }) => openSearchMap(section));
    view.catch(() => {
      view = null;
    });
  };

  button.addEventListener('click', () => {
    const open = panel.hidden;
    writeHash(open);
    setOpen(open);
  });
  window.addEventListener('hashchange', () => {
    if (hashSaysOpen() === panel.hidden) setOpen(hashSaysOpen());
  });
  if (hashSaysOpen()) setOpen(true);
}
