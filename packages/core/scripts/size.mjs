// Gzipped sizes of the script-tag widget bundle against their budgets (issue 3, part 5), and the
// "Widget bundle sizes" section of docs/benchmarks.md (rewritten only when a figure changes).
// Needs the build (`pnpm --filter @partera/core build`; `npm test` builds first). Runs under tsx
// for the shared report helpers: `pnpm --filter @partera/core size`.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { markdownTable, readSection, writeSection } from '../../../scripts/bench/report.ts';
import { FIRST_MOUNT_WITHOUT_COMPAT } from './bundle-plugins.ts';

const core = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const META = path.join(core, 'dist/script.meta.json');
const ENTRY = 'dist/script/partera-widgets.js';
const LOADER = path.resolve(core, '../loader/dist/partera-loader.js');
const LOADER_CHANNEL = path.resolve(core, '../loader/dist/partera-loader-channel.js');
const KB = 1024;
const INITIAL_BUDGET = 40 * KB;

/**
 * The parts loaded on demand, by the source file the dynamic import names, with their budgets
 * (a little above the sizes measured when they were set). A part a widget loads later (`after`)
 * is counted beyond what that widget itself brought.
 */
const PARTS = [
  // The hall issue's goal is 35 KB on first mount. Decision 0028 took the plan's secondary parts
  // out of the first mount (the next rows) and zod out of the browser builds (the contract's
  // schemas run on a small validator of our own, bundling/zod-slim.ts): 78 KB became 44.6.
  // Decision 0033 replaced panzoom by the plan's own gestures and moved the flow of clicks, the
  // section navigation and the basket's schemas behind the plan: 38.3 KB. Decision 0044 drew the
  // first mount on preact's own hooks and JSX (compat and valtio/react come with the tools) and
  // dropped the contract's unused constants: 34.1 KB. The rest is the seat map's own code, preact,
  // valtio, the hall's contract schemas and the validator.
  { source: 'src/seat-map/mount.tsx', label: "seat map (`widget: 'seat-map'`)", budget: 34.5 * KB },
  {
    source: 'src/seat-map/tools.ts',
    label: "seat map's tooltips, lists, tools, alerts, mini basket and click flow, once the plan is drawn",
    after: 'src/seat-map/mount.tsx',
    budget: 20.5 * KB,
  },
  {
    source: 'src/seat-map/plan/spec-model.ts',
    label: "seat map's plan from the spec's map (a server without the compact map)",
    after: 'src/seat-map/mount.tsx',
    budget: 1.5 * KB,
  },
  {
    source: 'src/api/hall-reset.ts',
    label: "seat map's basket reset on an only-booking conflict (8.1)",
    after: 'src/seat-map/tools.ts',
    budget: 2 * KB,
  },
  { source: 'src/basket/mount.tsx', label: "basket (`widget: 'basket'`)", budget: 32 * KB },
  // Issue 12 brought every payment and delivery method, the rules of 4.5, codes, the steps and
  // totals into the checkout's first paint (decision 0035); its rarer parts load after it (the
  // rows 'in the checkout' below).
  { source: 'src/checkout/mount.tsx', label: "checkout (`widget: 'checkout'`)", budget: 47.5 * KB },
  // 0.5 KB for an SBP order's QR code, loaded on demand in the bank frame's place (decision 0036);
  // 0.3 KB for compat in a file of its own, apart from the preact the seat map's first mount loads (decision 0044).
  { source: 'src/payment/mount.tsx', label: "payment frame alone (`widget: 'payment'`)", budget: 15 * KB },
  { source: 'src/basket/store.ts', label: 'basket from the server (`loadBasket`)', budget: 23.5 * KB },
  {
    source: 'src/api/widget-host.ts',
    label: 'partner-page calls (`openWidgetSession`, `fetchHallConfig`)',
    budget: 13 * KB,
  },
  {
    source: 'src/payment/PaymentFrame.tsx',
    label: 'bank frame, in the checkout',
    after: 'src/checkout/mount.tsx',
    budget: 2.5 * KB,
  },
  {
    source: 'src/payment/PartnerPay.tsx',
    label: "partner's pay flow, in the checkout",
    after: 'src/checkout/mount.tsx',
    budget: 3 * KB,
  },
  {
    source: 'src/payment/SbpPayment.tsx',
    label: 'SBP QR code and its polling, in the checkout (decision 0036)',
    after: 'src/checkout/mount.tsx',
    budget: 2.5 * KB,
  },
  {
    source: 'src/payment/CheckoutWidget.tsx',
    label: "YooKassa's checkout widget host, in the checkout when the deployment pays by it (decision 0045)",
    after: 'src/checkout/mount.tsx',
    budget: 2 * KB,
  },
  {
    source: 'src/payment/WalletButtons.tsx',
    label: "device-wallet buttons, on an order's bank page (decision 0036)",
    after: 'src/checkout/mount.tsx',
    budget: 4.5 * KB,
  },
  {
    source: 'src/checkout/courier-fields.tsx',
    label: 'courier form, in the checkout once courier delivery is chosen',
    after: 'src/checkout/mount.tsx',
    budget: 1.5 * KB,
  },
  {
    source: 'src/checkout/codes.tsx',
    label: 'promo code and gift card inputs, in the checkout after its first paint',
    after: 'src/checkout/mount.tsx',
    budget: 1.5 * KB,
  },
  {
    source: 'src/checkout/cashback.tsx',
    label: "partner's cashback choice, in the checkout",
    after: 'src/checkout/mount.tsx',
    budget: 1 * KB,
  },
  {
    source: 'src/checkout/dialogs.tsx',
    label: 'bonus PIN and only-booking dialogs, in the checkout',
    after: 'src/checkout/mount.tsx',
    budget: 1.5 * KB,
  },
  {
    source: 'src/store/checkout-pin.ts',
    label: "bonus payment's PIN check, in the checkout",
    after: 'src/checkout/mount.tsx',
    budget: 3 * KB,
  },
  {
    source: /@fingerprintjs\/fingerprintjs\//,
    label: 'visitor fingerprint, at the pay click',
    after: 'src/checkout/mount.tsx',
    budget: 18 * KB,
  },
];

if (!existsSync(META)) {
  console.error(
    'packages/core/dist/script.meta.json is missing: run `npx -y pnpm@10.34.8 --filter @partera/core build` first',
  );
  process.exit(1);
}
const meta = JSON.parse(readFileSync(META, 'utf8'));
const bytes = (file) => readFileSync(path.join(core, file));
const gzipped = (file) => gzipSync(bytes(file), { level: 9 }).length;

/** A file and everything it imports statically, as a browser loads them. */
function closure(file, into = new Set()) {
  if (into.has(file)) return into;
  into.add(file);
  for (const i of meta.outputs[file].imports) if (i.kind === 'import-statement') closure(i.path, into);
  return into;
}
const measure = (files) => ({
  files: files.length,
  raw: files.reduce((n, f) => n + bytes(f).length, 0),
  gz: files.reduce((n, f) => n + gzipped(f), 0),
});
const outputOf = (source) =>
  Object.keys(meta.outputs).find((file) => {
    const entry = meta.outputs[file].entryPoint;
    return entry && file !== ENTRY && (typeof source === 'string' ? entry === source : source.test(entry));
  });

const failures = [];
const initial = closure(ENTRY);
const rows = [
  {
    label: 'initial load: `partera-widgets.js` and its static imports',
    ...measure([...initial]),
    budget: INITIAL_BUDGET,
  },
];
if (rows[0].gz > INITIAL_BUDGET) failures.push('the initial load');
for (const file of initial) {
  const lazyOnly = Object.keys(meta.outputs[file].inputs).filter((i) => /^src\/(seat-map|payment)\//.test(i));
  if (lazyOnly.length)
    failures.push(`the initial load: ${file} holds ${lazyOnly.join(', ')}, which must load on demand`);
}

/**
 * What the seat map's first mount leaves to its tools file (decision 0028): imported statically
 * from the first mount, any of these would come back into the seat map row.
 */
const SEAT_MAP_LATER =
  /^src\/seat-map\/(tools|tools-styles|tooltips|texts|alert|hall-panels|basket-footer|buy-button|basket-url|best-available|best-places-modal|entrance-tip|gift-controls|place-photo|mini-basket|package-bar|place-list|place-tip|seat-photo|section-list|section-list-view|tariff-choice|tip-frame|plan\/spec-model)\.tsx?$/;
/**
 * What the seat map's first mount goes without (decision 0044): preact/compat and valtio/react
 * come with its tools. A first-mount component not in FIRST_MOUNT_WITHOUT_COMPAT
 * (scripts/bundle-plugins.ts) brings compat back through its JSX.
 */
const FIRST_MOUNT_WITHOUT = /node_modules\/.*\/(preact\/compat|valtio\/esm\/react)/;
/**
 * React's props that only compat turns into the DOM's (React's `onChange` on text fields,
 * bubbling focus events, `onDoubleClick`, `defaultValue`, camel-cased SVG attributes): the
 * components drawn with preact's own JSX must not use them.
 */
const REACT_ONLY_PROP =
  /\s(onChange|onFocus|onBlur|onDoubleClick|defaultValue|(?:clip|fill|flood|font|marker|stop|stroke|text|vector)[A-Z]\w*)=/;

const known = new Set([ENTRY]);
for (const part of PARTS) {
  const file = outputOf(part.source);
  if (!file) {
    failures.push(`no file of the bundle comes from ${part.source}`);
    continue;
  }
  known.add(file);
  const loaded = new Set([...initial, ...(part.after ? closure(outputOf(part.after)) : [])]);
  const files = [...closure(file)].filter((f) => !loaded.has(f));
  const row = { label: part.label, ...measure(files), budget: part.budget };
  rows.push(row);
  if (row.gz > part.budget) failures.push(part.label);
  if (part.source === 'src/seat-map/mount.tsx') {
    for (const f of files) {
      const inputs = Object.keys(meta.outputs[f].inputs);
      const later = inputs.filter((i) => SEAT_MAP_LATER.test(i) || FIRST_MOUNT_WITHOUT.test(i));
      if (later.length) failures.push(`the seat map's first mount: ${f} holds ${later.join(', ')}, which load later`);
      for (const input of inputs.filter((i) => FIRST_MOUNT_WITHOUT_COMPAT.test(path.resolve(core, i)))) {
        const prop = REACT_ONLY_PROP.exec(readFileSync(path.resolve(core, input), 'utf8'));
        if (prop)
          failures.push(`the seat map's first mount: ${input} uses ${prop[1]}, which only compat reads as React does`);
      }
    }
  }
}
// What every widget brings whichever comes first: preact, valtio, the contract's schemas and their validator.
const widgetFiles = ['src/seat-map/mount.tsx', 'src/basket/mount.tsx', 'src/checkout/mount.tsx'].map((source) =>
  closure(outputOf(source)),
);
const shared = [...widgetFiles[0]].filter((f) => !initial.has(f) && widgetFiles.every((files) => files.has(f)));
rows.splice(1, 0, {
  label: 'shared runtime (preact, valtio, the contract and its validator), in each widget row',
  ...measure(shared),
  budget: null,
});

for (const [file, out] of Object.entries(meta.outputs)) {
  if (out.entryPoint && !known.has(file))
    failures.push(`${file} (from ${out.entryPoint}) loads on demand but has no budget here`);
}

const kb = (n) => `${(n / KB).toFixed(1)} KB`;
const budget = (r) => (r.budget === null ? '' : kb(r.budget));
for (const r of rows)
  console.log(`${r.label}: ${r.files} files, ${kb(r.raw)} minified, ${kb(r.gz)} gzipped ${budget(r)}`);
/** The loader's two files: its own script tag, and the message channel it loads after the handshake. */
const loaderRow = (file, label, budgetText) => {
  if (!existsSync(file)) return [label, 'not built', '', '', ''];
  const raw = readFileSync(file);
  return [label, '1', kb(raw.length), kb(gzipSync(raw, { level: 9 }).length), budgetText];
};

const table = markdownTable(
  ['what', 'files', 'minified', 'gzipped', 'budget'],
  [
    ...rows.map((r) => [r.label, String(r.files), kb(r.raw), kb(r.gz), budget(r)]),
    loaderRow(LOADER, 'loader `partera-loader.js` (own script tag)', '6.0 KB (goal 3 KB)'),
    loaderRow(LOADER_CHANNEL, "loader's message channel (penpal), after the handshake", '5.0 KB'),
  ],
);
const body = `## Widget bundle sizes

The script-tag widget bundle (\`packages/core/dist/script\`, react aliased to preact/compat,
minified, gzip level 9). The initial load is the entry and every file it imports statically;
each widget's code comes when it is first mounted, and its row counts every file that mounting
brings beyond the initial load, the shared runtime included (the second row), so rows are not to
be added up. A widget's own later parts (the seat map's tools, the checkout's payment parts)
count beyond that widget. The loader is a separate script; its budget is checked by
\`packages/loader/scripts/size.mjs\`.

${table}`;
const commands = `Command: \`npx -y pnpm@10.34.8 --filter @partera/core build && npx -y pnpm@10.34.8 --filter @partera/core size\`; the loader: \`npx -y pnpm@10.34.8 --filter @partera/loader size\`.`;

const previous = readSection('widget-sizes');
if (!previous?.startsWith(`${body}\n`)) {
  writeSection(
    'widget-sizes',
    `${body}\n\nNode ${process.version}. Date: ${new Date().toISOString().slice(0, 10)}.\n${commands}`,
  );
}
if (failures.length) {
  for (const f of failures) console.error(`over budget or misplaced: ${f}`);
  process.exitCode = 1;
}
