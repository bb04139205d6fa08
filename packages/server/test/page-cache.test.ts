/**
 * Issue 9: catalogue pages are read from the process's memory and dropped when what they show
 * changes: a hold in this process at once, a hold in another process through LISTEN/NOTIFY, not
 * through a timer.
 */
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../src/clock.js';
import { openPostgres } from '../src/db/postgres.js';
import { type CatalogueChange, type ChangeFeed, changeFeedOf } from '../src/services/catalogue/changes.js';
import { cachedCatalogueOf, PageDataCache } from '../src/services/catalogue/page-cache.js';
import { buildTestApp, buyer } from './support/app.js';
import { describeEachDatabase, openTestDatabase, postgresUrl } from './support/databases.js';
import { createHallFixture } from './support/fixture.js';

/** A feed driven by the test. */
function manualFeed(): ChangeFeed & { send(change: CatalogueChange): void } {
  const listeners = new Set<(c: CatalogueChange) => void>();
  return {
    ready: Promise.resolve(),
    availabilityChanged: () => {},
    everythingChanged: () => {},
    subscribe(l) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    send(change) {
      for (const l of listeners) l(change);
    },
  };
}

describe('page data cache', () => {
  const setup = () => {
    const feed = manualFeed();
    const clock = new ManualClock({ now: () => new Date('2026-11-24T10:00:00Z') });
    const cache = new PageDataCache(feed, clock, { maxAgeMs: 30_000, maxEntries: 3 });
    let reads = 0;
    const read = (value: { shows: number[] } | null) => () => {
      reads++;
      return Promise.resolve(value);
    };
    const get = (key: string, value: { shows: number[] } | null) => cache.get(key, read(value), (v) => v.shows);
    return { feed, clock, cache, get, reads: () => reads };
  };

  it('keeps a value until a change of one of its performances, the catalogue, or its age', async () => {
    const { feed, clock, get, reads } = setup();
    await get('a', { shows: [1, 2] });
    await get('a', { shows: [1, 2] });
    expect(reads()).toBe(1);
    feed.send({ kind: 'availability', performances: [3] });
    await get('a', { shows: [1, 2] });
    expect(reads()).toBe(1);
    feed.send({ kind: 'availability', performances: [2] });
    await get('a', { shows: [1, 2] });
    expect(reads()).toBe(2);
    feed.send({ kind: 'everything' });
    await get('a', { shows: [1, 2] });
    expect(reads()).toBe(3);
    clock.advance(30_000);
    await get('a', { shows: [1, 2] });
    expect(reads()).toBe(4);
  });

  it('answers but does not keep a read that a change overtook, nor a miss; reads once for many askers', async () => {
    const { feed, cache, get, reads } = setup();
    let finish!: (v: { shows: number[] }) => void;
    const slow = cache.get(
      'b',
      () =>
        new Promise<{ shows: number[] }>((r) => {
          finish = r;
        }),
      (v) => v.shows,
    );
    const same = cache.get(
      'b',
      () => Promise.reject(new Error('a second read')),
      (v: { shows: number[] }) => v.shows,
    );
    feed.send({ kind: 'availability', performances: [7] });
    finish({ shows: [7] });
    expect(await slow).toEqual({ shows: [7] });
    expect(await same).toEqual({ shows: [7] });
    expect(cache.counts().entries).toBe(0);
    await get('missing', null);
    await get('missing', null);
    expect(reads()).toBe(2);
    for (const key of ['c', 'd', 'e', 'f']) await get(key, { shows: [] });
    expect(cache.counts().entries).toBe(3);
  });
});

describeEachDatabase('issue 9: show pages follow holds', (get) => {
  it('a hold made through this process shows on the next read of the show page', async () => {
    const { db } = get();
    const f = await createHallFixture(db);
    const { app } = await buildTestApp(db);
    const slug = (
      await db.query<{ slug: string }>(
        'SELECT s.slug FROM shows s JOIN performances p ON p.show_id = s.id WHERE p.id = $1',
        [f.performanceId],
      )
    ).rows[0]!.slug;
    const catalogue = cachedCatalogueOf(app.deps);
    const free = async () => (await catalogue.showPage(slug))!.performances[0]!.freePlaces;
    const before = await free();
    expect(await free()).toBe(before);
    const reads = catalogue.cache.counts().reads;
    expect((await buyer(app).post('/hallPlace/select/', { cypher: f.seats[0]! })).json()).toMatchObject({ result: 1 });
    expect(await free()).toBe(before - 1);
    expect(catalogue.cache.counts().reads).toBe(reads + 1);
  });
});

describe.runIf(postgresUrl)('issue 9: another process hears the change [postgres]', () => {
  it('a hold in one server process drops the other process’s show page through LISTEN/NOTIFY', async () => {
    const schema = await openTestDatabase('postgres');
    // Two database handles on the same schema: two processes as far as the feed can tell.
    const other = await openPostgres(schema.url!);
    try {
      const f = await createHallFixture(schema.db);
      const { app: first } = await buildTestApp(schema.db);
      const { app: second } = await buildTestApp(other);
      const slug = (
        await other.query<{ slug: string }>(
          'SELECT s.slug FROM shows s JOIN performances p ON p.show_id = s.id WHERE p.id = $1',
          [f.performanceId],
        )
      ).rows[0]!.slug;
      const catalogue = cachedCatalogueOf(second.deps);
      const before = (await catalogue.showPage(slug))!.performances[0]!.freePlaces;

      const heard = new Promise<CatalogueChange>((resolve) => {
        const stop = changeFeedOf(other).subscribe((change) => {
          stop();
          resolve(change);
        });
      });
      expect((await buyer(first).post('/hallPlace/select/', { cypher: f.seats[0]! })).json()).toMatchObject({
        result: 1,
      });
      expect(await heard).toEqual({ kind: 'availability', performances: [f.performanceId] });
      expect((await catalogue.showPage(slug))!.performances[0]!.freePlaces).toBe(before - 1);
      await first.close();
      await second.close();
    } finally {
      await other.close();
      await schema.close();
    }
  });
});

describe.runIf(postgresUrl)('issue 9: deployments in schemas of their own [postgres]', () => {
  it('a change in one schema is not heard by the feed of another schema of the same database', async () => {
    const mine = await openTestDatabase('postgres');
    const theirs = await openTestDatabase('postgres');
    // A second handle on each schema: another process of the same deployment.
    const mineElsewhere = await openPostgres(mine.url!);
    const theirsElsewhere = await openPostgres(theirs.url!);
    try {
      const heard: CatalogueChange[] = [];
      const feed = changeFeedOf(mine.db);
      await feed.ready;
      const own = new Promise<void>((resolve) => {
        feed.subscribe((change) => {
          heard.push(change);
          if (change.kind === 'availability' && change.performances.includes(2)) resolve();
        });
      });
      const theirFeed = changeFeedOf(theirs.db);
      await theirFeed.ready;
      const theirsSent = new Promise<void>((resolve) => theirFeed.subscribe(() => resolve()));
      await changeFeedOf(mineElsewhere).ready;
      await changeFeedOf(theirsElsewhere).ready;
      // The other deployment's change goes out first (heard by its own other process), then this
      // one's: NOTIFY delivers in commit order, so had the first reached this schema's feed, it
      // would have been heard before this deployment's own.
      changeFeedOf(theirsElsewhere).availabilityChanged([1]);
      await theirsSent;
      changeFeedOf(mineElsewhere).availabilityChanged([2]);
      await own;
      expect(heard).toEqual([{ kind: 'availability', performances: [2] }]);
    } finally {
      await mineElsewhere.close();
      await theirsElsewhere.close();
      await mine.close();
      await theirs.close();
    }
  });
});
