export {
  type GeoLocator,
  type GeoPoint,
  geoipLiteLocator,
  isPublicAddress,
  locatorFromEnv,
  noLocator,
} from './locator.js';
export { type CityCentre, cityCentres, distanceKm, NEAREST_CITY_MAX_KM, nearestCity } from './nearest-city.js';
export { CITY_COOKIE, citySubdomainOf, hostnameOf, isLabelFreeHost } from './region.js';
