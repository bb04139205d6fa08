/** @jsxRuntime automatic */
import type { BoxOfficePoint } from '@partera/contract';
import { kassaCountText } from './count.js';

/**
 * The points as a list, the map's alternative for keyboards, screen readers and pages without
 * scripts. Each item is the balloon's own block (the server escapes every text in it).
 */
export function KassaList({ points }: { points: BoxOfficePoint[] }) {
  return (
    <section className="kassa-list" aria-labelledby="kassa-found">
      <p id="kassa-found" className="kassa-list__found" data-kassa-count="" aria-live="polite">
        {kassaCountText(points.length)}
      </p>
      <ul className="kassa-list__items" data-kassa-list="">
        {points.map((p) => (
          <li
            key={`${p.latitude},${p.longitude},${p.name}`}
            className="kassa-list__item"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's own block, every text escaped (boxOfficeContent)
            dangerouslySetInnerHTML={{ __html: p.content }}
          />
        ))}
      </ul>
      {points.length === 0 ? (
        <a className="kassa-list__all" href="/kassa/">
          Показать все кассы
        </a>
      ) : null}
    </section>
  );
}
