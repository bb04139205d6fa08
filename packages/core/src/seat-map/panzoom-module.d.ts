/**
 * @panzoom/panzoom declares "type": "module" but points "main" at its UMD build, so Node (SSR,
 * vitest) sees no default export. The widget imports the ES build by path; this gives that
 * path the package's own types.
 */
declare module '@panzoom/panzoom/dist/panzoom.es.js' {
  import Panzoom from '@panzoom/panzoom';
  export default Panzoom;
}
