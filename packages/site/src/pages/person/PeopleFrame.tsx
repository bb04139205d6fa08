/** @jsxRuntime automatic */
import type { PerformanceCard } from '@partera/server';
import type { ReactNode } from 'react';
import { type SiteChrome, withSession } from '../chrome.js';
import { Layout } from '../Layout.js';
import { ShowCards } from './ShowCards.js';

/** What a person's or an organizer's page is rendered from. */
export interface PeopleData<P> {
  chrome: SiteChrome;
  page: P;
  /** The time zone the cards' dates are written in (the visitor's city). */
  timeZone: string;
}

/** The page's hero: an optional picture, a line above the name and one below, and the text. */
export interface PeopleHero {
  photo?: ReactNode;
  kicker?: string;
  name: string;
  subtitle?: string;
  text?: string;
}

/**
 * A person's or an organizer's page: the layout, the breadcrumbs Афиша › {the search of its kind}
 * › {name}, the hero, the upcoming shows as poster cards and whatever the page adds (`children`).
 * `mark` names the page's article for the tests and scripts.
 */
export function PeopleFrame({
  data,
  section,
  mark,
  hero,
  cards,
  empty,
  children,
}: {
  data: PeopleData<unknown>;
  /** The breadcrumb of the page's kind: its label and its search results' address. */
  section: { label: string; href: string };
  mark: Record<string, string>;
  hero: PeopleHero;
  cards: readonly PerformanceCard[];
  /** What the shows' section says when nothing is ahead. */
  empty: string;
  children?: ReactNode;
}) {
  const { chrome } = data;
  return (
    <Layout chrome={chrome}>
      <article className="container people-page" {...mark}>
        <nav className="breadcrumbs" aria-label="Навигация">
          <ol>
            <li>
              <a href={withSession('/', chrome.urlSession)}>Афиша</a>
            </li>
            <li>
              <a href={withSession(section.href, chrome.urlSession)}>{section.label}</a>
            </li>
            <li>{hero.name}</li>
          </ol>
        </nav>
        <header className={hero.photo ? 'people-hero' : 'people-hero people-hero--text'}>
          {hero.photo}
          <div className="people-hero__info">
            {hero.kicker ? <p className="people-hero__roles">{hero.kicker}</p> : null}
            <h1 className="people-hero__title">{hero.name}</h1>
            {hero.subtitle ? <p className="people-hero__roles">{hero.subtitle}</p> : null}
            {hero.text ? <p className="people-hero__bio">{hero.text}</p> : null}
          </div>
        </header>
        <ShowCards chrome={chrome} cards={cards} timeZone={data.timeZone} empty={empty} />
        {children}
      </article>
    </Layout>
  );
}
