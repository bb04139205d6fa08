import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const file = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/benchmarks.md');

export function machine(): string {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  return `${os.cpus().length} × ${cpu.trim()}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${os.platform()}`;
}

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

export function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
}

/** A markdown table with its columns padded, as the formatter (Biome) writes it. */
export function markdownTable(head: string[], rows: string[][]): string {
  const widths = head.map((h, i) => Math.max(h.length, 3, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => `| ${widths.map((w, i) => (cells[i] ?? '').padEnd(w)).join(' | ')} |`;
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

/** The markdown between <!-- bench:NAME --> and <!-- /bench:NAME --> in docs/benchmarks.md, if there is one. */
export function readSection(name: string): string | undefined {
  if (!existsSync(file)) return undefined;
  const doc = readFileSync(file, 'utf8');
  const start = doc.indexOf(`<!-- bench:${name} -->\n`);
  const end = doc.indexOf(`\n<!-- /bench:${name} -->`);
  return start < 0 || end < start ? undefined : doc.slice(start + `<!-- bench:${name} -->\n`.length, end);
}

/** Replaces the section between <!-- bench:NAME --> and <!-- /bench:NAME --> in docs/benchmarks.md. */
export function writeSection(name: string, markdown: string): void {
  const start = `<!-- bench:${name} -->`;
  const end = `<!-- /bench:${name} -->`;
  let doc = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmarks\n';
  const block = `${start}\n${markdown.trim()}\n${end}`;
  const re = new RegExp(`${start}[\\s\\S]*?${end}`);
  doc = re.test(doc) ? doc.replace(re, block) : `${doc.trimEnd()}\n\n${block}\n`;
  writeFileSync(file, doc);
  console.log(`docs/benchmarks.md: section '${name}' updated`);
}
