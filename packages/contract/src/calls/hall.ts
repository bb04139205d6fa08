/** Hall map, seat selection, entrance and list-view tickets (hall-basket-checkout.md 7.1–7.3). */
import { z } from 'zod';
import { defineCall } from '../call.js';
import { cypher, entranceAnswer, hallMapData, selectionAnswer, selectionFailure } from '../entities/hall.js';
import { compactHallState, hallLayoutData } from '../entities/hall-layout.js';
import { mediaAnswer, mediaFailure, mediaFileId } from '../entities/media.js';
import {
  flag,
  htmlAnswer,
  htmlFailure,
  id,
  int,
  jsonField,
  LIST_MAX,
  num,
  request,
  sessionFreeRequest,
  TEXT_MAX,
  text,
} from '../wire.js';

const HALL = 'hall-basket-checkout.md';

// ---------------------------------------------------------------- 7.1 Hall map

export const hallMap = defineCall({
  id: 'hall.map',
  method: 'GET',
  path: '/hallview/map/:performanceId/',
  queryFlag: { name: 'json', value: '1' },
  params: 'query',
  request: request({
    performanceId: id(),
    json: z.literal('1').or(z.literal(1)).optional(),
    all: text(TEXT_MAX.code).optional(),
    hot: text(TEXT_MAX.code).optional(),
    /** Extension (decision 0025): '1' answers `places: []` and the compact per-performance state instead. */
    compact: z.literal('1').or(z.literal(1)).optional(),
  }),
  answer: 'json',
  response: hallMapData.extend({ compact: compactHallState.optional() }),
  failure: (message, code) => ({
    places: [],
    legend: [],
    anyPremiumTicketFound: { premium: 'false' as const },
    cannotCreateOrder: true,
    cannotCreateOrderCause: message,
    sections: [],
    error: code ?? 0,
    message,
  }),
  spec: `${HALL} 7.1, 3.2, 3.3`,
  summary: 'Hall map data of a performance (JSON variant, ?json=1): places, legend, sections.',
});

/**
 * Extension (decision 0025): the static part of a hall's map, the same for every performance in
 * the hall: the SVG without places, the sections' outlines and the places as delta-coded columns.
 */
export const hallLayout = defineCall({
  id: 'hall.layout',
  method: 'GET',
  path: '/hallview/layout/:hallId/',
  params: 'query',
  request: sessionFreeRequest({ hallId: id() }),
  answer: 'json',
  response: hallLayoutData,
  failure: (message, code) => ({
    hallId: 0,
    width: 0,
    height: 0,
    radius: 0,
    svg: '',
    sections: [],
    places: {
      count: 0,
      id: [],
      x: [],
      y: [],
      section: [],
      rows: [],
      row: [],
      number: [],
      numberText: [],
      group: [],
      pair: [],
      type: [],
      description: [],
    },
    error: code ?? 0,
    message,
  }),
  spec: `${HALL} 7.1, 3.3; extension (decision 0025)`,
  summary:
    'Static layout of a hall for the canvas plan: the SVG without places, section outlines, places as columns. Public, cached by ETag, gzipped.',
});

export const hallMapHtml = defineCall({
  id: 'hall.mapHtml',
  method: 'GET',
  path: '/hallview/map/:performanceId/',
  params: 'query',
  request: request({ performanceId: id(), hot: text(TEXT_MAX.code).optional() }),
  answer: 'html',
  response: htmlAnswer(),
  failure: htmlFailure,
  spec: `${HALL} 7.1, 3.3`,
  summary:
    'Older HTML seat map of a performance (the spec’s objId is the performance id). Served at the same path as hall.map when the query has no json=1 nor onlyNavImg.',
});

export const hallMapSectionHtml = defineCall({
  id: 'hall.mapSectionHtml',
  method: 'GET',
  path: '/hallview/map/:performanceId/:sectionId/',
  params: 'query',
  request: request({ performanceId: id(), sectionId: id(), hot: text(TEXT_MAX.code).optional() }),
  answer: 'html',
  response: htmlAnswer(),
  failure: htmlFailure,
  spec: `${HALL} 7.1`,
  summary: 'Older HTML seat map of one section (/hallview/map/{objId}/{sectionId}/).',
});

export const hallMapNavImage = defineCall({
  id: 'hall.mapNavImage',
  method: 'GET',
  path: '/hallview/map/:performanceId/',
  queryFlag: { name: 'onlyNavImg' },
  params: 'query',
  request: request({ performanceId: id(), onlyNavImg: text(TEXT_MAX.code).optional() }),
  answer: 'html',
  response: htmlAnswer(),
  failure: htmlFailure,
  spec: `${HALL} 7.1, 2.1`,
  summary: 'Navigation plan (overview image of the hall) of the older variant (?onlyNavImg).',
});

export const hallSvg = defineCall({
  id: 'hall.svg',
  method: 'GET',
  path: '/media/hall/:hallId.svg',
  params: 'query',
  request: sessionFreeRequest({ hallId: mediaFileId() }),
  answer: 'file',
  response: mediaAnswer,
  failure: mediaFailure,
  spec: `${HALL} 7.1 (GET {svgUrl}); decision 0001`,
  summary:
    'The hall SVG; concrete path for the spec’s {svgUrl} (shape in decision 0001). Public and cacheable: revalidates by ETag (304), gzipped on request; a malformed file name answers 400 and an unknown hall 404, both as JSON {error, message}.',
});

export const hallSeatView = defineCall({
  id: 'hall.seatView',
  method: 'GET',
  path: '/media/seat-view/:placeId.svg',
  params: 'query',
  request: sessionFreeRequest({ placeId: mediaFileId() }),
  answer: 'file',
  response: mediaAnswer,
  failure: mediaFailure,
  spec: `${HALL} 2.1, 3.1 (the images of hallPlaceImages: the view from the seat); decision 0029`,
  summary:
    'The view from a seat: the stage as seen from the band of rows of the place’s section (four rows a band), drawn as SVG from the hall’s geometry; every place of a band names the band’s view by its lowest place id. Public and cacheable: revalidates by ETag (304); a malformed file name answers 400, a place of a hall without a stage (or no place) 404, both as JSON {error, message}.',
  extension: true,
});

export const bestPlaceCheck = defineCall({
  id: 'hall.bestPlaceCheck',
  method: 'GET',
  path: '/bestPlace/checkAvailability/',
  params: 'query',
  request: request({ performanceId: id().optional() }),
  answer: 'json',
  response: z.object({
    status: z.enum(['success', 'error']),
    /** An object whose first value is shown in the 'Бронирование лучших мест' modal. */
    message: z.record(z.string(), z.string()).optional(),
  }),
  failure: (message) => ({ status: 'error' as const, message: { error: message } }),
  spec: `${HALL} 7.1, 2.1`,
  summary: 'Availability of best places; status error shows the first message value in a modal.',
});

/**
 * Beyond the spec: the buyer asks for `count` seats side by side, optionally within a price range
 * (roubles, inclusive) or one section; the server picks adjacent free seats of one row (the best
 * section first) and holds them all in one transaction, or holds nothing.
 */
export const bestAvailable = defineCall({
  id: 'hall.bestAvailable',
  method: 'POST',
  path: '/hallPlace/selectBest/',
  params: 'form',
  request: request({
    performanceId: id(),
    count: int().min(1).max(10),
    /** Lowest acceptable ticket price, roubles. */
    priceMin: num().optional(),
    /** Highest acceptable ticket price, roubles. */
    priceMax: num().optional(),
    sectionId: id().optional(),
  }),
  answer: 'json',
  response: selectionAnswer,
  failure: selectionFailure,
  spec: `${HALL} 2.1 (best places), 4.1, 5.1; extension`,
  summary:
    'Best available: holds `count` adjacent seats of one row in the price range, best section first, all or nothing; ticketHashList names the held places.',
});

// ---------------------------------------------------------------- 7.2 Seat selection

const groupPlace = z.looseObject({
  cypher: cypher(),
  tax: id().optional(),
  exclisivePlace: flag().optional(),
  baseObjId: id().optional(),
});

const groupRequest = request({
  sessionId: text(TEXT_MAX.code),
  places: jsonField(z.array(groupPlace).min(1).max(LIST_MAX)),
});

export const hallPlaceSelect = defineCall({
  id: 'hall.placeSelect',
  method: 'POST',
  path: '/hallPlace/select/',
  params: 'form',
  request: request({
    cypher: cypher(),
    /** Tariff id; absent when the place has one tariff. */
    tax: id().optional(),
    hot: text(TEXT_MAX.code).optional(),
    packageId: id().optional(),
  }),
  answer: 'json',
  response: selectionAnswer,
  failure: selectionFailure,
  spec: `${HALL} 7.2, 3.7, 8.1`,
  summary: 'Puts a seat in the basket (holds it).',
});

export const hallPlaceDeselect = defineCall({
  id: 'hall.placeDeselect',
  method: 'POST',
  path: '/hallPlace/deselect/',
  params: 'form',
  request: request({ cypher: cypher() }),
  answer: 'json',
  response: selectionAnswer,
  failure: selectionFailure,
  spec: `${HALL} 7.2, 3.7, 4.4`,
  summary: 'Takes a seat out of the basket; answers areInBasketMoreTicketsLeft and performanceFullUrl.',
});

export const hallPlaceSelectGroup = defineCall({
  id: 'hall.placeSelectGroup',
  method: 'POST',
  path: '/hallPlace/selectGroup/:sessionId',
  params: 'form-or-json',
  request: groupRequest,
  answer: 'json',
  response: selectionAnswer,
  failure: selectionFailure,
  spec: `${HALL} 7.2, 4.1`,
  summary:
    'Holds a group (group-id > 0) or an exclusive pair all or nothing: places [{cypher, tax}] or [{cypher, tax, exclisivePlace: true, baseObjId}].',
});

export const hallPlaceDeselectGroup = defineCall({
  id: 'hall.placeDeselectGroup',
  method: 'POST',
  path: '/hallPlace/deselectGroup/:sessionId',
  params: 'form-or-json',
  request: groupRequest,
  answer: 'json',
  response: selectionAnswer,
  failure: selectionFailure,
  spec: `${HALL} 7.2`,
  summary: 'Releases a group or an exclusive pair: places [{cypher}] or the exclusive form.',
});

export const hallPlaceSelectExclusive = defineCall({
  id: 'hall.placeSelectExclusive',
  method: 'POST',
  path: '/hallPlace/selectExclusive/',
  params: 'form',
  request: request({ cypher: cypher(), baseObjId: id() }),
  answer: 'json',
  response: selectionAnswer,
  failure: selectionFailure,
  spec: `${HALL} 7.2, 4.1`,
  summary: 'Selects the exclusive counterpart of a star seat.',
});

export const hallPlaceSelectGifts = defineCall({
  id: 'hall.placeSelectGifts',
  method: 'POST',
  path: '/hallPlace/selectGifts/',
  params: 'form',
  request: request({
    numOfGifts: int().min(0),
    /** Performance id. */
    objId: id(),
    /** Seat form. */
    placeId: id().optional(),
    /** Entrance form. */
    sectionId: id().optional(),
  }).refine((v) => v.placeId !== undefined || v.sectionId !== undefined, {
    message: 'placeId или sectionId обязателен',
    path: ['placeId'],
  }),
  answer: 'json',
  response: selectionAnswer,
  failure: selectionFailure,
  spec: `${HALL} 7.2, 5.2`,
  summary: 'Sets the gift count of a seat ticket {placeId} or of an entrance section {sectionId}.',
});

export const hallPlaceDeselectAll = defineCall({
  id: 'hall.placeDeselectAll',
  method: 'GET',
  changesState: true,
  path: '/hallPlace/DeselectAll/',
  params: 'query',
  request: request({}),
  answer: 'json',
  response: selectionAnswer,
  failure: selectionFailure,
  spec: `${HALL} 7.2`,
  summary: 'Clears the whole basket; the page then reloads.',
});

// ---------------------------------------------------------------- 7.3 Entrance and list-view tickets

const entranceAddRequest = request({
  count: int().min(1),
  performanceId: id(),
  sectionId: id(),
  /** Tariff id (id_tariff). */
  taxId: id(),
  /** Unit price, roubles. */
  ticketPrice: num(),
  sectionName: text(TEXT_MAX.name).optional(),
  fundId: id().optional(),
  organizerId: id().optional(),
});

const entranceRemoveRequest = request({
  performanceId: id(),
  sectionId: id(),
  ticketPrice: num(),
  /** Extension: how many to remove (default 1). */
  count: int().min(1).optional(),
});

export const entranceTicketsAdd = defineCall({
  id: 'hall.entranceTicketsAdd',
  method: 'POST',
  path: '/hallPlace/entranceTicketsAdd/',
  params: 'form',
  request: entranceAddRequest,
  answer: 'json',
  response: entranceAnswer,
  failure: selectionFailure,
  spec: `${HALL} 7.3, 3.8`,
  summary: 'Adds entrance (free-seating) tickets of a section; the list view adds sectionName, fundId, organizerId.',
});

export const entranceTicketsRemove = defineCall({
  id: 'hall.entranceTicketsRemove',
  method: 'POST',
  path: '/hallPlace/entranceTicketsRemove/',
  params: 'form',
  request: entranceRemoveRequest,
  answer: 'json',
  response: entranceAnswer,
  failure: selectionFailure,
  spec: `${HALL} 7.3`,
  summary: 'Removes an entrance ticket of a section; answers the basket.',
});

export const futureTicketAdd = defineCall({
  id: 'hall.futureTicketAdd',
  method: 'POST',
  path: '/hallPlace/futureTicketAdd/',
  params: 'form',
  request: entranceAddRequest,
  answer: 'json',
  response: entranceAnswer,
  failure: selectionFailure,
  spec: `${HALL} 7.3`,
  summary: 'List view, sections with seats: adds tickets without choosing seats (future tickets).',
});

export const futureTicketRemove = defineCall({
  id: 'hall.futureTicketRemove',
  method: 'POST',
  path: '/hallPlace/futureTicketRemove/',
  params: 'form',
  request: entranceRemoveRequest,
  answer: 'json',
  response: entranceAnswer,
  failure: selectionFailure,
  spec: `${HALL} 7.3`,
  summary: 'List view: removes a future ticket of a section; answers the basket.',
});

export const hallCalls = [
  hallMap,
  hallLayout,
  hallMapHtml,
  hallMapSectionHtml,
  hallMapNavImage,
  hallSvg,
  hallSeatView,
  bestPlaceCheck,
  bestAvailable,
  hallPlaceSelect,
  hallPlaceDeselect,
  hallPlaceSelectGroup,
  hallPlaceDeselectGroup,
  hallPlaceSelectExclusive,
  hallPlaceSelectGifts,
  hallPlaceDeselectAll,
  entranceTicketsAdd,
  entranceTicketsRemove,
  futureTicketAdd,
  futureTicketRemove,
] as const;
