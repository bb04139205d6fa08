/** @jsxRuntime automatic */
import type { AccountOrdersPage } from '@partera/server';
import type { SiteChrome } from '../../chrome.js';
import { Layout } from '../../Layout.js';
import { OrdersTab } from './OrdersTab.js';
import { ProfileTab, type ProfileView } from './ProfileTab.js';

/** The cabinet's tabs that are built; each is a hash of /private/ or a page of its own. */
export const CABINET_TABS = [
  { name: 'profile', label: 'Профиль', href: '/private/#tb_profile' },
  { name: 'orders', label: 'Заказы', href: '/private/orders' },
] as const;

export type CabinetTab = (typeof CABINET_TABS)[number]['name'];

export interface CabinetData {
  chrome: SiteChrome;
  tab: CabinetTab;
  profile: ProfileView;
  /** The orders tab's page of orders (null on the profile tab). */
  orders: AccountOrdersPage | null;
}

/**
 * The personal account /private/ (site-browsing-account.md 2.15): the tab is chosen by the URL
 * hash, #tb_{name} on a desktop and #{name} on a phone (the client reads both); 'orders' is a
 * page of its own, /private/orders.
 */
export function CabinetPage({ data }: { data: CabinetData }) {
  return (
    <Layout chrome={data.chrome}>
      <div className="container cabinet">
        <h1 className="page-title">Личный кабинет</h1>
        <nav className="cabinet__tabs" aria-label="Разделы кабинета">
          {CABINET_TABS.map((t) => (
            <a
              key={t.name}
              className="cabinet__tab"
              href={t.href}
              data-tab-link={t.name}
              aria-current={t.name === data.tab ? 'page' : undefined}
            >
              {t.label}
            </a>
          ))}
        </nav>
        {data.orders ? <OrdersTab page={data.orders} /> : <ProfileTab profile={data.profile} />}
      </div>
    </Layout>
  );
}
