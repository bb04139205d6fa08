import { useEffect, useLayoutEffect } from 'react';

/**
 * For effects that wire up the DOM the render has just shown (listeners, pan and zoom): they
 * run before the browser paints, so nothing is ever on screen that does not answer a click yet.
 * React runs a plain effect soon after the commit, preact only after the next frame. On the
 * server there is no DOM and it is a plain (never run) effect.
 */
export const useDomEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect;
