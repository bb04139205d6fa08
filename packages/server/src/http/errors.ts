import type { FastifyReply, FastifyRequest } from 'fastify';

/** What a caller is told when the server itself fails: nothing about why (the log has that). */
export const SERVER_ERROR_MESSAGE = 'Ошибка на сервере. Попробуйте позже.';

/**
 * Russian messages for the errors Fastify raises before a handler runs: the body could not be
 * read as sent. Their own texts are English and name parser internals, so none is passed on.
 */
const REQUEST_ERROR_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'Слишком большой запрос',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Неподдерживаемый тип содержимого запроса',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Длина запроса не совпадает с заголовком Content-Length',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Пустое тело запроса при типе application/json',
  FST_ERR_CTP_INVALID_JSON_BODY: 'Тело запроса — не JSON',
};
const BAD_REQUEST_MESSAGE = 'Неверный запрос';

/**
 * PostgreSQL canceled the statement: it waited for a lock longer than lock_timeout (55P03), or
 * ran longer than statement_timeout (57014). Nothing was changed (the transaction rolled back),
 * so the caller may simply try again: 503 with Retry-After, never a request left hanging.
 */
const TIMEOUT_CODES = new Set(['55P03', '57014']);
export const BUSY_MESSAGE = 'Сервер сейчас перегружен. Попробуйте ещё раз через несколько секунд.';
export const BUSY_RETRY_AFTER_SECONDS = 2;

export interface ErrorAnswer {
  /** 4xx when the request could not be read as sent, else 500. */
  status: number;
  /** Russian, and never the error's own text. */
  message: string;
}

/**
 * How to answer an error that escaped a handler. Only a status Fastify itself put on the error
 * (a body it could not parse, too large, of an unsupported type) makes it the caller's 4xx; a
 * database timeout is a 503 "try again"; anything else, any other database error included, is
 * the server's 500 with a generic message.
 */
export function errorAnswer(error: unknown): ErrorAnswer {
  const { statusCode, code } = (error ?? {}) as { statusCode?: unknown; code?: unknown };
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
    return {
      status: statusCode,
      message: (typeof code === 'string' && REQUEST_ERROR_MESSAGES[code]) || BAD_REQUEST_MESSAGE,
    };
  }
  if (typeof code === 'string' && TIMEOUT_CODES.has(code)) return { status: 503, message: BUSY_MESSAGE };
  return { status: 500, message: SERVER_ERROR_MESSAGE };
}

/**
 * The app's error handler, and each call's (with the call's own answer shape): logs the error
 * (in full for a 500, briefly for a request the caller got wrong) and answers without its text,
 * SQL or stack.
 */
export function answerError(
  error: unknown,
  req: FastifyRequest,
  reply: FastifyReply,
  shape: (message: string, status: number) => unknown = (message, status) => ({ error: status, message }),
): FastifyReply {
  const { status, message } = errorAnswer(error);
  // A handler may have set a file's headers before it failed; the answer is the failure, not the file.
  reply.removeHeader('content-type');
  reply.removeHeader('content-disposition');
  if (status === 503) {
    req.log.warn({ err: error }, 'database timeout: the caller is asked to try again');
    reply.header('retry-after', String(BUSY_RETRY_AFTER_SECONDS));
  } else if (status >= 500) req.log.error({ err: error }, 'request failed');
  else req.log.info({ err: error }, 'request refused before its handler');
  return reply.code(status).send(shape(message, status));
}
