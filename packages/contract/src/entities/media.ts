/** Generated and stored media files: posters and hall plans (decision 0001). */
import { z } from 'zod';

const MAX_DATABASE_ID = 2_147_483_647;
const NOT_AN_ID = 'ожидается числовой идентификатор';

/**
 * The id in a media file name (`{id}.svg`): digits only (no signs, spaces, hex or exponents), a
 * positive id that fits the database's integer ids.
 */
export const mediaFileId = () =>
  z
    .string()
    .regex(/^\d{1,10}$/, NOT_AN_ID)
    .transform(Number)
    .pipe(z.number().int().min(1, NOT_AN_ID).max(MAX_DATABASE_ID, NOT_AN_ID));

/** A media error: `bad_request` for a malformed file name, `not_found` for an id that names nothing. */
export const mediaError = z.object({ error: z.enum(['bad_request', 'not_found']), message: z.string() });

/** The file itself (SVG text), or a JSON media error. */
export const mediaAnswer = z.union([z.string(), mediaError]);

export const mediaFailure = (message: string, code?: number): z.input<typeof mediaError> => ({
  error: code === 404 ? 'not_found' : 'bad_request',
  message,
});
