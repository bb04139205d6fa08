/**
 * Loads the seat map's tools (tools.ts) once per page: after the plan is drawn, so their bytes
 * do not hold up the first view, or at once when that view needs one of them (a hall shown as a
 * list of sections, package mode). A failed load is tried again when the buyer next asks for a
 * tool.
 */
import { useEffect, useState } from 'react';
import type * as Tools from './tools.js';

export type SeatMapTools = typeof Tools;

let loading: Promise<SeatMapTools> | undefined;
let loaded: SeatMapTools | undefined;
/** Documents whose mount injects the stylesheet: the tools' rules go there before the tools draw. */
const styled = new Set<Document>();

export function loadTools(): Promise<SeatMapTools> {
  loading ??= import('./tools.js').then(
    (tools) => {
      for (const doc of styled) tools.injectToolsCss(doc);
      styled.clear();
      loaded = tools;
      return tools;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** The tools' rules are to be added to `doc` (now if the tools are there, else when they load). */
export function styleTools(doc: Document): void {
  if (loaded) loaded.injectToolsCss(doc);
  else styled.add(doc);
}

export interface ToolsState {
  tools: SeatMapTools | null;
  /** The file could not be fetched; the widget says so, and tries again on the buyer's next ask. */
  failed: boolean;
}

/**
 * The tools once `wanted`. Null in the first render, on the server as on the client, so that a
 * server-rendered hall hydrates; `ask` changes when the buyer opens something (a retry after a failure).
 */
export function useSeatMapTools(wanted: boolean, ask: string): ToolsState {
  const [state, setState] = useState<ToolsState>({ tools: null, failed: false });
  // biome-ignore lint/correctness/useExhaustiveDependencies: `ask` only triggers another attempt
  useEffect(() => {
    if (!wanted || state.tools) return;
    let live = true;
    loadTools().then(
      (tools) => live && setState({ tools, failed: false }),
      () => live && setState({ tools: null, failed: true }),
    );
    return () => {
      live = false;
    };
  }, [wanted, state.tools, ask]);
  return state;
}
