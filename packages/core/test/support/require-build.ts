/**
 * Global setup of the test projects that run against the builds (core-esm, core-preact): stop
 * with a clear message when a build is missing or older than the sources, instead of testing
 * nothing or yesterday's code. `npm test` builds first; a local run needs the build command.
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const core = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BUILD = 'npx -y pnpm@10.34.8 --filter @partera/core build';
const outputs = ['dist/esm/index.js', 'dist/esm/index.d.ts', 'dist/script/partera-widgets.js'];
const sources = [path.join(core, 'src'), path.resolve(core, '../contract/src')];

function newest(dir: string): { file: string; mtime: number } {
  let found = { file: dir, mtime: 0 };
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const mtime = statSync(file).mtimeMs;
    if (mtime > found.mtime) found = { file, mtime };
  }
  return found;
}

export default function requireBuild(): void {
  const built = outputs.map((file) => {
    try {
      return statSync(path.join(core, file)).mtimeMs;
    } catch {
      throw new Error(`packages/core/${file} is missing: build the widgets first with \`${BUILD}\``);
    }
  });
  const source = sources.map(newest).reduce((a, b) => (b.mtime > a.mtime ? b : a));
  if (source.mtime > Math.min(...built)) {
    const changed = path.relative(path.resolve(core, '../..'), source.file);
    throw new Error(`packages/core/dist is older than ${changed}: rebuild the widgets with \`${BUILD}\``);
  }
}
