/**
 * The list alternative to the plan, for keyboard and screen-reader users: available places by
 * section and row as toggle buttons named 'Партер, ряд 5, место 12, 2 500 ₽', and the entrance
 * sections. A section renders its rows only while open, so a stadium list stays light.
 * Keys: Enter/Space put a place in the basket or take it out; arrows, Home and End move
 * between the places of a section.
 */
import { type CSSProperties, type KeyboardEvent, memo, useMemo, useState } from 'react';
import { useSnapshot } from 'valtio/react';
import { type HallContext, togglePlace } from '../store/hall-actions.js';
import type { HallData, MapPlace, MapSection } from '../store/hall-store.js';
import { formatPrice, pluralTickets, toKopecks } from '../store/spec.js';
import { normalizeColor } from './hall-svg.js';
import { placeAccessibleName, placePriceText } from './place-text.js';
import { T } from './texts.js';

/** Opens a tooltip pointing at `anchor` (a place on the plan, or a list button that gets the focus back). */
export type OpenTip = (target: { kind: 'place' | 'entrance'; id: number }, anchor: Element) => void;

interface ListSectionGroup {
  id: number;
  name: string;
  rows: { row: string; places: MapPlace[] }[];
  count: number;
}

const collator = new Intl.Collator('ru', { numeric: true });

/** Places of the JSON map by section and row, in natural order ('2' before '10'). */
export function groupPlaces(data: Pick<HallData, 'places'>): ListSectionGroup[] {
  const bySection = new Map<number, { name: string; rows: Map<string, MapPlace[]> }>();
  for (const p of data.places.values()) {
    let s = bySection.get(p.section.id);
    if (!s) {
      s = { name: p.section.name, rows: new Map() };
      bySection.set(p.section.id, s);
    }
    const row = s.rows.get(p.row);
    if (row) row.push(p);
    else s.rows.set(p.row, [p]);
  }
  return [...bySection.entries()]
    .map(([id, s]) => {
      const rows = [...s.rows.entries()]
        .sort(([a], [b]) => collator.compare(a, b))
        .map(([row, places]) => ({ row, places: places.sort((a, b) => collator.compare(a.place, b.place)) }));
      return { id, name: s.name, rows, count: rows.reduce((n, r) => n + r.places.length, 0) };
    })
    .sort((a, b) => collator.compare(a.name, b.name));
}

/** Sections small enough to show open from the start (the whole list fits on a screen or two). */
const OPEN_UP_TO_PLACES = 300;

function moveFocus(e: KeyboardEvent<HTMLButtonElement>): boolean {
  const keys = ['ArrowRight', 'ArrowDown', 'ArrowLeft', 'ArrowUp', 'Home', 'End'];
  if (!keys.includes(e.key)) return false;
  const scope = e.currentTarget.closest('details') ?? e.currentTarget.parentElement;
  const all = scope ? [...scope.querySelectorAll<HTMLButtonElement>('.pt-list-place')] : [];
  const i = all.indexOf(e.currentTarget);
  const next =
    e.key === 'Home'
      ? 0
      : e.key === 'End'
        ? all.length - 1
        : e.key === 'ArrowRight' || e.key === 'ArrowDown'
          ? Math.min(all.length - 1, i + 1)
          : Math.max(0, i - 1);
  all[next]?.focus();
  return true;
}

const PlaceButton = memo(function PlaceButton(props: {
  ctx: HallContext;
  place: MapPlace;
  selected: boolean;
  busy: boolean;
  openTip: OpenTip;
}) {
  const { ctx, place: p } = props;
  const act = (el: HTMLButtonElement) => {
    if (!ctx.canAct || props.busy) return;
    // A place with several tariffs first asks for the tariff, as on the plan.
    if (p.countTax > 1 && !props.selected) props.openTip({ kind: 'place', id: p.id }, el);
    else void togglePlace(ctx, p.id);
  };
  return (
    <button
      type="button"
      className="pt-list-place"
      aria-label={placeAccessibleName(p)}
      aria-pressed={props.selected}
      aria-disabled={props.busy || !ctx.canAct}
      style={{ '--pt-swatch': normalizeColor(p.color) } as CSSProperties}
      onClick={(e) => act(e.currentTarget)}
      onKeyDown={(e) => {
        if (moveFocus(e)) {
          e.preventDefault();
        } else if (e.key === 'Enter' || e.key === ' ') {
          // Handled here (and the native activation cancelled) so a key press acts exactly once.
          e.preventDefault();
          act(e.currentTarget);
        }
      }}
    >
      {p.place} <small>{placePriceText(p)}</small>
    </button>
  );
});

function SectionBlock(props: { ctx: HallContext; group: ListSectionGroup; startOpen: boolean; openTip: OpenTip }) {
  const { ctx, group } = props;
  const [open, setOpen] = useState(props.startOpen);
  const snap = useSnapshot(ctx.state);
  return (
    <details open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>
        {group.name} — {T.places(group.count)}
      </summary>
      {open
        ? group.rows.map((r) => (
            <fieldset key={r.row} className="pt-list-row" aria-label={`${group.name}, ${T.row.toLowerCase()} ${r.row}`}>
              <span className="pt-list-row-label" aria-hidden="true">
                {T.row} {r.row}
              </span>
              {r.places.map((p) => (
                <PlaceButton
                  key={p.id}
                  ctx={ctx}
                  place={p}
                  selected={snap.selected[p.id] === true}
                  busy={snap.busy[p.cypher] === true}
                  openTip={props.openTip}
                />
              ))}
            </fieldset>
          ))
        : null}
    </details>
  );
}

function EntranceButton(props: { ctx: HallContext; section: MapSection; openTip: OpenTip }) {
  const { section: s } = props;
  const snap = useSnapshot(props.ctx.state);
  const free = snap.entranceFree[s.sectionId] ?? 0;
  const held = snap.entrance[s.sectionId] ?? 0;
  const label = [
    s.sectionName,
    T.entranceTicket,
    formatPrice(toKopecks(s.price)),
    T.freeLeft(pluralTickets(free)),
    held > 0 ? T.inBasketCount(held) : '',
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <button
      type="button"
      className="pt-list-entrance"
      onClick={(e) => props.openTip({ kind: 'entrance', id: s.sectionId }, e.currentTarget)}
    >
      {label}
    </button>
  );
}

export function PlaceList(props: { ctx: HallContext; data: HallData; openTip: OpenTip }) {
  const { ctx, data } = props;
  const groups = useMemo(() => groupPlaces(data), [data]);
  const entrances = useMemo(() => [...data.sections.values()].filter((s) => s.seatlessSection), [data]);
  const startOpen = data.places.size <= OPEN_UP_TO_PLACES;
  return (
    <section className="pt-list" aria-label={T.listTitle}>
      <h3>{T.listTitle}</h3>
      {groups.length === 0 && entrances.length === 0 ? <p className="pt-list-row">{T.noPlaces}</p> : null}
      {entrances.map((s) => (
        <EntranceButton key={s.sectionId} ctx={ctx} section={s} openTip={props.openTip} />
      ))}
      {groups.map((g) => (
        <SectionBlock key={g.id} ctx={ctx} group={g} startOpen={startOpen} openTip={props.openTip} />
      ))}
    </section>
  );
}
