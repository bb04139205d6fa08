/**
 * react and react-dom as preact/compat: the script-tag build uses these, and so does the test
 * project that runs the widgets under preact. Subpaths follow the package (react/jsx-runtime →
 * preact/compat/jsx-runtime, react-dom/client → preact/compat/client) in esbuild and in Vite.
 */
export const preactAliases = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
};
