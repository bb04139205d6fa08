/**
 * zod as the builds of the widgets see it. The contract imports `{ z }` from 'zod', and zod's
 * `z` is a namespace object holding everything zod has (every locale, JSON-schema conversion:
 * some 450 KB minified); a bundler cannot tell which members of such an object will be read, so
 * it keeps them all. This `z` holds only the members the contract's schemas call; each is read
 * from a namespace import, which the bundler can trim to what is read.
 *
 * A member the contract starts using must be added here: without it the bundle throws as it
 * loads, which the core-esm and core-preact test projects catch.
 */
import * as zod from 'zod/v4';

// In browsers zod never compiles parsers with `new Function`: pages under a Content-Security-Policy
// without 'unsafe-eval' (ours, and the partner pages that mount the widgets) would report zod's
// probe for it as a violation on every page. Plain parsing is fast enough for the contract's answers.
zod.config({ jitless: true });

export const z = {
  array: zod.array,
  boolean: zod.boolean,
  coerce: zod.coerce,
  enum: zod.enum,
  literal: zod.literal,
  looseObject: zod.looseObject,
  number: zod.number,
  object: zod.object,
  preprocess: zod.preprocess,
  record: zod.record,
  string: zod.string,
  tuple: zod.tuple,
  union: zod.union,
  unknown: zod.unknown,
  uuid: zod.uuid,
};
