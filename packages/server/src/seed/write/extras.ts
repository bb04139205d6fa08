import type { CitySpec, HallKey } from '../catalogue/geography.js';
import type { ShowSpec } from '../catalogue/shows.js';
import { BLOCKED_ORDER_SHOW } from '../checkout.js';
import {
  DEMO_PACKAGES,
  DEMO_PARTNER,
  DEMO_TELECOM_PARTNER,
  GIFT_CARDS,
  PHONE_CHECKED_SHOW,
  PROMO_CODES,
  PROMOTIONS,
  RESERVE_ONLY_SHOW,
} from '../extras.js';
import { allocateIds, insertRows } from '../insert.js';
import type { PerformanceSpec } from '../schedule.js';
import { atMoscow } from '../time.js';
import { writeBanners } from './banners.js';
import type { SeedContext } from './context.js';
import type { CityRefs, SeededHall } from './places.js';

export interface CatalogueRefs {
  cities: CitySpec[];
  places: CityRefs;
  shows: ShowSpec[];
  showIds: number[];
  hallByKey: Map<HallKey, SeededHall>;
  plan: PerformanceSpec[];
  performanceIds: number[];
}

/**
 * Around the catalogue: a season ticket, promo banners per city (placements of spec section 9),
 * promo codes, gift cards, the demo partners and promotions (the box offices: box-offices.ts).
 */
export async function writeExtras(
  { tx, now, progress }: SeedContext,
  { cities, places: { cityId }, shows, showIds, hallByKey, plan, performanceIds }: CatalogueRefs,
): Promise<void> {
  progress('extras');
  const phoneChecked = shows.findIndex((s) => s.name === PHONE_CHECKED_SHOW);
  if (phoneChecked >= 0) {
    await tx.query(`UPDATE performances SET phone_check = 'account' WHERE show_id = $1`, [showIds[phoneChecked]]);
  }
  const reserveOnly = shows.findIndex((s) => s.name === RESERVE_ONLY_SHOW);
  if (reserveOnly >= 0) {
    await tx.query('UPDATE performances SET allow_pay = false WHERE show_id = $1', [showIds[reserveOnly]]);
  }
  await writePackages(tx, plan, performanceIds, shows);

  await writeBanners(tx, {
    cities,
    cityId,
    shows,
    showIds,
    cityOfHall: (hall) => hallByKey.get(hall)!.venue.city,
  });

  await insertRows(
    tx,
    'promo_codes',
    { code: 'text', kind: 'text', value: 'int', valid_until: 'timestamptz', uses_left: 'int' },
    PROMO_CODES.map((p) => ({
      code: p.code,
      kind: p.kind,
      value: p.value,
      valid_until: atMoscow(now, p.validDays, 0).toISOString(),
      uses_left: p.usesLeft,
    })),
  );
  await insertRows(
    tx,
    'gift_cards',
    { number: 'text', initial_balance: 'int', balance: 'int', expires_at: 'timestamptz' },
    GIFT_CARDS.map((g) => ({
      number: g.number,
      initial_balance: g.initial,
      balance: g.balance,
      expires_at: atMoscow(now, g.validDays, 0).toISOString(),
    })),
  );
  // The seed runs without the server's SECRET, so the demo telecom secret (public, development
  // only) goes where a database from before migration 0005 kept secrets, the clear column: the
  // server seals it as it starts (sealClearNotifySecrets), like any secret it finds there.
  await insertRows(
    tx,
    'partners',
    {
      name: 'text',
      hash: 'text',
      allowed_origins: 'text[]',
      cashback_percent: 'int',
      own_pay_flow: 'boolean',
      notify_secret: 'text',
    },
    [DEMO_PARTNER, DEMO_TELECOM_PARTNER].map((p) => ({
      name: p.name,
      hash: p.hash,
      allowed_origins: p.allowedOrigins,
      cashback_percent: p.cashbackPercent,
      own_pay_flow: p.ownPayFlow,
      notify_secret: p.notifySecret,
    })),
  );
  await insertRows(
    tx,
    'promotions',
    { name: 'text', reward_type_code: 'text', reward_value: 'int', description: 'text', starts_on: 'date' },
    PROMOTIONS.map((p) => ({
      name: p.name,
      reward_type_code: p.rewardType,
      reward_value: p.value,
      description: p.description,
      starts_on: moscowDate(atMoscow(now, p.startsInDays, 12)),
    })),
  );
}

/** The season tickets of DEMO_PACKAGES, each over evening performances of distinct shows. */
async function writePackages(
  tx: SeedContext['tx'],
  plan: PerformanceSpec[],
  performanceIds: number[],
  shows: ShowSpec[],
): Promise<void> {
  // The blocked show's last date on sale takes no orders (checkout.ts): no season ticket includes it.
  const blocked = plan
    .map((p, i) => ({ p, i }))
    .filter(({ p }) => shows[p.show]!.name === BLOCKED_ORDER_SHOW && p.sale === 'on_sale')
    .sort((a, b) => b.p.day - a.p.day || b.p.hour - a.p.hour || b.i - a.i)[0]?.i;
  const evenings = plan
    .map((p, i) => ({ p, id: performanceIds[i]!, i }))
    .filter(({ p }) => p.hall === 'msk-drama' && p.hour === 19 && p.sale === 'on_sale')
    .filter(({ p, i }) => shows[p.show]!.name !== RESERVE_ONLY_SHOW && i !== blocked);
  const ids = await allocateIds(tx, 'packages', DEMO_PACKAGES.length);
  await insertRows(
    tx,
    'packages',
    { id: 'int', name: 'text', tickets_in_performance_count: 'int' },
    DEMO_PACKAGES.map((k, i) => ({ id: ids[i], name: k.name, tickets_in_performance_count: k.ticketsPerPerformance })),
  );
  const rows: Array<{ package_id: number; performance_id: number; position: number }> = [];
  let rest = evenings;
  DEMO_PACKAGES.forEach((k, i) => {
    const chosen = distinctBy(rest, ({ p }) => p.show).slice(0, k.performances);
    const last = chosen[chosen.length - 1]?.id ?? 0;
    rest = rest.filter(({ id }) => id > last);
    for (const [n, { id }] of chosen.entries()) rows.push({ package_id: ids[i]!, performance_id: id, position: n + 1 });
  });
  await insertRows(tx, 'package_performances', { package_id: 'int', performance_id: 'int', position: 'int' }, rows);
}

function distinctBy<T>(items: T[], key: (item: T) => unknown): T[] {
  const seen = new Set<unknown>();
  return items.filter((item) => {
    const k = key(item);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** 'YYYY-MM-DD' of an instant, in Moscow. */
function moscowDate(at: Date): string {
  return new Date(at.getTime() + 3 * 3_600_000).toISOString().slice(0, 10);
}
