/**
 * Package mode (spec 2.2, 4.3): the buyer fills ticketsInPerformanceCount tickets in each of
 * totalPerformances performances, one basket for all. These rules say what the package bar shows
 * and when the plan's free seats are disabled; they read only numbers, no DOM.
 */
import type { HallPageConfig } from '@partera/contract';

export interface PackageSettings {
  /** The package id (the page's extension field, or ?packageId= of the URL), sent with each select. */
  packageId?: number;
  currentPerformanceNumber: number;
  totalPerformances: number;
  ticketsInPerformanceCount: number;
}

/**
 * 2.2: package mode is on when the page's package config has isPackage set, or when the URL
 * carries the query parameter packageId. `search` is the page's query string ('?packageId=3').
 */
export function packageSettings(config: HallPageConfig, search = ''): PackageSettings | undefined {
  const fromUrl = Number(new URLSearchParams(search).get('packageId') ?? '');
  const packageId = config.packageId ?? (Number.isInteger(fromUrl) && fromUrl > 0 ? fromUrl : undefined);
  const pkg = config.package;
  if (!pkg?.isPackage && packageId === undefined) return undefined;
  return {
    ...(packageId !== undefined ? { packageId } : {}),
    currentPerformanceNumber: Math.max(1, pkg?.currentPerformanceNumber ?? 1),
    totalPerformances: Math.max(1, pkg?.totalPerformances ?? 1),
    ticketsInPerformanceCount: Math.max(0, pkg?.ticketsInPerformanceCount ?? config.maxTicketCount),
  };
}

export interface PackageStep {
  isFirst: boolean;
  isLast: boolean;
  /** The previous arrow is disabled (4.3: on performance 1, or while tickets are in the basket). */
  previousDisabled: boolean;
  /** The next arrow and the next-performance (buy) button show. */
  canGoOn: boolean;
  /** The basket button (desktop): on the last performance, once it is complete. */
  showBasket: boolean;
  /** Free seats are disabled: the performance has its tickets (4.1). */
  seatsDisabled: boolean;
}

/** `held`: tickets of the current performance in the basket. */
export function packageStep(pkg: PackageSettings, held: number): PackageStep {
  const isFirst = pkg.currentPerformanceNumber <= 1;
  const isLast = pkg.currentPerformanceNumber >= pkg.totalPerformances;
  // 4.3: on the first performance, at least one ticket; on later ones, exactly the package's count.
  const canGoOn = isFirst ? held >= 1 : held === pkg.ticketsInPerformanceCount;
  return {
    isFirst,
    isLast,
    previousDisabled: isFirst || held > 0,
    canGoOn,
    showBasket: isLast && canGoOn,
    seatsDisabled: packageSeatsDisabled(pkg, held),
  };
}

/** 4.1: once the required count is reached, free seats are disabled; a removal re-enables them. */
export function packageSeatsDisabled(pkg: PackageSettings | undefined, held: number): boolean {
  return pkg !== undefined && pkg.ticketsInPerformanceCount > 0 && held >= pkg.ticketsInPerformanceCount;
}
