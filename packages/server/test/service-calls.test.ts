/**
 * The service calls of site-browsing-account.md 7: the generic popup (its message HTML cleaned
 * to an allowlist whoever sends it), the debug information of the visitor's own visit (never the
 * session id), and the promo banner statistics (counted per image and day, known banners only).
 */
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { accountOfSession } from '../src/accounts/index.js';
import type { ManualClock } from '../src/clock.js';
import { registeredBuyer } from './support/accounts.js';
import { buildTestApp, buyer } from './support/app.js';
import { describeEachDatabase } from './support/databases.js';

describeEachDatabase('service calls', (get) => {
  let app: FastifyInstance;
  let clock: ManualClock;
  beforeAll(async () => {
    ({ app, clock } = await buildTestApp(get().db));
  });

  it('renders the popup in its mode, the message cleaned of scripts, handlers, styles and frames', async () => {
    const b = buyer(app);
    const alert = await b.post('/getPopup/?mode=alert', { mode: 'alert', msgHtml: 'Места <b>закончились</b>' });
    expect(alert.status).toBe(200);
    expect(alert.body).toContain('<div class="popup__message">Места <b>закончились</b></div>');
    expect(alert.body).toContain('role="alertdialog"');
    expect(alert.body).toContain('data-popup-action="close">OK</button>');

    const hostile =
      '<img src=x onerror="alert(1)"><script>alert(2)</script><a href="javascript:alert(3)" onclick="x()">тут</a>' +
      '<iframe src="https://evil.example"></iframe><p style="position:fixed">Текст</p><a href="https://partera.example/">ok</a>';
    const dialog = await b.post('/getPopup/?mode=dialog', {
      mode: 'dialog',
      msgHtml: hostile,
      buttons: JSON.stringify([
        { text: 'Отмена', action: 'cancel' },
        { text: '<b>Да</b>', action: 'yes"><script>' },
      ]),
      blockId: 'confirm"><script>',
    });
    expect(dialog.status).toBe(200);
    for (const bad of ['<script', 'onerror', 'onclick', 'javascript:', '<iframe', 'style=', '<img']) {
      expect(dialog.body).not.toContain(bad);
    }
    expect(dialog.body).toContain('<p>Текст</p>');
    expect(dialog.body).toContain('<a href="https://partera.example/" rel="noopener noreferrer">ok</a>');
    expect(dialog.body).toContain('&#60;b&#62;Да&#60;/b&#62;');
    expect(dialog.body).toContain('data-popup-action="cancel">Отмена</button>');

    const basic = await b.post('/getPopup/?mode=basic', { mode: 'basic', msgHtml: 'Привет' });
    expect(basic.body).toContain('class="popup__close"');
    expect((await b.post('/getPopup/?mode=huge', { mode: 'huge', msgHtml: 'x' })).status).toBe(400);
  });

  it('tells a visitor about their own visit only, never the session id', async () => {
    const guest = buyer(app);
    const g = (await guest.get('/service/getUserDebugInfo/')).json();
    expect(g).toMatchObject({ signedIn: false, userId: null });
    const { b } = await registeredBuyer(app);
    const r = await b.get('/service/getUserDebugInfo/');
    const info = r.json();
    const account = await accountOfSession(get().db, b.sessionId);
    expect(info).toMatchObject({ signedIn: true, userId: account!.id, emailConfirmed: false });
    expect(info.session).toMatch(/^[0-9A-F]{12}$/);
    expect(r.body).not.toContain(b.sessionId);
    expect(info.serverTime).toBe(clock.now().toISOString());
  });

  it('counts banner shows and clicks per image and day, for known banners only', async () => {
    const db = get().db;
    await db.query(
      `INSERT INTO promo_banners (placement_id, slot, image) VALUES (1, 1, '/media/banners/a.svg'), (1, 2, '/media/banners/b.svg')`,
    );
    const b = buyer(app);
    const show = (images: string) => b.get(`/stat-seo-log/?show=${encodeURIComponent(images)}`);
    expect((await show('/media/banners/a.svg;/media/banners/b.svg;/made/up.svg')).json()).toEqual({ ok: true });
    await show('/media/banners/a.svg;/media/banners/a.svg');
    await b.get(`/stat-seo-log/?click=${encodeURIComponent('/media/banners/b.svg')}`);
    const day = clock.now().toISOString().slice(0, 10);
    const rows = await db.query<{ image: string; shows: number; clicks: number }>(
      'SELECT image, shows, clicks FROM banner_stats WHERE day = $1 ORDER BY image',
      [day],
    );
    expect(rows.rows).toEqual([
      { image: '/media/banners/a.svg', shows: 2, clicks: 0 },
      { image: '/media/banners/b.svg', shows: 1, clicks: 1 },
    ]);
  });
});
