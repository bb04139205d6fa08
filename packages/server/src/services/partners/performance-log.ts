import type { Queryable } from '../../db/index.js';

/**
 * The browser's reports to /uiperformancelog/ (spec 7.8, 8.7): page timing fields with the
 * location, or a framed site that could not connect to its parent ({iframe_failure, loc,
 * iframe_msg}). Kept here, beside the partner registry, because the embedding failures are what
 * the partner support reads them for.
 */
export type UiReportKind = 'iframe_failure' | 'timing';

/** The call is open to anyone: a report is trimmed so that it cannot grow the table much. */
const MAX_FIELDS = 64;
const MAX_KEY_LENGTH = 100;
const MAX_VALUE_LENGTH = 2_000;
/** Session and CSRF parameters travel with every call; they are not part of the report. */
const NOT_REPORTED = new Set(['sid', '_csrf']);

export interface UiReport {
  kind: UiReportKind;
  fields: Record<string, string>;
}

/** The report's kind and its text fields, trimmed; values that are not text or numbers are dropped. */
export function readUiReport(input: Record<string, unknown>): UiReport {
  const fields: Record<string, string> = {};
  let count = 0;
  for (const [key, value] of Object.entries(input)) {
    if (count >= MAX_FIELDS) break;
    if (NOT_REPORTED.has(key) || key.length > MAX_KEY_LENGTH) continue;
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') continue;
    fields[key] = String(value).slice(0, MAX_VALUE_LENGTH);
    count++;
  }
  return { kind: 'iframe_failure' in fields ? 'iframe_failure' : 'timing', fields };
}

/** Stores one report in ui_performance_log, with the browser's user agent beside the fields. */
export async function recordUiReport(
  db: Queryable,
  report: UiReport,
  meta: { at: Date; userAgent: string | undefined },
): Promise<void> {
  await db.query('INSERT INTO ui_performance_log (kind, payload, created_at) VALUES ($1, $2::jsonb, $3)', [
    report.kind,
    JSON.stringify({ fields: report.fields, userAgent: meta.userAgent?.slice(0, MAX_VALUE_LENGTH) ?? null }),
    meta.at,
  ]);
}
