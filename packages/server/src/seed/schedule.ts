import type { HallKey } from './catalogue/geography.js';
import type { ShowSpec } from './catalogue/shows.js';
import type { Random } from './random.js';
import { moscowWeekday } from './time.js';

export type SaleState = 'on_sale' | 'soon';

export interface PerformanceSpec {
  /** Index into the seeded show list. */
  show: number;
  hall: HallKey;
  /** Days after today (Moscow). */
  day: number;
  /** Moscow hour. */
  hour: number;
  sale: SaleState;
}

const MONDAY = 1;
const isWeekend = (weekday: number) => weekday === 0 || weekday === 6;

/**
 * When every show plays over the next `horizon` days: theatres keep a repertoire (an evening
 * show most days, dark on Mondays, children's matinees at weekends), concert halls and clubs
 * take single dates, exhibitions are open every day but Monday for their run.
 */
export function planPerformances(
  random: Random,
  now: Date,
  shows: readonly ShowSpec[],
  horizon: number,
): PerformanceSpec[] {
  const out: PerformanceSpec[] = [];
  const saleOpensBefore = shows.map((show) => {
    if (show.soon) return 0;
    // Some shows put only the nearer dates on sale; the rest are announced as 'soon'.
    return random.fork(`sale/${show.name}`).chance(0.3) ? 190 : Number.POSITIVE_INFINITY;
  });
  const push = (show: number, day: number, hour: number) => {
    out.push({
      show,
      hall: shows[show]!.hall,
      day,
      hour,
      sale: day < saleOpensBefore[show]! ? 'on_sale' : 'soon',
    });
  };
  const halls = [...new Set(shows.map((s) => s.hall))];
  for (const hall of halls) {
    const rng = random.fork(`hall/${hall}`);
    const here = shows.map((s, i) => ({ s, i })).filter(({ s }) => s.hall === hall);
    const repertoire = here.filter(({ s }) => s.plan.kind === 'repertoire');
    const matinees = here.filter(({ s }) => s.plan.kind === 'matinee');
    if (repertoire.length > 0 || matinees.length > 0) {
      let last = -1;
      for (let day = 1; day < horizon; day++) {
        const weekday = moscowWeekday(now, day);
        if (weekday === MONDAY) continue;
        const playing = repertoire.filter(({ s }) => s.plan.kind === 'repertoire' && (s.plan.from ?? 0) <= day);
        if (playing.length > 0 && rng.chance(isWeekend(weekday) ? 0.7 : 0.45)) {
          const weights = playing.map(({ s, i }) => s.popularity * (i === last ? 0.3 : 1));
          const chosen = playing[weightedIndex(rng, weights)]!.i;
          push(chosen, day, 19);
          last = chosen;
        }
        if (matinees.length > 0 && isWeekend(weekday) && rng.chance(0.6)) push(rng.pick(matinees).i, day, 12);
      }
    }
    const taken = new Set<number>();
    for (const { s, i } of here) {
      if (s.plan.kind === 'dates') {
        for (let n = 0; n < s.plan.count; n++) {
          let day = rng.int(7, horizon - 10);
          while (taken.has(day)) day = day + 1 < horizon ? day + 1 : 7;
          taken.add(day);
          for (const hour of s.plan.sessions ?? [s.plan.hour]) push(i, day, hour);
        }
      } else if (s.plan.kind === 'run') {
        for (let day = s.plan.from; day <= Math.min(s.plan.to, horizon - 1); day++) {
          if (moscowWeekday(now, day) !== MONDAY) push(i, day, 10);
        }
      }
    }
  }
  // A show not announced as 'soon' is on sale on its first date at least, however late it falls:
  // so that every genre of each city has something to buy.
  const firstDay = new Map<number, number>();
  for (const p of out) firstDay.set(p.show, Math.min(firstDay.get(p.show) ?? p.day, p.day));
  for (const p of out) if (!shows[p.show]!.soon && p.day === firstDay.get(p.show)) p.sale = 'on_sale';
  return out.sort((a, b) => a.day - b.day || a.hour - b.hour || a.show - b.show);
}

/**
 * The 'small' seed: about a dozen performances, enough for every kind of hall and state in
 * fast tests — theatre evenings, a matinee, two club nights, two exhibition days and one
 * performance announced but not on sale yet.
 */
export function planSmallPerformances(now: Date, shows: readonly ShowSpec[]): PerformanceSpec[] {
  const out: PerformanceSpec[] = [];
  const notMonday = (day: number) => (moscowWeekday(now, day) === MONDAY ? day + 1 : day);
  const of = (kind: ShowSpec['plan']['kind']) =>
    shows.map((s, i) => ({ s, i })).filter(({ s }) => s.plan.kind === kind);
  const add = (show: number, day: number, hour: number, sale: SaleState = 'on_sale') =>
    out.push({ show, hall: shows[show]!.hall, day, hour, sale });

  const repertoire = of('repertoire');
  if (repertoire.length > 0) {
    [2, 5, 9, 16, 23, 37].forEach((day, n) => {
      add(repertoire[n % repertoire.length]!.i, notMonday(day), 19);
    });
  }
  if (repertoire[0]) add(repertoire[0].i, notMonday(200), 19, 'soon');
  let saturday = 3;
  while (moscowWeekday(now, saturday) !== 6) saturday++;
  for (const { i } of of('matinee')) add(i, saturday, 12);
  of('dates').forEach(({ i }, n) => {
    add(i, notMonday(6 + 7 * n), 20);
  });
  for (const { i } of of('run')) {
    add(i, notMonday(1), 10);
    add(i, notMonday(notMonday(1) + 1), 10);
  }
  return out.sort((a, b) => a.day - b.day || a.hour - b.hour || a.show - b.show);
}

export function weightedIndex(random: Random, weights: readonly number[]): number {
  const total = weights.reduce((a, b) => a + b, 0);
  let r = random.next() * total;
  for (let i = 0; i < weights.length; i++) {
    r -= weights[i]!;
    if (r < 0) return i;
  }
  return weights.length - 1;
}
