/**
 * Beside and over the plan, from the seat map's tools (loaded once the plan is drawn, decisions
 * 0028 and 0033): the list view of sections (a hall without a plan), the place list, the place
 * and entrance tooltips, alerts and the admission queue's notice, the mini basket and the basket
 * footer.
 */
import type { HallPageConfig } from '@partera/contract';
import type { Http } from '../api/http.js';
import type { HallContext } from '../store/hall-context.js';
import type { HallState } from '../store/hall-store.js';
import { siteUrl } from '../ui/navigation.js';
import { HallAlertBox } from './alert.js';
import { BasketFooter } from './basket-footer.js';
import { hallBasketUrl } from './basket-url.js';
import type { HallViewProps } from './hall-view-props.js';
import { MiniBasket } from './mini-basket.js';
import { PlaceList } from './place-list.js';
import { placePhoto } from './place-photo.js';
import { QueueNotice } from './queue-notice.js';
import { SectionListView } from './section-list-view.js';
import { EntranceTip, PlaceTip } from './tooltips.js';
import type { LoadedHall } from './use-hall-load.js';
import type { HallTips } from './use-hall-tips.js';

export interface HallPanelsProps {
  state: HallState;
  hall: LoadedHall | null;
  ctx: HallContext | null;
  tips: HallTips;
  config: HallPageConfig;
  host: Pick<HallViewProps, 'miniBasket' | 'basketFooter' | 'nextDateUrl'>;
  showPlan: boolean;
  listMode: boolean;
  /** The session the site's links carry. */
  http: Http;
}

export function HallPanels(props: HallPanelsProps) {
  const { state, hall, ctx, tips, config, host } = props;
  const basketUrl = hallBasketUrl(props.http);
  const { tip } = tips;
  const tipPlace = tip?.kind === 'place' ? hall?.data.places.get(tip.id) : undefined;
  const tipSection = tip?.kind === 'entrance' ? hall?.data.sections.get(tip.id) : undefined;
  const nextDateUrl = host.nextDateUrl ?? (config.nextDateUrl ? siteUrl(props.http, config.nextDateUrl) : undefined);
  return (
    <>
      {ctx && !props.showPlan ? <SectionListView ctx={ctx} /> : null}
      {props.listMode && hall && ctx ? <PlaceList ctx={ctx} data={hall.data} openTip={tips.openTip} /> : null}
      {ctx && tipPlace && tip ? (
        <PlaceTip
          key={`p${tip.id}`}
          ctx={ctx}
          place={tipPlace}
          anchor={tip.anchor}
          photo={placePhoto(config.hallPlaceImages, tipPlace.id)}
          onClose={tips.closeTip}
        />
      ) : null}
      {ctx && tipSection && tip ? (
        <EntranceTip key={`s${tip.id}`} ctx={ctx} section={tipSection} anchor={tip.anchor} onClose={tips.closeTip} />
      ) : null}
      <HallAlertBox state={state} ctx={ctx} />
      <QueueNotice state={state} />
      {host.miniBasket === false ? null : (
        <MiniBasket state={state} basketUrl={basketUrl} packageMode={ctx?.package !== undefined} />
      )}
      {host.basketFooter ? <BasketFooter state={state} basketUrl={basketUrl} nextDateUrl={nextDateUrl} /> : null}
    </>
  );
}
