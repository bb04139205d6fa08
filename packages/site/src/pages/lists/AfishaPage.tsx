/** @jsxRuntime automatic */
import { type SiteChrome, withSession } from '../chrome.js';
import { Layout } from '../Layout.js';
import { ShowsListWidget } from './ShowsListWidget.js';
import type { ShowsWhen } from './shows-when.js';
import { VenueListWidget } from './VenueListWidget.js';

/** A widget's first items: the server's HTML, how many came, the step of 'more' and how many were asked. */
export interface ListWidgetData {
  html: string;
  count: number;
  limit: number;
  shown: number;
}

export interface AfishaPageData {
  chrome: SiteChrome;
  cityName: string;
  when: ShowsWhen;
  /** The range as typed (dd.mm.yy), empty when none. */
  mnd: string;
  mxd: string;
  /** Spec 2.12: the range's placeholders show today and next Sunday, dd.mm.yy. */
  placeholders: { from: string; till: string };
  shows: ListWidgetData;
  venues: ListWidgetData;
  schedulePath: string;
}

/**
 * The per-city landing /afisha/ (spec 2.12): the performances of the city of this subdomain (the
 * main city on www and hosts without a city, the second city on its own) and its venues.
 */
export function AfishaPage({ data }: { data: AfishaPageData }) {
  return (
    <Layout chrome={data.chrome}>
      <div className="container afisha-page" data-afisha-page="">
        <h1 className="afisha-page__title">Афиша: {data.cityName}</h1>
        <p className="afisha-page__lead">
          Все события города по датам и площадки.{' '}
          <a href={withSession(data.schedulePath, data.chrome.urlSession)}>Расписание по дням</a>
        </p>
        <ShowsListWidget data={data} />
        <VenueListWidget data={data} />
      </div>
    </Layout>
  );
}
