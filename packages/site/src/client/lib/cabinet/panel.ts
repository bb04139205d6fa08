/**
 * A cabinet tab's behaviour: `mount` runs once, the first time the tab is shown, after its
 * fragment (if it has one) is in the panel. It owns everything inside the panel.
 */
import { sitePath } from '../site-path.js';
export interface CabinetPanel {
  mount(panel: HTMLElement): void | Promise<void>;
}

/** Loads a fragment of the server (the session cookie goes with it) into the element. */
export async function loadFragment(into: HTMLElement, url: string, failure: string): Promise<boolean> {
  try {
    const res = await fetch(sitePath(url), { headers: { accept: 'text/html' }, credentials: 'same-origin' });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    into.innerHTML = await res.text();
    return true;
  } catch {
    const p = document.createElement('p');
    p.className = 'form-error';
    p.setAttribute('role', 'alert');
    p.textContent = failure;
    into.replaceChildren(p);
    return false;
  }
}
