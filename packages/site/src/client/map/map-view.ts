/**
 * The site's map (decision 0041): Leaflet with clustered placemarks (supercluster), used by the
 * box offices (/kassa/) and the venue map of the performance search. Loaded as a chunk of its
 * own when a map is shown, never with a page's first paint. Leaflet's style sheet is injected
 * with it; its marker pictures are the package's own, copied beside the bundles by the build.
 *
 * Tiles come from the configured source; without one (or while the tile host cannot be reached)
 * the placemarks stand on a plain background and everything else works the same.
 */
import * as L from 'leaflet';
import markerIcon from 'leaflet/dist/images/marker-icon.png';
import markerIcon2x from 'leaflet/dist/images/marker-icon-2x.png';
import markerShadow from 'leaflet/dist/images/marker-shadow.png';
import leafletCss from 'leaflet/dist/leaflet.css';
import Supercluster from 'supercluster';
import type { MapTiles } from './tiles.js';

export interface Placemark<T> {
  lat: number;
  lng: number;
  /** The placemark's name: its tooltip and what a screen reader says. */
  title: string;
  data: T;
}

export interface ClusterMapOptions<T> {
  container: HTMLElement;
  center: readonly [number, number];
  zoom: number;
  tiles: MapTiles | null;
  /** The balloon of a placemark. */
  balloon: (data: T) => HTMLElement;
  /** A class for a placemark's marker (online and offline box offices look different). */
  markerClass?: (data: T) => string;
  /** Options of the balloons (the search map's panel is taller than the default). */
  balloonOptions?: L.PopupOptions;
}

export interface ClusterMap<T> {
  /** Shows these placemarks; the view moves to them when any is outside it. */
  show(placemarks: Placemark<T>[]): void;
  /** After the container was hidden or resized. */
  resize(): void;
  destroy(): void;
  /** The Leaflet map (tests and page code may listen to it). */
  readonly leaflet: L.Map;
}

/** Cluster radius in pixels and the zoom from which every placemark stands alone. */
const CLUSTER_RADIUS = 60;
const CLUSTER_MAX_ZOOM = 16;
const MAX_FIT_ZOOM = 15;

let cssInjected = false;
function injectCss(doc: Document): void {
  if (cssInjected || doc.querySelector('style[data-leaflet]')) return;
  const style = doc.createElement('style');
  style.dataset.leaflet = '';
  style.textContent = leafletCss;
  doc.head.appendChild(style);
  cssInjected = true;
}

const pointIcon = (className: string) =>
  L.icon({
    iconUrl: markerIcon,
    iconRetinaUrl: markerIcon2x,
    shadowUrl: markerShadow,
    iconSize: [25, 41],
    iconAnchor: [12, 41],
    popupAnchor: [1, -34],
    shadowSize: [41, 41],
    className: `site-map__marker ${className}`.trim(),
  });

function clusterIcon(count: number): L.DivIcon {
  const size = count < 10 ? 'small' : count < 50 ? 'medium' : 'large';
  return L.divIcon({
    html: `<span>${count}</span>`,
    className: `site-map__cluster site-map__cluster--${size}`,
    iconSize: [40, 40],
  });
}

export function createClusterMap<T>(options: ClusterMapOptions<T>): ClusterMap<T> {
  const { container } = options;
  injectCss(container.ownerDocument);
  container.classList.toggle('site-map--plain', !options.tiles);
  const map = L.map(container, {
    center: [options.center[0], options.center[1]],
    zoom: options.zoom,
    attributionControl: options.tiles !== null,
  });
  if (options.tiles) {
    L.tileLayer(options.tiles.url, {
      attribution: options.tiles.attribution,
      subdomains: options.tiles.subdomains,
      maxZoom: 19,
    }).addTo(map);
  }
  const layer = L.layerGroup().addTo(map);
  /** Markers on the map by key, kept across redraws so an open balloon stays open. */
  const markers = new Map<string, L.Marker>();
  let placemarks: Placemark<T>[] = [];
  let index = new Supercluster<{ i: number }>({ radius: CLUSTER_RADIUS, maxZoom: CLUSTER_MAX_ZOOM });

  const markerOf = (key: string, make: () => L.Marker) => {
    let marker = markers.get(key);
    if (!marker) {
      marker = make();
      markers.set(key, marker);
      layer.addLayer(marker);
    }
    return marker;
  };

  const redraw = () => {
    const b = map.getBounds();
    const zoom = Math.round(map.getZoom());
    const wanted = new Set<string>();
    for (const feature of index.getClusters([b.getWest(), b.getSouth(), b.getEast(), b.getNorth()], zoom)) {
      const [lng, lat] = feature.geometry.coordinates as [number, number];
      const props = feature.properties as { cluster?: boolean; cluster_id?: number; point_count?: number; i?: number };
      if (props.cluster) {
        const id = props.cluster_id as number;
        const key = `c${id}/${props.point_count}/${zoom}`;
        wanted.add(key);
        markerOf(key, () =>
          L.marker([lat, lng], {
            icon: clusterIcon(props.point_count ?? 0),
            title: `${props.point_count}`,
            alt: `${props.point_count}`,
            // Above the single placemarks, whose pins may reach over a cluster beside them.
            zIndexOffset: 1000,
          }).on('click', () =>
            map.setView([lat, lng], Math.min(index.getClusterExpansionZoom(id), CLUSTER_MAX_ZOOM + 1)),
          ),
        );
      } else {
        const i = props.i as number;
        const place = placemarks[i];
        if (!place) continue;
        const key = `p${i}`;
        wanted.add(key);
        markerOf(key, () =>
          L.marker([place.lat, place.lng], {
            icon: pointIcon(options.markerClass?.(place.data) ?? ''),
            title: place.title,
            alt: place.title,
          }).bindPopup(() => options.balloon(place.data), options.balloonOptions),
        );
      }
    }
    for (const [key, marker] of markers) {
      if (wanted.has(key)) continue;
      layer.removeLayer(marker);
      markers.delete(key);
    }
  };
  map.on('moveend', redraw);

  return {
    leaflet: map,
    show(list) {
      placemarks = list;
      map.closePopup();
      layer.clearLayers();
      markers.clear();
      index = new Supercluster<{ i: number }>({ radius: CLUSTER_RADIUS, maxZoom: CLUSTER_MAX_ZOOM });
      index.load(
        list.map((p, i) => ({
          type: 'Feature' as const,
          properties: { i },
          geometry: { type: 'Point' as const, coordinates: [p.lng, p.lat] },
        })),
      );
      const bounds = L.latLngBounds(list.map((p) => [p.lat, p.lng] as [number, number]));
      if (list.length > 0 && !map.getBounds().contains(bounds)) {
        map.fitBounds(bounds, { padding: [30, 30], maxZoom: MAX_FIT_ZOOM, animate: false });
      }
      redraw();
    },
    resize() {
      map.invalidateSize();
      redraw();
    },
    destroy() {
      map.remove();
      markers.clear();
    },
  };
}
