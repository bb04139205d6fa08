import type { HallPageConfig } from '@partera/contract';

/** The photo of the view from a place, if the page has one (spec 3.1 hallPlaceImages). */
export function placePhoto(images: HallPageConfig['hallPlaceImages'], placeId: number): string | undefined {
  return images?.find((i) => i.place_id === placeId)?.image;
}
