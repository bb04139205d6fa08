/** Gifts per ticket (hall 5.2). */
import { DEFAULT_MAX_GIFT_COUNT_PER_TICKET, OLD_MAP_MAX_GIFT_CHOICE } from '../constants.js';
import type { ValidationResult } from './limits.js';
import { VALID } from './limits.js';

/** maxGiftCountPerTicket 0 hides gifts. */
export function giftsEnabled(maxGiftCountPerTicket: number = DEFAULT_MAX_GIFT_COUNT_PER_TICKET): boolean {
  return maxGiftCountPerTicket > 0;
}

/** A gift per seat ticket is allowed only while giftsCount < maxGiftCountPerTicket. */
export function canAddSeatGift(
  giftsCount: number,
  maxGiftCountPerTicket: number = DEFAULT_MAX_GIFT_COUNT_PER_TICKET,
): ValidationResult {
  if (giftsCount < maxGiftCountPerTicket) return VALID;
  return { validated: false, cause: 'gift_limit_exceeded', limit: maxGiftCountPerTicket };
}

/** For an entrance section the bound is maxGiftCountPerTicket × ticketsCount. */
export function canAddEntranceGift(
  section: { ticketsCount: number; giftsCount: number },
  maxGiftCountPerTicket: number = DEFAULT_MAX_GIFT_COUNT_PER_TICKET,
): ValidationResult {
  if (section.giftsCount < maxGiftCountPerTicket * section.ticketsCount) return VALID;
  return { validated: false, cause: 'gift_limit_exceeded', limit: maxGiftCountPerTicket };
}

/** Removing an entrance ticket caps its section's gifts at tickets × maximum. */
export function removeEntranceTicket<S extends { ticketsCount: number; giftsCount: number }>(
  section: S,
  maxGiftCountPerTicket: number = DEFAULT_MAX_GIFT_COUNT_PER_TICKET,
): S {
  const ticketsCount = Math.max(0, section.ticketsCount - 1);
  return { ...section, ticketsCount, giftsCount: Math.min(section.giftsCount, ticketsCount * maxGiftCountPerTicket) };
}

/** The older map's gift choice: 0–5, capped by the seat's available gifts. */
export function oldMapGiftChoices(availableGifts: number): number[] {
  const max = Math.max(0, Math.min(OLD_MAP_MAX_GIFT_CHOICE, Math.floor(availableGifts)));
  return Array.from({ length: max + 1 }, (_, i) => i);
}
