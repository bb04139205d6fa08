/** A status line shown for a few seconds (the wishlist's confirmation and 'removed' alert, spec 9: 3 s). */
const timers = new WeakMap<HTMLElement, ReturnType<typeof setTimeout>>();

export function flash(box: HTMLElement | null, text: string, ms: number): void {
  if (!box) return;
  const previous = timers.get(box);
  if (previous) clearTimeout(previous);
  box.textContent = text;
  box.hidden = false;
  timers.set(
    box,
    setTimeout(() => {
      box.hidden = true;
      box.textContent = '';
    }, ms),
  );
}
