/**
 * Whether this browser can draw the hall plan (spec 2.1: on browsers too old to draw it the page
 * says 'К сожалению, для отображения схемы зала требуется более новая версия браузера.'). The
 * canvas plan needs a 2D canvas context, Path2D for the section outlines and ResizeObserver to
 * follow the widget's size; a browser lacking any of them gets the message (and the list view).
 */
export interface PlanEnvironment {
  document?: Pick<Document, 'createElement'>;
  Path2D?: unknown;
  ResizeObserver?: unknown;
}

export function planSupported(env: PlanEnvironment = globalThis as PlanEnvironment): boolean {
  if (typeof env.Path2D !== 'function' || typeof env.ResizeObserver !== 'function' || !env.document) return false;
  try {
    return env.document.createElement('canvas').getContext('2d') !== null;
  } catch {
    return false;
  }
}
