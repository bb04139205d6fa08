import type { FastifyPluginAsync } from 'fastify';
import { accountRoutes } from './account.js';
import { bannerRoutes } from './banners.js';
import { basketRoutes } from './basket.js';
import { bonusRoutes } from './bonus.js';
import { codesRoutes } from './codes.js';
import { confirmationRoutes } from './confirmation.js';
import { devRoutes } from './dev.js';
import { devClockRoutes } from './dev-clock.js';
import { embeddingRoutes } from './embedding.js';
import { giftAndPackageRoutes } from './gifts-and-packages.js';
import { hallRoutes } from './hall.js';
import { hallLayoutRoutes } from './hall-layout.js';
import { kassaRoutes } from './kassa.js';
import { listRoutes } from './lists.js';
import { mediaRoutes } from './media.js';
import { oauthRoutes } from './oauth.js';
import { ogImageRoutes } from './og-image.js';
import { orderRoutes } from './orders.js';
import { paymentRoutes } from './payment.js';
import { phoneRoutes } from './phone.js';
import { popularRoutes } from './popular.js';
import { privateRoutes } from './private.js';
import { recommendationRoutes } from './recommendations.js';
import { refundRoutes } from './refunds.js';
import { restoreRoutes } from './restore.js';
import { reviewRoutes } from './reviews.js';
import { searchRoutes } from './search.js';
import { searchMapRoutes } from './search-map.js';
import { seatSetRoutes } from './seat-sets.js';
import { serviceRoutes } from './service.js';
import { showPageRoutes } from './show-page.js';
import { widgetHostRoutes } from './widget-host.js';
import { wishlistRoutes } from './wishlist.js';

/** Every route plugin of the API, one file per area of the spec. */
export const apiRoutes: FastifyPluginAsync[] = [
  widgetHostRoutes,
  hallRoutes,
  giftAndPackageRoutes,
  seatSetRoutes,
  hallLayoutRoutes,
  mediaRoutes,
  ogImageRoutes,
  basketRoutes,
  orderRoutes,
  devClockRoutes,
  paymentRoutes,
  embeddingRoutes,
  serviceRoutes,
  devRoutes,
  accountRoutes,
  oauthRoutes,
  restoreRoutes,
  confirmationRoutes,
  phoneRoutes,
  privateRoutes,
  wishlistRoutes,
  reviewRoutes,
  bonusRoutes,
  refundRoutes,
  codesRoutes,
  searchRoutes,
  listRoutes,
  showPageRoutes,
  kassaRoutes,
  searchMapRoutes,
  popularRoutes,
  bannerRoutes,
  recommendationRoutes,
];
