/** Generated and stored media files: posters and hall plans (decision 0001). */
import { z } from 'zod';
import { idDigits } from '../wire.js';

/**
 * The id in a media file name (`{id}.svg`): digits only (no signs, spaces, hex or exponents), a
 * positive id that fits the database's integer ids.
 */
export const mediaFileId = () => idDigits().transform(Number);

/** A media error: `bad_request` for a malformed file name, `not_found` for an id that names nothing. */
export const mediaError = z.object({ error: z.enum(['bad_request', 'not_found']), message: z.string() });

/** The file itself (SVG text), or a JSON media error. */
export const mediaAnswer = z.union([z.string(), mediaError]);

export const mediaFailure = (message: string, code?: number): z.input<typeof mediaError> => ({
  error: code === 404 ? 'not_found' : 'bad_request',
  message,
});
