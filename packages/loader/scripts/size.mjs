// Builds the loader and checks the script tag's gzipped size against its budget (issue 3, part 5).
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { buildLoader, SCRIPT_FILE } from './build.mjs';

const GOAL_BYTES = 3 * 1024;
const BUDGET_BYTES = 6 * 1024;

await buildLoader();
const raw = readFileSync(SCRIPT_FILE);
const gzipped = gzipSync(raw, { level: 9 }).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(2)} KB`;
console.log(`partera-loader.js: ${kb(raw.length)} minified, ${kb(gzipped)} gzipped (${gzipped} B)`);
console.log(`goal ${kb(GOAL_BYTES)}: ${gzipped <= GOAL_BYTES ? 'met' : 'not met'}; budget ${kb(BUDGET_BYTES)}`);
if (gzipped > BUDGET_BYTES) {
  console.error(`partera-loader.js is over its budget by ${gzipped - BUDGET_BYTES} B`);
  process.exitCode = 1;
}
