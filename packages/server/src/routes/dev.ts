import { devOutbox, devOutboxAttachment, devOutboxMessage } from '@partera/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../http/route.js';
import { getMessage, listMessages } from '../notifications/outbox.js';
import { renderOutboxList, renderOutboxMessage } from '../notifications/outbox-pages.js';

/**
 * Development pages (only with config.devTools): the outbox, where e-mails and SMS that a
 * production sender would deliver can be read. (The development sender that marks them sent
 * runs with the server, see runtime.ts.)
 */
export const devRoutes: FastifyPluginAsync = async (app) => {
  const { db, config } = app.deps;
  if (!config.devTools) return;

  route(app, devOutbox, async (_input, _req, reply) => {
    const messages = await listMessages(db, { limit: 200 });
    reply.header('cache-control', 'no-store');
    return renderOutboxList(messages);
  });

  route(app, devOutboxMessage, async (input, _req, reply) => {
    const message = input ? await getMessage(db, input.id) : null;
    if (!message) return reply.code(404).type('text/html; charset=utf-8').send(renderOutboxMessage(null));
    reply.header('cache-control', 'no-store');
    return renderOutboxMessage(message);
  });

  route(app, devOutboxAttachment, async (input, _req, reply) => {
    const message = input ? await getMessage(db, input.id) : null;
    const attachment = input ? message?.attachments[input.n] : undefined;
    if (!attachment) return reply.code(404).type('text/plain; charset=utf-8').send('Вложение не найдено');
    // A regenerable attachment is rendered by its own route (the ticket PDF), as a sender would fetch it.
    if ('url' in attachment) return reply.redirect(attachment.url);
    return reply
      .type(attachment.contentType)
      .header('content-disposition', `inline; filename="${encodeURIComponent(attachment.filename)}"`)
      .send(Buffer.from(attachment.contentBase64, 'base64'));
  });
};
