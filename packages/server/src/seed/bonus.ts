import type { Queryable } from '../db/index.js';
import { insertRows } from './insert.js';

/**
 * The demo data of the bonus tab, documented here so testers can type it: gifts for points
 * (one out of stock, one with a name longer than the 33 characters the tab shows), a range of
 * loyalty cards to activate, and one open survey. The bonus promo code is BONUS300 (seed/extras.ts).
 */

export const DEMO_GIFTS = [
  { name: 'Фирменный шопер «Партер»', description: 'Хлопковая сумка с логотипом.', points: 200, stock: 50 },
  {
    name: 'Программка с автографами артистов',
    description: 'Программка спектакля, подписанная труппой.',
    points: 400,
    stock: 10,
  },
  {
    name: 'Билет на генеральную репетицию',
    description: 'Одно место на закрытом прогоне перед премьерой.',
    points: 1500,
    stock: 5,
  },
  {
    name: 'Набор открыток с афишами московских театров',
    description: 'Двенадцать открыток с афишами сезона.',
    points: 300,
    stock: 0,
  },
] as const;

/** Loyalty cards 6001 0000 0000 0001 … 6001 0000 0000 0020, each bringing 200 welcome points. */
export const DEMO_CARD_FIRST = '6001000000000001';
export const DEMO_CARD_COUNT = 20;
export const DEMO_CARD_WELCOME_POINTS = 200;

export function demoCardNumbers(): string[] {
  const first = BigInt(DEMO_CARD_FIRST);
  return Array.from({ length: DEMO_CARD_COUNT }, (_, i) => String(first + BigInt(i)));
}

export const DEMO_SURVEY = {
  title: 'Как вам наш сайт?',
  rewardPoints: 100,
  questions: [
    {
      text: 'Как часто вы ходите на спектакли и концерты?',
      kind: 'radio',
      options: ['Раз в неделю', 'Раз в месяц', 'Несколько раз в год', 'Реже'],
    },
    {
      text: 'Что вам важно при выборе билетов?',
      kind: 'checkbox',
      options: ['Цена', 'Удобная схема зала', 'Отзывы зрителей', 'Электронный билет'],
    },
    { text: 'Порекомендуете ли вы нас друзьям?', kind: 'radio', options: ['Да', 'Пока не знаю', 'Нет'] },
  ],
} as const;

/** Writes the gifts, the cards and the survey (the demo seed's transaction). */
export async function writeBonusDemo(tx: Queryable, now: Date): Promise<void> {
  await insertRows(
    tx,
    'bonus_gifts',
    { name: 'text', description: 'text', points: 'int', stock: 'int', sort: 'int' },
    DEMO_GIFTS.map((g, i) => ({ ...g, sort: i + 1 })),
  );
  await insertRows(
    tx,
    'loyalty_cards',
    { number: 'text', welcome_points: 'int' },
    demoCardNumbers().map((number) => ({ number, welcome_points: DEMO_CARD_WELCOME_POINTS })),
  );
  const survey = await tx.query<{ id: number }>(
    'INSERT INTO surveys (title, reward_points, created_at) VALUES ($1, $2, $3) RETURNING id',
    [DEMO_SURVEY.title, DEMO_SURVEY.rewardPoints, now],
  );
  await insertRows(
    tx,
    'survey_questions',
    { survey_id: 'int', position: 'int', text: 'text', kind: 'text', options: 'text[]' },
    DEMO_SURVEY.questions.map((q, i) => ({ survey_id: survey.rows[0]!.id, position: i + 1, ...q })),
  );
}
