/** @jsxRuntime automatic */
import type { OrganizerPage as OrganizerPageData } from '@partera/server';
import { withSession } from '../chrome.js';
import { type PeopleData, PeopleFrame } from '../person/PeopleFrame.js';

export type OrganizerData = PeopleData<OrganizerPageData>;

/**
 * An organizer's page, /organizer/{slug}/ (site-browsing-account.md 2.5 'organizer page'; decision
 * 0048): the name and description, the shows it organises with performances ahead as poster
 * cards, and the venues they play in (each a link to that venue's shows in search).
 */
export function OrganizerPage({ data }: { data: OrganizerData }) {
  const { organizer, venues } = data.page;
  const session = data.chrome.urlSession;
  return (
    <PeopleFrame
      data={data}
      section={{ label: 'Организаторы', href: '/search/organizer/' }}
      mark={{ 'data-organizer-page': organizer.slug }}
      hero={{ kicker: 'Организатор', name: organizer.name, text: organizer.description }}
      cards={data.page.cards}
      empty="Ближайших событий этого организатора пока нет."
    >
      {venues.length > 0 ? (
        <section className="people-venues" aria-labelledby="people-venues-title">
          <h2 className="section-title" id="people-venues-title">
            Площадки
          </h2>
          <ul className="people-venues__list">
            {venues.map((v) => (
              <li key={v.id} className="people-venue">
                <a className="people-venue__name" href={withSession(`/search/performance/?text=&bid=${v.id}`, session)}>
                  {v.name}
                </a>
                <span className="people-venue__address">
                  {[v.cityName, v.address, v.metroName && `м. ${v.metroName}`].filter(Boolean).join(', ')}
                </span>
                <span className="people-venue__count">{`Событий: ${v.showCount}`}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </PeopleFrame>
  );
}
