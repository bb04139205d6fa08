/** The part of geoip-lite's API the locator uses (the package ships no types of its own). */
declare module 'geoip-lite' {
  export interface Lookup {
    country: string;
    region: string;
    city: string;
    timezone: string;
    /** Latitude and longitude of the address's area. */
    ll: [number, number];
    area: number;
  }
  export function lookup(ip: string): Lookup | null;
}
