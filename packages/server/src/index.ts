/** Public entry of the server package: the app, its configuration, the database and the services the site reads. */
export { type AppDeps, type BuildOptions, buildApp } from './app.js';
export { type Clock, ManualClock, systemClock } from './clock.js';
export { loadConfig, type ServerConfig } from './config.js';
export { type Database, migrate, openDatabase, openMigratedDatabase, type Queryable } from './db/index.js';
export { CSRF_PARAM, SESSION_PARAM } from './http/names.js';
