import type { Routine } from '../db/routines.js';
import { giftRoutines } from './basket/gifts.js';
import { packageRoutines } from './basket/packages.js';
import { basketRoutines } from './basket/routines.js';
import { holdRoutines } from './holds/routines.js';

/** Every database function the services define, in the order they are installed (db/routines.ts). */
export const serviceRoutines: readonly Routine[] = [
  ...holdRoutines,
  ...basketRoutines,
  ...giftRoutines,
  ...packageRoutines,
];
