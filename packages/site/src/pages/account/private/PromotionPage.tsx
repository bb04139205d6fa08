/** @jsxRuntime automatic */
import { type Promotion, rewardLabel } from '@partera/contract';
import type { SiteChrome } from '../../chrome.js';
import { Layout } from '../../Layout.js';

export interface PromotionData {
  chrome: SiteChrome;
  promotion: Promotion;
  /** dd.mm.yyyy when the buyer joined it, or null when the buyer does not take part. */
  joinedOn: string | null;
}

/**
 * A promotion's detail, /private/promotions/?view&id={program_id} (site-browsing-account.md 2.15
 * Promotions): its name, the reward label (section 9), the start date and the description.
 */
export function PromotionPage({ data }: { data: PromotionData }) {
  const p = data.promotion;
  return (
    <Layout chrome={data.chrome}>
      <article className="container promotion">
        <p className="promotion__back">
          <a href="/private/#tb_actions">← Все акции</a>
        </p>
        <h1 className="page-title">{p.name}</h1>
        <div className="promotion__card">
          {p.img_src ? <img className="promotion__image" src={p.img_src} alt="" /> : null}
          <p className="promotion__reward" data-promotion-reward="">
            {rewardLabel(p.reward_type_code, p.reward_value)}
          </p>
          {p.dt ? <p className="promotion__date">Действует с {p.dt}</p> : null}
          <p className="promotion__text">{p.description}</p>
          <p className="promotion__state">
            {data.joinedOn ? `Вы участвуете с ${data.joinedOn}.` : 'Вы пока не участвуете в этой акции.'}
          </p>
        </div>
      </article>
    </Layout>
  );
}
