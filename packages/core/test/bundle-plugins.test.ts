/**
 * The script-tag build's plugins (decision 0044): which modules get preact's own hooks instead of
 * compat, and the contract's top-level constants marked pure so that unused ones are dropped.
 */
import { describe, expect, it } from 'vitest';
import { FIRST_MOUNT_WITHOUT_COMPAT, importsOnlyHooks, markTopLevelConstantsPure } from '../scripts/bundle-plugins.js';

describe('preact without compat', () => {
  it('takes a module importing only hooks (types aside) to preact’s hooks, and nothing else', () => {
    const hooksOnly = [
      "import { useState, useEffect } from 'react';",
      "import { type ReactNode, useRef } from 'react';",
      'import {\n  useEffect,\n  useState as useLocal,\n} from "react";',
      "import { useMemo, useRef, useSyncExternalStore, useCallback, useLayoutEffect, useEffect, useDebugValue } from 'react';",
    ];
    const compat = [
      "import type { ReactNode } from 'react';",
      "import { memo, useState } from 'react';",
      "import { lazy, Suspense } from 'react';",
      "import React, { useState } from 'react';",
      "import * as React from 'react';",
      "import { useState } from 'react';\nexport { createPortal } from 'react';",
      "import { useState } from 'react';\nconst later = import('react');",
      "import { useTransition } from 'react';",
    ];
    for (const text of hooksOnly) expect(importsOnlyHooks(text), text).toBe(true);
    for (const text of compat) expect(importsOnlyHooks(text), text).toBe(false);
  });

  it('names the first mount’s components, and no tool of the seat map', () => {
    expect(FIRST_MOUNT_WITHOUT_COMPAT.test('/p/packages/core/src/seat-map/HallView.tsx')).toBe(true);
    expect(FIRST_MOUNT_WITHOUT_COMPAT.test('/p/packages/core/src/seat-map/mount.tsx')).toBe(true);
    expect(FIRST_MOUNT_WITHOUT_COMPAT.test('/p/packages/core/src/seat-map/place-tip.tsx')).toBe(false);
    expect(FIRST_MOUNT_WITHOUT_COMPAT.test('/p/packages/core/src/basket/mount.tsx')).toBe(false);
  });
});

describe("the contract's constants marked pure", () => {
  it('wraps what runs code in a pure call, and leaves functions, literals and `let` alone', () => {
    const text = [
      'export const a = z.object({ b: z.string() });',
      'const f = () => g();',
      'export function h() { return 1; }',
      'export const n = 5;',
      'export const t = TEXT.code;',
      'let q = h();',
    ].join('\n');
    expect(markTopLevelConstantsPure('x.ts', text).split('\n')).toEqual([
      'export const a = /* @__PURE__ */ (() => (z.object({ b: z.string() })))();',
      'const f = () => g();',
      'export function h() { return 1; }',
      'export const n = 5;',
      'export const t = /* @__PURE__ */ (() => (TEXT.code))();',
      'let q = h();',
    ]);
  });

  it('keeps a module’s values: the wrapped source evaluates to the same constants', () => {
    const text =
      "const base = { x: 1 };\nexport const list = [base.x, ...new Set([2, 2, 3])];\nexport const word = 'a'.repeat(3);";
    const load = (source: string) => new Function(`${source.replaceAll('export ', '')}; return { list, word };`)();
    expect(load(markTopLevelConstantsPure('x.ts', text))).toEqual(load(text));
  });
});
