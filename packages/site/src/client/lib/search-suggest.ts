/**
 * The header suggestions' flow, without the DOM (site-browsing-account.md 2.2, 5): suggestions
 * are asked for 300 ms after the last keystroke, only for a text longer than 2 characters or of
 * exactly 2 digits; an answer overtaken by a later text is dropped. Up and down move the
 * selection, wrapping around, from -1 (nothing selected), and only while the list is shown and
 * the mouse is not over it.
 */
import { AUTOCOMPLETE_DEBOUNCE_MS, moveSelection, shouldAutocomplete } from '@partera/contract';

export interface SuggestView<T> {
  /** Draws an answer; returns how many items can be selected. */
  show(answer: T, text: string): number;
  hide(): void;
  /** Marks the selected item (-1: none). */
  select(index: number): void;
}

export interface SuggestOptions<T> {
  ask(text: string): Promise<T>;
  /** An answer with nothing in it hides the list. */
  isEmpty(answer: T): boolean;
  view: SuggestView<T>;
  delayMs?: number;
  timers?: { set(fn: () => void, ms: number): unknown; clear(handle: unknown): void };
}

export class SuggestController<T> {
  selected = -1;
  visible = false;
  mouseOver = false;
  private count = 0;
  private timer: unknown = null;
  /** The latest text asked for: older answers are not shown. */
  private latest = '';
  private readonly timers;

  constructor(private readonly opts: SuggestOptions<T>) {
    this.timers = opts.timers ?? {
      set: (fn: () => void, ms: number) => setTimeout(fn, ms),
      clear: (h: unknown) => clearTimeout(h as ReturnType<typeof setTimeout>),
    };
  }

  /** The text changed: ask again after the quiet period, or hide when it is too short. */
  input(text: string): void {
    if (this.timer !== null) this.timers.clear(this.timer);
    this.timer = null;
    this.latest = text;
    if (!shouldAutocomplete(text)) {
      this.hide();
      return;
    }
    this.timer = this.timers.set(() => {
      this.timer = null;
      void this.ask(text);
    }, this.opts.delayMs ?? AUTOCOMPLETE_DEBOUNCE_MS);
  }

  /** Asks at once (also what the timer does); resolves when the answer is drawn or dropped. */
  async ask(text: string): Promise<void> {
    let answer: T;
    try {
      answer = await this.opts.ask(text);
    } catch {
      return;
    }
    if (text !== this.latest) return;
    if (this.opts.isEmpty(answer)) {
      this.hide();
      return;
    }
    this.count = this.opts.view.show(answer, text);
    this.visible = true;
    this.selected = -1;
    this.opts.view.select(-1);
  }

  /** An arrow key: true when it moved the selection (the caller then keeps the key from the input). */
  move(delta: 1 | -1): boolean {
    if (!this.visible || this.mouseOver || this.count === 0) return false;
    this.selected = moveSelection(this.selected, delta, this.count);
    this.opts.view.select(this.selected);
    return true;
  }

  hide(): void {
    if (this.visible) this.opts.view.hide();
    this.visible = false;
    this.selected = -1;
    this.count = 0;
    this.mouseOver = false;
  }
}
