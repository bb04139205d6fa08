/** @jsxRuntime automatic */
import { initials, type PersonPage as PersonPageData } from '@partera/server';
import { type PeopleData, PeopleFrame } from './PeopleFrame.js';

export type PersonData = PeopleData<PersonPageData>;

/**
 * A person's page, /person/{slug}/ (site-browsing-account.md 2.5 'person page'; decision 0048):
 * the photo (or the initials, as on the show page's cast slider), the name, what they do, the
 * short biography, and their upcoming shows as poster cards. The show page's cast links here.
 */
export function PersonPage({ data }: { data: PersonData }) {
  const { person } = data.page;
  const photo = person.image ? (
    <img className="people-hero__photo" src={person.image} alt={person.name} width={160} height={160} />
  ) : (
    <span className="people-hero__photo people-hero__photo--initials" aria-hidden="true">
      {initials(person.name)}
    </span>
  );
  return (
    <PeopleFrame
      data={data}
      section={{ label: 'Персоны', href: '/search/person/' }}
      mark={{ 'data-person-page': person.slug }}
      hero={{ photo, name: person.name, subtitle: person.roles.join(', '), text: person.bio }}
      cards={data.page.cards}
      empty="Ближайших событий с участием этой персоны пока нет."
    />
  );
}
