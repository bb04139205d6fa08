/**
 * The hall flow's context (store/hall-context.ts): made once the hall is loaded and the seat
 * map's tools, which hold the flow (decision 0033), are there; until then the plan is drawn and
 * moves, and its clicks wait for it. A call waiting in the admission queue stops waiting with
 * the hall.
 */
import type { HallPageConfig } from '@partera/contract';
import { useEffect, useMemo, useRef } from 'react';
import type { HallApi } from '../api/hall.js';
import { Http, readSessionFromMeta } from '../api/http.js';
import type { HallContext } from '../store/hall-context.js';
import type { HallState } from '../store/hall-store.js';
import type { SeatMapTools } from './load-tools.js';
import type { LoadedHall } from './use-hall-load.js';

export const pageSearch = (): string => (typeof location === 'undefined' ? '' : location.search);

export function useHallFlow(
  hall: LoadedHall | null,
  tools: SeatMapTools | null,
  state: HallState,
  api: HallApi,
  config: HallPageConfig,
  /** Read when the flow needs them: the host may change them between renders. */
  host: { events: () => EventTarget | null; reload: () => (() => void) | undefined },
): HallContext | null {
  const toolsRef = useRef(tools);
  toolsRef.current = tools;
  useEffect(() => () => toolsRef.current?.leaveQueue(state), [state]);
  const hostRef = useRef(host);
  hostRef.current = host;

  return useMemo<HallContext | null>(() => {
    if (!hall || !tools) return null;
    return {
      state,
      data: hall.data,
      api,
      ...tools.hallSettings(config, pageSearch()),
      get events() {
        return hostRef.current.events();
      },
      get reload() {
        return hostRef.current.reload();
      },
    };
  }, [hall, tools, state, api, config]);
}

/** The page's own session (meta tags); on the server, where there is no page, an empty one. */
export function pageHttp(): Http {
  if (typeof document !== 'undefined') return new Http(readSessionFromMeta());
  return new Http({ sessionName: 'sid', sessionId: '', csrfParam: '_csrf', csrfToken: '', baseUrl: '' });
}
