/**
 * The basket call the hall's flow makes on an only-booking conflict (8.1, 623/624): loaded when
 * it is made, so the basket's schemas it answers with stay out of the seat map's first mount
 * (decision 0033).
 */
import { shopcartResetExclude } from '@partera/contract';
import type { SelectionAnswer } from './hall.js';
import type { Http } from './http.js';

/** Clears the basket except bookings (1) or except non-bookings (0). */
export async function resetExclude(http: Http, isBooking: 0 | 1): Promise<SelectionAnswer> {
  return shopcartResetExclude.response.parse(await http.postForm(shopcartResetExclude.path, { isBooking }));
}
