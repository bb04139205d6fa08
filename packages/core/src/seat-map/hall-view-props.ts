/** What a host gives the seat map widget (HallView). */
import type { HallPageConfig } from '@partera/contract';
import type { HallApi, HallMapAnswer } from '../api/hall.js';
import type { Http } from '../api/http.js';

export interface HallViewProps {
  /** The hall page configuration (spec 3.1), as the site renders it into the page. */
  config: HallPageConfig;
  /** The calls; by default built over `http`, or over the page's session meta tags. */
  api?: HallApi;
  http?: Http;
  /** The map JSON when the host already has it (server-rendered); otherwise it is loaded. */
  map?: HallMapAnswer;
  /** The hall SVG markup when the host already has it; otherwise `config.svgUrl` is fetched. */
  svg?: string;
  /** Where basket-state / ticket-selected / ticket-deselected are dispatched; default the widget's root. */
  eventTarget?: EventTarget | null;
  /** Page reload after the only-booking basket reset (default `location.reload`). */
  reload?: () => void;
  /** The basket footer with the buy button (mobile, spec 2.1): for hosts without a basket bar of their own. */
  basketFooter?: boolean;
  /**
   * The mini basket popup after each change (spec 4.4; default on). A host whose page keeps its
   * own basket bar in view, as the ticket site does, turns it off rather than show the basket twice.
   */
  miniBasket?: boolean;
  /**
   * The performance's next date, linked by the basket footer while the basket is empty; by
   * default the configuration's `nextDateUrl` (with the session, as the widget's other site links).
   */
  nextDateUrl?: string;
  /**
   * The ticket office's support phone: a hall map that cannot be read or drawn is answered with
   * 'Произошла внутренняя ошибка при загрузке схемы зала. Обратитесь в Службу поддержки {phone}'
   * (8.2); without it, with 'Возникла ошибка при загрузке схемы зала. Попробуйте позже.'.
   */
  supportPhone?: string;
  className?: string;
}
