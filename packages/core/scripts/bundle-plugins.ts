/**
 * Two esbuild plugins of the script-tag build (tsup.config.ts), both to keep the seat map's first
 * mount within the hall issue's 35 KB (decision 0044).
 *
 * - `pureContract`: the contract's top-level constants (schemas, call definitions, tables) are
 *   built without side effects, so those no bundle uses can go. esbuild keeps a constant whose
 *   initializer calls a function or reads a property (a getter could do anything), even when
 *   nothing reads the constant; marked pure, it is dropped when unused and kept, unchanged and
 *   evaluated at the same point, when used.
 * - `preactWithoutCompat`: where preact/compat adds nothing, preact itself. A module that imports
 *   only hooks from `react` gets them from src/runtime/preact-hooks.ts (the same hooks compat
 *   re-exports); the components of the seat map's first mount (FIRST_MOUNT_WITHOUT_COMPAT) get
 *   preact's own JSX runtime and, for mount.tsx, src/runtime/preact-root.ts for react-dom/client.
 *   Everything else keeps compat (the `preactAliases`), which loads, with its React-style props,
 *   as soon as any other part of the widgets is used: the seat map's tools come right after the
 *   plan is drawn.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Options } from 'tsup';
import ts from 'typescript';

type Plugin = NonNullable<Options['esbuildPlugins']>[number];

const core = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const contractSources = `${path.resolve(core, '../contract/src')}${path.sep}`;

/**
 * Wraps the initializer of every top-level `const` of a contract module that calls, constructs or
 * reads a property in `/* @__PURE__ *\/ (() => (…))()`. Function initializers are left alone (they
 * run nothing at load).
 */
export function markTopLevelConstantsPure(file: string, text: string): string {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const runsCode = (node: ts.Node): boolean => {
    if (ts.isFunctionLike(node)) return false;
    if (
      ts.isCallExpression(node) ||
      ts.isNewExpression(node) ||
      ts.isPropertyAccessExpression(node) ||
      ts.isElementAccessExpression(node) ||
      ts.isTaggedTemplateExpression(node)
    )
      return true;
    return ts.forEachChild(node, runsCode) === true;
  };
  const edits: Array<[number, string]> = [];
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement) || !(statement.declarationList.flags & ts.NodeFlags.Const)) continue;
    for (const { initializer } of statement.declarationList.declarations) {
      if (!initializer || ts.isArrowFunction(initializer) || ts.isFunctionExpression(initializer)) continue;
      if (!runsCode(initializer)) continue;
      edits.push([initializer.getStart(source), '/* @__PURE__ */ (() => ('], [initializer.getEnd(), '))()']);
    }
  }
  let out = text;
  for (const [at, insert] of edits.sort((a, b) => b[0] - a[0])) out = out.slice(0, at) + insert + out.slice(at);
  return out;
}

export const pureContract: Plugin = {
  name: 'pure-contract',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, (args) => {
      if (!args.path.startsWith(contractSources)) return undefined;
      return { contents: markTopLevelConstantsPure(args.path, readFileSync(args.path, 'utf8')), loader: 'ts' };
    });
  },
};

/**
 * The seat map's first mount, drawn with preact's own JSX: these components use only props that
 * preact and React treat alike (no `onChange` on text fields, `onFocus`/`onBlur`, `onDoubleClick`,
 * `defaultValue` or camel-cased SVG attributes: `size.mjs` refuses them here). A component added
 * to the first mount goes on this list, or compat comes back into it (`size.mjs` says so).
 */
export const FIRST_MOUNT_WITHOUT_COMPAT =
  /[\\/]src[\\/]seat-map[\\/](mount|HallView|hall-toolbar|legend-bar|plan-shell|hall-status|old-browser)\.tsx$/;

/** What preact/hooks exports, and useSyncExternalStore (src/runtime/preact-hooks.ts). */
const HOOKS = new Set([
  'useCallback',
  'useContext',
  'useDebugValue',
  'useEffect',
  'useErrorBoundary',
  'useId',
  'useImperativeHandle',
  'useLayoutEffect',
  'useMemo',
  'useReducer',
  'useRef',
  'useState',
  'useSyncExternalStore',
]);

const REACT_IMPORT =
  /(?:import|export)\s*(type\s+)?([^'";]*?)\s*from\s*['"]react['"]|import\s*\(\s*['"]react['"]\s*\)/g;

/** Whether every import of `react` in a module's text is of named hooks (type-only imports aside). */
export function importsOnlyHooks(text: string): boolean {
  let found = false;
  for (const m of text.matchAll(REACT_IMPORT)) {
    if (m[1]) continue;
    const clause = m[2];
    if (clause === undefined || !/^import/.test(m[0])) return false;
    const named = /^\{([^}]*)\}$/.exec(clause.trim());
    if (!named?.[1]) return false;
    for (const spec of named[1].split(',')) {
      const name = spec.trim();
      if (!name || name.startsWith('type ')) continue;
      if (!HOOKS.has(name.split(/\s+as\s+/)[0]!)) return false;
      found = true;
    }
  }
  return found;
}

export const preactWithoutCompat: Plugin = {
  name: 'preact-without-compat',
  setup(build) {
    const hooksOnly = new Map<string, boolean>();
    const onlyHooks = (file: string) => {
      let known = hooksOnly.get(file);
      if (known === undefined) {
        known = importsOnlyHooks(readFileSync(file, 'utf8'));
        hooksOnly.set(file, known);
      }
      return known;
    };
    build.onResolve({ filter: /^react$/ }, (args) =>
      args.importer && onlyHooks(args.importer) ? { path: path.join(core, 'src/runtime/preact-hooks.ts') } : undefined,
    );
    build.onResolve({ filter: /^react\/jsx-runtime$/ }, (args) =>
      FIRST_MOUNT_WITHOUT_COMPAT.test(args.importer)
        ? build.resolve('preact/jsx-runtime', { kind: args.kind, resolveDir: args.resolveDir })
        : undefined,
    );
    build.onResolve({ filter: /^react-dom\/client$/ }, (args) =>
      FIRST_MOUNT_WITHOUT_COMPAT.test(args.importer)
        ? { path: path.join(core, 'src/runtime/preact-root.ts') }
        : undefined,
    );
  },
};
