/**
 * The tile source a page was rendered with (MAP_TILES_URL on the server, decision 0041), read
 * from the map element's data attributes; null draws the placemarks on a plain background.
 */
export interface MapTiles {
  url: string;
  attribution: string;
  subdomains: string;
}

export function tilesOf(element: HTMLElement): MapTiles | null {
  const url = element.dataset.tilesUrl ?? '';
  if (!url) return null;
  return {
    url,
    attribution: element.dataset.tilesAttribution ?? '',
    subdomains: element.dataset.tilesSubdomains || 'abc',
  };
}
