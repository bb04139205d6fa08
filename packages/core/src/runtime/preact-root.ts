/**
 * `react-dom/client` for the seat map's first mount in the script-tag bundle (decision 0044):
 * `createRoot` on preact's own render, as preact/compat's is, without loading compat. As React
 * (and compat) do, the first render replaces whatever the element held.
 *
 * Only the script-tag build reads this file (scripts/preact-aliases.ts says when).
 */
import { type ComponentChild, render } from 'preact';

export interface Root {
  render(children: ComponentChild): void;
  unmount(): void;
}

export function createRoot(container: Element): Root {
  let rendered = false;
  return {
    render(children) {
      if (!rendered) container.textContent = '';
      rendered = true;
      render(children, container);
    },
    unmount() {
      if (rendered) render(null, container);
    },
  };
}
