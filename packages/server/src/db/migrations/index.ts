import domain from './0001_domain.js';
import embedding from './0002_embedding.js';
import cost from './0004_cost.js';
import paymentsPartners from './0005_payments_partners.js';
import availability from './0006_availability.js';
import accounts from './0007_accounts.js';
import phoneChecks from './0008_phone_checks.js';
import outboxDelivery from './0009_outbox_delivery.js';
import outsideAccounts from './0010_outside_accounts.js';
import wishlist from './0011_wishlist.js';
import reviews from './0012_reviews.js';
import bonus from './0013_bonus.js';
import refunds from './0014_refunds.js';
import codesDeletionBudget from './0015_codes_deletion_budget.js';
import bannerStats from './0016_banner_stats.js';
import giftsPackages from './0017_gifts_packages.js';
import seatViewsListView from './0018_seat_views_list_view.js';
import placeCountStripes from './0019_place_count_stripes.js';
import checkoutMethods from './0020_checkout_methods.js';
import codesAndCards from './0021_codes_and_cards.js';
import paymentMethods from './0022_payment_methods.js';
import search from './0023_search.js';
import showShares from './0024_show_shares.js';
import showSocialProof from './0025_show_social_proof.js';
import boxOfficeDivisions from './0026_box_office_divisions.js';
import oneOrderPerBasket from './0027_one_order_per_basket.js';
import searchMatches from './0028_search_matches.js';

export interface Migration {
  version: string;
  sql: string;
}

/** Every migration, oldest first. Add new ones at the end; never edit an applied one. */
export const migrations: Migration[] = [
  { version: '0001_domain', sql: domain },
  { version: '0002_embedding', sql: embedding },
  { version: '0004_cost', sql: cost },
  { version: '0005_payments_partners', sql: paymentsPartners },
  { version: '0006_availability', sql: availability },
  { version: '0007_accounts', sql: accounts },
  { version: '0008_phone_checks', sql: phoneChecks },
  { version: '0009_outbox_delivery', sql: outboxDelivery },
  { version: '0010_outside_accounts', sql: outsideAccounts },
  { version: '0011_wishlist', sql: wishlist },
  { version: '0012_reviews', sql: reviews },
  { version: '0013_bonus', sql: bonus },
  { version: '0014_refunds', sql: refunds },
  { version: '0015_codes_deletion_budget', sql: codesDeletionBudget },
  { version: '0016_banner_stats', sql: bannerStats },
  { version: '0017_gifts_packages', sql: giftsPackages },
  { version: '0018_seat_views_list_view', sql: seatViewsListView },
  { version: '0019_place_count_stripes', sql: placeCountStripes },
  { version: '0020_checkout_methods', sql: checkoutMethods },
  { version: '0021_codes_and_cards', sql: codesAndCards },
  { version: '0022_payment_methods', sql: paymentMethods },
  { version: '0023_search', sql: search },
  { version: '0024_show_shares', sql: showShares },
  { version: '0025_show_social_proof', sql: showSocialProof },
  { version: '0026_box_office_divisions', sql: boxOfficeDivisions },
  { version: '0027_one_order_per_basket', sql: oneOrderPerBasket },
  { version: '0028_search_matches', sql: searchMatches },
];
