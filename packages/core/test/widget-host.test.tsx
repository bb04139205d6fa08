/** A partner page that mounts the seat map itself (4.13): its hall configuration and what the map takes from it. */
import { fetchHallConfig, HallView } from '@partera/core';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { config, hallRoutes } from './support/hall.js';
import { http, serve } from './support/server.js';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('fetchHallConfig', () => {
  it('asks for package mode with the package the host names, and for the plain hall otherwise', async () => {
    const seen = serve({ 'GET /spa-api/app/widget-hall/77/': () => ({ error: 0, config: config({ packageId: 4 }) }) });
    expect(await fetchHallConfig(http, 77, { packageId: 4 })).toMatchObject({ performanceId: 77, packageId: 4 });
    await fetchHallConfig(http, 77);
    expect(seen.map((r) => r.query.get('packageId'))).toEqual(['4', null]);
    expect(seen.map((r) => r.query.get('sid'))).toEqual(['S1', 'S1']);
  });
});

describe('the hall configuration’s next date', () => {
  function mobile() {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === '(max-width: 575px)',
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
  }

  it('is what the basket footer links while the basket is empty, with the session', async () => {
    mobile();
    serve(hallRoutes());
    const nextDateUrl = `${window.location.origin}/performance/78/`;
    render(<HallView config={config({ nextDateUrl })} http={http} basketFooter />);
    const footer = await screen.findByRole('contentinfo');
    const link = await within(footer).findByRole('link', { name: 'Следующая дата' });
    expect(link.getAttribute('href')).toBe(`${nextDateUrl}?sid=S1`);
  });

  it('gives way to the host’s own link', async () => {
    mobile();
    serve(hallRoutes());
    render(
      <HallView
        config={config({ nextDateUrl: `${window.location.origin}/performance/78/` })}
        http={http}
        basketFooter
        nextDateUrl="/dates/"
      />,
    );
    const footer = await screen.findByRole('contentinfo');
    expect((await within(footer).findByRole('link', { name: 'Следующая дата' })).getAttribute('href')).toBe('/dates/');
  });
});
