// The client build (scripts/build-client.mjs) reads a .css file imported by a script as its text
// (injected when the map opens) and a .png as the URL of the copy it writes beside the bundles.
declare module '*.css' {
  const text: string;
  export default text;
}
declare module '*.png' {
  const url: string;
  export default url;
}
