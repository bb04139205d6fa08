/** What a reader sees of an HTML string: no tags, scripts, styles or React's text separators. */
export function visibleText(html: string): string {
  return (
    html
      .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1>/g, ' ')
      .replace(/<!--[\s\S]*?-->/g, '')
      .replace(/<[^>]+>/g, ' ')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#x27;|&#39;/g, "'")
      .replace(/&nbsp;/g, '\u00a0')
      // Numeric references (the server's `html` fragments write them): '&#60;' is '<'.
      .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
      .replace(/&amp;/g, '&')
      .replace(/[ \t\n\r]+/g, ' ')
      // Tags became spaces; punctuation right after an inline element reads without one.
      .replace(/ ([.,:;!?])(?=\s|$)/g, '$1')
      .trim()
  );
}

export function metaContent(html: string, name: string): string | undefined {
  return new RegExp(`<meta name="${name}" content="([^"]*)"`).exec(html)?.[1];
}

/** href of the first link whose visible text is `text`. */
export function linkHref(html: string, text: string): string | undefined {
  for (const m of html.matchAll(/<a\b([^>]*)>([\s\S]*?)<\/a>/g)) {
    if (visibleText(m[2] ?? '') === text) return /href="([^"]*)"/.exec(m[1] ?? '')?.[1]?.replace(/&amp;/g, '&');
  }
  return undefined;
}

export const NBSP = '\u00a0';
