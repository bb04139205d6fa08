/**
 * The product's start (server and site pages with the demo loader), as `npm start` runs it,
 * written as a script for `node -e` so that both trees of a BENCH_BASELINE run can run it from
 * their own folder. It prints 'bench: listening' once the server listens.
 */
export const PRODUCT_START = `
const { seedDemo } = await import('./packages/server/src/demo.ts');
const { loadConfig, startServer } = await import('./packages/server/src/index.ts');
const { sitePages } = await import('./packages/site/src/server/index.ts');
await startServer({ plugins: [sitePages], config: loadConfig(process.env), demo: seedDemo, log: (l) => console.error(l) });
console.log('bench: listening');
`;
