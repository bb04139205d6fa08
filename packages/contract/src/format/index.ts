export * from './date.js';
export * from './labels.js';
export * from './phone.js';
export * from './plural.js';
export * from './price.js';
export * from './text.js';
