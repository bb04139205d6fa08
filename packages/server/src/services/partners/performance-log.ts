import type { Queryable } from '../../db/index.js';

/**
 * The browser's reports to /uiperformancelog/ (spec 7.8, 8.7): page timing fields with the
 * location, or a framed site that could not connect to its parent ({iframe_failure, loc,
 * iframe_msg}). Kept here, beside the partner registry, because the embedding failures are what
 * the partner support reads them for.
 *
 * The call is open to anyone, so what it can cost is bounded three ways: a stored report is at
 * most MAX_REPORT_BYTES (about 4 KB: it was 17 KB a row at 190 rows a second from one client);
 * the call is rate-limited per client and session (limits/table.ts, 'reports'); and the table
 * keeps at most `retention.maxRows` rows and none older than `retention.maxAgeDays`.
 */
export type UiReportKind = 'iframe_failure' | 'timing';

const MAX_FIELDS = 32;
const MAX_KEY_LENGTH = 64;
const MAX_VALUE_LENGTH = 2_000;
const MAX_USER_AGENT_LENGTH = 256;
/** The stored fields' JSON, UTF-8 bytes. */
const MAX_REPORT_BYTES = 4_096;
/** Session and CSRF parameters travel with every call; they are not part of the report. */
const NOT_REPORTED = new Set(['sid', '_csrf']);

export interface UiReport {
  kind: UiReportKind;
  fields: Record<string, string>;
}

/** Control characters carry nothing a report needs, and PostgreSQL's jsonb refuses NUL. */
function printable(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  return text.replace(/[\u0000-\u001f\u007f]/g, ' ');
}

/**
 * The report's kind and its text fields, trimmed to the bounds above; values that are not text
 * or numbers are dropped, and fields past the byte budget are left out.
 */
export function readUiReport(input: Record<string, unknown>): UiReport {
  const fields: Record<string, string> = {};
  let count = 0;
  let bytes = 2;
  for (const [key, value] of Object.entries(input)) {
    if (count >= MAX_FIELDS) break;
    if (NOT_REPORTED.has(key) || key.length > MAX_KEY_LENGTH) continue;
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') continue;
    const name = printable(key);
    const text = printable(String(value).slice(0, MAX_VALUE_LENGTH));
    const size = Buffer.byteLength(JSON.stringify({ [name]: text })) - 1;
    if (bytes + size > MAX_REPORT_BYTES) continue;
    fields[name] = text;
    bytes += size;
    count++;
  }
  return { kind: 'iframe_failure' in fields ? 'iframe_failure' : 'timing', fields };
}

export interface UiReportRetention {
  maxRows: number;
  maxAgeDays: number;
  /** Trim after every this many reports (by row id), not after each. */
  trimEvery: number;
}

export const defaultUiReportRetention: UiReportRetention = { maxRows: 100_000, maxAgeDays: 30, trimEvery: 100 };

/** Stores one report in ui_performance_log, with the browser's user agent beside the fields. */
export async function recordUiReport(
  db: Queryable,
  report: UiReport,
  meta: { at: Date; userAgent: string | undefined },
  retention: UiReportRetention = defaultUiReportRetention,
): Promise<void> {
  const userAgent = meta.userAgent === undefined ? null : printable(meta.userAgent.slice(0, MAX_USER_AGENT_LENGTH));
  const r = await db.query<{ id: number }>(
    'INSERT INTO ui_performance_log (kind, payload, created_at) VALUES ($1, $2::jsonb, $3) RETURNING id',
    [report.kind, JSON.stringify({ fields: report.fields, userAgent }), meta.at],
  );
  const id = r.rows[0]!.id;
  if (id % retention.trimEvery !== 0) return;
  // Ids are handed out in order, so the last maxRows reports are the ids above id - maxRows.
  await db.query('DELETE FROM ui_performance_log WHERE id <= $1 OR created_at < $2', [
    id - retention.maxRows,
    new Date(meta.at.getTime() - retention.maxAgeDays * 86_400_000),
  ]);
}
