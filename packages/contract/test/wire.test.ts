import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  allCalls,
  type CallDef,
  createAnonymousOrder,
  hallPlaceSelect,
  id,
  idDigits,
  int,
  LIST_MAX,
  list,
  MAX_INT,
  multilineText,
  num,
  request,
  TEXT_MAX,
  text,
  uiPerformanceLog,
} from '../src/index.js';
import { examples } from './examples.js';

const ok = (schema: z.ZodType, value: unknown) => schema.safeParse(value).success;

describe('finding 5: server errors on bad input — the wire builders', () => {
  it('id() takes 1 … 2147483647 from a number or digits, and refuses what a database integer cannot hold', () => {
    for (const good of [1, '1', MAX_INT, String(MAX_INT)]) expect(ok(id(), good), String(good)).toBe(true);
    for (const bad of [2147483648, '2147483648', 2 ** 53, '9007199254740993', 0, -1, '', '1.5', 'abc', '1e400']) {
      expect(ok(id(), bad), String(bad)).toBe(false);
    }
  });

  it('int() and num() stay within the database integer range', () => {
    expect(ok(int(), -2147483648)).toBe(true);
    expect(ok(int(), MAX_INT)).toBe(true);
    expect(ok(int(), '2147483648')).toBe(false);
    expect(ok(int(), -2147483649)).toBe(false);
    expect(ok(int().min(1), 0)).toBe(false);
    expect(ok(num(), '1500.5')).toBe(true);
    expect(ok(num(), '1e300')).toBe(false);
    expect(ok(num(), 'Infinity')).toBe(false);
  });

  it('idDigits() is an id written in digits only', () => {
    expect(idDigits().parse('558812')).toBe('558812');
    expect(ok(idDigits(), String(MAX_INT))).toBe(true);
    for (const bad of ['2147483648', '0', '00', '', '+1', '-1', ' 1', '1e3', '0x10', '12345678901', 'a\u0000b']) {
      expect(ok(idDigits(), bad), JSON.stringify(bad)).toBe(false);
    }
  });

  it('text(max) accepts a Russian name with spaces and hyphens, and refuses NUL, other controls and excess length', () => {
    const name = text(TEXT_MAX.name);
    expect(name.parse('Анна-Мария Петрова-Водкина')).toBe('Анна-Мария Петрова-Водкина');
    expect(ok(name, 'Ёлкин Пётр Ильич')).toBe(true);
    expect(ok(name, 'я'.repeat(TEXT_MAX.name))).toBe(true);
    expect(ok(name, 'я'.repeat(TEXT_MAX.name + 1))).toBe(false);
    for (const control of ['\u0000', '\u0001', '\t', '\n', '\r', '\u001b', '\u007f', '\u0085', '\u009f']) {
      expect(ok(name, `Ан${control}на`), JSON.stringify(control)).toBe(false);
    }
    const refused = name.safeParse('a\u0000b');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('недопустимые управляющие символы');
    expect(name.safeParse('x'.repeat(101)).error?.issues[0]?.message).toBe('не длиннее 100 символов');
  });

  it('multilineText(max) allows tab and line breaks, never NUL', () => {
    const review = multilineText(TEXT_MAX.text);
    expect(ok(review, 'Прекрасный спектакль!\r\n\tБраво.')).toBe(true);
    expect(ok(review, 'Браво\u0000')).toBe(false);
    expect(ok(review, 'Браво\u000b')).toBe(false);
    expect(ok(review, 'б'.repeat(TEXT_MAX.text + 1))).toBe(false);
  });

  it('list() has a maximum length', () => {
    expect(
      ok(
        list(id()),
        Array.from({ length: LIST_MAX }, (_, i) => i + 1),
      ),
    ).toBe(true);
    expect(
      ok(
        list(id()),
        Array.from({ length: LIST_MAX + 1 }, (_, i) => i + 1),
      ),
    ).toBe(false);
  });

  it('request() keeps extra fields but refuses field names with control characters or excess length', () => {
    const schema = request({ name: text(TEXT_MAX.name) });
    expect(ok(schema, { name: 'Иван', hot: '1', 'LoginForm[contact]': 'x' })).toBe(true);
    expect(ok(schema, { name: 'Иван', 'a\u0000b': '1' })).toBe(false);
    expect(ok(schema, { name: 'Иван', ['k'.repeat(TEXT_MAX.code + 1)]: '1' })).toBe(false);
    expect(ok(schema, { name: 'Иван', sid: 'a\u0000b' })).toBe(false);
  });

  it('the calls of the issue refuse its inputs', () => {
    const guest = { email: 'ivan@example.ru', name: 'Иван', surname: 'Петров', payment: 'card' };
    expect(ok(createAnonymousOrder.request, guest)).toBe(true);
    expect(ok(createAnonymousOrder.request, { ...guest, phone: '7'.repeat(900_000) })).toBe(false);
    expect(ok(createAnonymousOrder.request, { ...guest, name: 'Ив\u0000ан' })).toBe(false);
    expect(ok(hallPlaceSelect.request, { cypher: '2147483648' })).toBe(false);
    expect(ok(uiPerformanceLog.request, { location: '/show/\u0000' })).toBe(false);
    // The report stores fields it does not name: they are bounded too.
    expect(ok(uiPerformanceLog.request, { domComplete: '812' })).toBe(true);
    expect(ok(uiPerformanceLog.request, { domComplete: '8\u00002' })).toBe(false);
    expect(ok(uiPerformanceLog.request, { domComplete: 'x'.repeat(20_000) })).toBe(false);
  });
});

/** A field's schema without optional, nullable and default around it. */
function unwrap(schema: z.ZodType): z.ZodType {
  const def = (schema as unknown as { _zod: { def: { type: string; innerType?: z.ZodType } } })._zod.def;
  if ((def.type === 'optional' || def.type === 'nullable' || def.type === 'default') && def.innerType) {
    return unwrap(def.innerType);
  }
  return schema;
}

/** The object a request schema reads (the well-formed reading of malformedAsNull). */
function requestShape(call: CallDef): Record<string, z.ZodType> | null {
  let schema = call.request as z.ZodType;
  if (schema instanceof z.ZodUnion) schema = schema.options[0] as z.ZodType;
  return schema instanceof z.ZodObject ? (schema.shape as Record<string, z.ZodType>) : null;
}

/** Refused: parse fails, or a malformedAsNull call reads it as malformed. */
function refuses(call: CallDef, input: unknown): boolean {
  const r = call.request.safeParse(input);
  return !r.success || r.data === null;
}

describe('finding 5: every call of the contract bounds its fields', () => {
  const cases = allCalls.flatMap((call) => {
    const example = examples[call.id]?.valid;
    const shape = requestShape(call);
    if (!shape || !example || typeof example !== 'object') return [];
    return Object.entries(shape).map(([field, schema]) => ({ call, field, schema: unwrap(schema), example }));
  });

  it('refuses a NUL byte in every text field', () => {
    const texts = cases.filter((c) => c.schema instanceof z.ZodString);
    expect(texts.length).toBeGreaterThan(100);
    for (const { call, field, example } of texts) {
      expect(refuses(call, { ...example, [field]: 'a\u0000b' }), `${call.id} ${field}`).toBe(true);
    }
  });

  it('refuses text longer than its maximum in every text field', () => {
    for (const { call, field, example } of cases.filter((c) => c.schema instanceof z.ZodString)) {
      expect(refuses(call, { ...example, [field]: 'a'.repeat(TEXT_MAX.text + 1) }), `${call.id} ${field}`).toBe(true);
    }
  });

  it('refuses 2147483648 in every number field', () => {
    const numbers = cases.filter((c) => c.schema instanceof z.ZodNumber);
    expect(numbers.length).toBeGreaterThan(40);
    for (const { call, field, example } of numbers) {
      expect(refuses(call, { ...example, [field]: '2147483648' }), `${call.id} ${field}`).toBe(true);
    }
  });
});
