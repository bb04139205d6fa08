import { escapeHtml } from '@partera/contract';

/**
 * Markup that is already safe to send: built by the `html` template below, so every value in it
 * was escaped on the way in. A plain string is never trusted as markup.
 */
export class SafeHtml {
  constructor(readonly markup: string) {}
  toString(): string {
    return this.markup;
  }
}

type Part = SafeHtml | string | number | boolean | null | undefined | readonly Part[];

function render(part: Part): string {
  if (part === null || part === undefined || part === false || part === true) return '';
  if (part instanceof SafeHtml) return part.markup;
  if (Array.isArray(part)) return part.map(render).join('');
  return escapeHtml(String(part));
}

/**
 * The server's HTML fragments (the cabinet's tabs, the review form): a template whose values are
 * escaped unless they are themselves `html` results; arrays are joined and null, undefined and
 * booleans leave nothing (so `${cond && html`…`}` works). Attribute values must be quoted.
 */
export function html(strings: TemplateStringsArray, ...values: Part[]): SafeHtml {
  let out = strings[0] ?? '';
  for (let i = 0; i < values.length; i++) out += render(values[i] as Part) + (strings[i + 1] ?? '');
  return new SafeHtml(out);
}
