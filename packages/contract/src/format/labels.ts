/** Russian labels built from numbers (site 9, hall 2.1). */
import type { RewardType } from '../entities/account.js';
import { isSingularCount, plural } from './plural.js';

/** Promotion reward labels by reward_type_code. */
export function rewardLabel(type: RewardType, value: number | string): string {
  switch (type) {
    case 'fixed_value':
      return `${value} баллов`;
    case 'multiplier':
      return `x${value}`;
    case 'percent':
      return `${value}%`;
    case 'added_value':
      return `+${value} баллов`;
  }
}

/** 'куплен' for 1, 21, 101; 'куплены' otherwise (11, 2, 5). */
export function wasBoughtWord(n: number): string {
  return isSingularCount(n) ? 'куплен' : 'куплены';
}

/** Social proof: 'Уже куплен 21 билет', 'Уже куплены 5 билетов'. */
export function ticketsBoughtText(n: number): string {
  return `Уже ${wasBoughtWord(n)} ${n} ${plural(n, ['билет', 'билета', 'билетов'])}`;
}

/** Social proof: 'Сейчас смотрит 1 человек', 'Сейчас смотрят 5 человек'. */
export function visitorsBrowsingText(n: number): string {
  return `Сейчас ${isSingularCount(n) ? 'смотрит' : 'смотрят'} ${n} ${plural(n, ['человек', 'человека', 'человек'])}`;
}

/** The older map's gift choice: 'Без подарка', '1 подарок' … '5 подарков'. */
export function giftChoiceLabel(n: number): string {
  return n === 0 ? 'Без подарка' : `${n} ${plural(n, ['подарок', 'подарка', 'подарков'])}`;
}

/** The rating widget's vote-count label: '1 оценка', '3 оценки', '5 оценок'. */
export function ratingVotesLabel(n: number): string {
  return `${n} ${plural(n, ['оценка', 'оценки', 'оценок'])}`;
}

/** The order processing countdown: '12 секунд', '1 секунда', '3 секунды'. */
export function secondsLabel(n: number): string {
  return `${n} ${plural(n, ['секунда', 'секунды', 'секунд'])}`;
}

/** The review carousel label '{n} из {total}'. */
export function carouselPosition(n: number, total: number): string {
  return `${n} из ${total}`;
}
