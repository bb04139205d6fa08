/**
 * The server's test files that replace a module with vi.mock. The server's other tests share one
 * module graph per worker (vitest.config.ts), where a module mocked by a later file would already
 * be loaded unmocked; these run in a graph of their own (the `server-mocks` project).
 * test/module-mocks.test.ts fails when a file mocks a module and is not listed here.
 */
export const moduleMocks = [
  'test/db-statement-names.test.ts',
  'test/session-secrets.test.ts',
  'test/tickets.test.ts',
] as const;
