/** Browsing entities (site-browsing-account.md 3). */
import { z } from 'zod';

/** Promo banner item; shown through a slot template ({{show.url}}, {{show.name}}, {{img.src}}, {{stage.url}}, {{stage.name}}). */
export const promoBannerItem = z.object({
  show_url: z.string(),
  show_name: z.string(),
  img_url: z.string(),
  stage_url: z.string(),
  stage_name: z.string(),
});
export type PromoBannerItem = z.infer<typeof promoBannerItem>;

/**
 * The promo call's answer: slot (label) id → entry; element [1] of an entry is the item list.
 * Element [0] is the slot's label (our choice; the spec shows only [1]).
 */
export const promoBannerSlots = z.record(z.string(), z.tuple([z.string(), z.array(promoBannerItem)]).rest(z.unknown()));
export type PromoBannerSlots = z.infer<typeof promoBannerSlots>;

/** Autocomplete sources of the older variant and their result routes. */
export const AUTOCOMPLETE_SOURCES = ['building', 'performance', 'organizer', 'person'] as const;
export const autocompleteSource = z.enum(AUTOCOMPLETE_SOURCES);
export type AutocompleteSource = z.infer<typeof autocompleteSource>;

/** Autocomplete result (older). */
export const autocompleteOld = z.object({
  count: z.number().int(),
  items: z.array(z.object({ source: autocompleteSource, label: z.string() })),
});
export type AutocompleteOld = z.infer<typeof autocompleteOld>;

/** Autocomplete result (newer, grouped). */
export const autocompleteGrouped = z.object({
  count: z.number().int(),
  genres: z.object({
    result: z.array(
      z.object({
        genre_id: z.number().int(),
        genre_name: z.string(),
        /** 1 means a parent genre. */
        genre_is_parent: z.union([z.literal(0), z.literal(1)]),
      }),
    ),
  }),
  performance: z.object({
    count: z.number().int(),
    result: z.array(
      z.object({
        show_url: z.string(),
        image: z.string(),
        genre_name: z.string(),
        show_name: z.string(),
        free_tickets: z.number().int(),
        date: z.object({ day: z.string(), time: z.string() }),
        min_price: z.number(),
        building_name: z.string(),
        client_rating: z.number(),
      }),
    ),
  }),
  building: z.object({
    count: z.number().int(),
    result: z.array(
      z.object({
        url: z.string(),
        widescreen_image: z.string(),
        name: z.string(),
        address: z.string(),
        /** 'organizer' labels the venue 'Организатор'. */
        type: z.string(),
        metro_name: z.string(),
      }),
    ),
  }),
  person: z.object({
    count: z.number().int(),
    result: z.array(
      z.object({
        full_url: z.string(),
        image: z.string(),
        name: z.string(),
        shows: z.array(z.object({ show_url: z.string(), show_name: z.string() })),
      }),
    ),
  }),
});
export type AutocompleteGrouped = z.infer<typeof autocompleteGrouped>;

/** An empty grouped autocomplete result. */
export const emptyAutocompleteGrouped = (): AutocompleteGrouped => ({
  count: 0,
  genres: { result: [] },
  performance: { count: 0, result: [] },
  building: { count: 0, result: [] },
  person: { count: 0, result: [] },
});

export const show = z.object({
  showId: z.number().int(),
  showName: z.string(),
  showLink: z.string(),
  minPrice: z.number(),
  mainImage: z.string(),
  description: z.string(),
  tags: z.array(z.string()),
  videoId: z.string().nullable().optional(),
  rating: z.number().nullable(),
});
export type Show = z.infer<typeof show>;

export const reviewPreviewItem = z.object({ name: z.string(), date: z.string(), review: z.string() });
export type ReviewPreview = z.infer<typeof reviewPreviewItem>;

export const socialCounters = z.object({ fb: z.number().int(), vk: z.number().int(), ok: z.number().int() });

export const showInfoAnswer = z.object({ soldTickets: z.number().int(), visitors: z.number().int() });
export type ShowInfo = z.infer<typeof showInfoAnswer>;

export const boxOfficePoint = z.object({
  latitude: z.number(),
  longitude: z.number(),
  /** The balloon's HTML. */
  content: z.string(),
  name: z.string(),
  icon: z.string(),
  idDivision: z.number().int().nullable(),
  idMetro: z.number().int().nullable(),
  online: z.boolean(),
});
export type BoxOfficePoint = z.infer<typeof boxOfficePoint>;

/** Map search data: venues with their shows. */
export const mapSearchBuilding = z.object({
  building: z.object({
    lat: z.number(),
    long: z.number(),
    name: z.string(),
    shows: z.record(
      z.string(),
      z.object({
        show_id: z.number().int(),
        show_name: z.string(),
        show_url: z.string(),
        description: z.string(),
        image_path: z.string(),
        image_widescreen_path: z.string(),
      }),
    ),
  }),
});

/** Rating widget data: val average, votes count, score the chosen star value. */
export const ratingWidget = z.object({
  val: z.number(),
  votes: z.number().int(),
  score: z.number().optional(),
});

export const notifyOnSaleRequest = z.object({
  requestFrom: z.string(),
  requestTo: z.string(),
  requestEmail: z.string(),
  requestShowId: z.number().int(),
});

export const bookmark = z.object({ objId: z.number().int(), toNotify: z.union([z.literal(0), z.literal(1)]) });
