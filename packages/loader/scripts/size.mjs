// Builds the loader and checks the gzipped sizes of its two script-tag files against their
// budgets (issue 3, part 5): the script a partner page loads, and the message channel (penpal)
// that script loads from the site once the site has shown itself.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { buildLoader, CHANNEL_FILE, SCRIPT_FILE } from './build.mjs';

const GOAL_BYTES = 3 * 1024;
const kb = (bytes) => `${(bytes / 1024).toFixed(2)} KB`;

await buildLoader();
for (const [file, budget] of [
  [SCRIPT_FILE, 6 * 1024],
  [CHANNEL_FILE, 5 * 1024],
]) {
  const raw = readFileSync(file);
  const gzipped = gzipSync(raw, { level: 9 }).length;
  const name = file.split('/').pop();
  console.log(`${name}: ${kb(raw.length)} minified, ${kb(gzipped)} gzipped (${gzipped} B), budget ${kb(budget)}`);
  if (file === SCRIPT_FILE) console.log(`goal ${kb(GOAL_BYTES)}: ${gzipped <= GOAL_BYTES ? 'met' : 'not met'}`);
  if (gzipped > budget) {
    console.error(`${name} is over its budget by ${gzipped - budget} B`);
    process.exitCode = 1;
  }
}
