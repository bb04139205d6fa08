// @vitest-environment node

import { HallView } from '@partera/core';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

describe('HallView on the server', () => {
  it('renders its loading state without a page (the site server-renders the hall page)', () => {
    const html = renderToString(
      <HallView config={{ hallBasisId: 5, svgUrl: '/media/hall/5.svg', performanceId: 77, maxTicketCount: 8 }} />,
    );
    expect(html).toContain('Загружаем схему зала…');
    expect(html).toContain('class="pt-hall');
  });
});
