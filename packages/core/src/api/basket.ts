/**
 * Basket calls (hall-basket-checkout.md 7.2–7.4, decision 0001). Every answer is parsed with
 * its call's response schema from the contract; a body that does not fit is an error.
 */
import {
  type BasketState,
  type BasketStateTicket,
  basketState,
  entranceTicketsRemove,
  hallPlaceDeselect,
  hallPlaceDeselectAll,
  registrationValidateField,
  type SelectionAnswer,
} from '@partera/contract';
import type { Http } from './http.js';

export type { BasketState };
export type BasketTicket = BasketStateTicket;
export type FieldCheck = ReturnType<(typeof registrationValidateField)['response']['parse']>;

/** GET /shopcart/state/ (extension): the basket as decision 0001 describes it. */
export async function fetchBasketState(http: Http): Promise<BasketState> {
  return basketState.response.parse(await http.get(basketState.path));
}

/**
 * Removes one ticket: a seat through /hallPlace/deselect/, an entrance ticket through
 * /hallPlace/entranceTicketsRemove/.
 */
export async function removeTicket(http: Http, ticket: BasketTicket): Promise<SelectionAnswer> {
  if (ticket.kind === 'place' && ticket.cypher) {
    return hallPlaceDeselect.response.parse(await http.postForm(hallPlaceDeselect.path, { cypher: ticket.cypher }));
  }
  return entranceTicketsRemove.response.parse(
    await http.postForm(entranceTicketsRemove.path, {
      performanceId: ticket.performanceId,
      sectionId: ticket.sectionId,
      ticketPrice: ticket.price,
    }),
  );
}

/** GET /hallPlace/DeselectAll/: empties the basket (the page reloads afterwards). */
export async function clearBasket(http: Http): Promise<SelectionAnswer> {
  return hallPlaceDeselectAll.response.parse(await http.get(hallPlaceDeselectAll.path));
}

/** GET /registration/validateField/?field=email&value=…: error 0 when the address is acceptable. */
export async function checkEmail(http: Http, value: string): Promise<FieldCheck> {
  return registrationValidateField.response.parse(
    await http.get(registrationValidateField.path, { field: 'email', value }),
  );
}

/** A removal or clearing answer that failed: result 0/false or a non-zero error code. */
export function answerFailed(answer: { result?: unknown; error?: number | undefined }): boolean {
  return answer.result === 0 || answer.result === false || (answer.error ?? 0) !== 0;
}
