/**
 * Hall page: hydrates the server-rendered page and mounts core's seat map with the page's hall
 * configuration (spec 3.1). The seat map's 'basket-state' events keep the page's basket bar (which
 * stands for the spec's mini basket and mobile footer, always in view) and the header count current.
 */
import { HallView } from '@partera/core';
import { hydrateRoot } from 'react-dom/client';
import { type HallData, HallPage } from '../pages/HallPage.js';
import { enhancePage } from './lib/enhance.js';
import { pageRoot, readPageData } from './lib/page-data.js';

const data = readPageData<HallData>();

// The page's own basket bar stands for the mini basket and the mobile footer, next date link included;
// the widget gets the next date too, for its footer should a host turn it on, and the city's support
// phone for the internal load error (8.2).
const hallView = (
  <HallView
    config={data.hall.config}
    miniBasket={false}
    nextDateUrl={data.hall.config.nextDateUrl ?? undefined}
    supportPhone={data.chrome.supportPhone}
  />
);

hydrateRoot(pageRoot(), <HallPage data={data} hallView={hallView} />);
enhancePage();
