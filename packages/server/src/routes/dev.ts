import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { developmentSender, getMessage, listMessages, startOutboxWorker } from '../notifications/outbox.js';
import { renderOutboxList, renderOutboxMessage } from '../notifications/outbox-pages.js';

const idParams = z.object({ id: z.coerce.number().int().positive() });
const attachmentParams = idParams.extend({ n: z.coerce.number().int().min(0) });

/**
 * Development pages (only with config.devTools): the outbox, where e-mails and SMS that a
 * production sender would deliver can be read. Outside production a development sender marks
 * queued messages sent, as a real one would.
 */
export const devRoutes: FastifyPluginAsync = async (app) => {
  const { db, clock, config } = app.deps;
  if (!config.devTools) return;

  if (!config.production) {
    let worker: { stop(): Promise<void> } | undefined;
    app.addHook('onReady', async () => {
      worker = startOutboxWorker({ db, clock }, developmentSender, {
        intervalMs: 1000,
        onError: (err) => app.log.error(err),
      });
    });
    app.addHook('onClose', async () => {
      await worker?.stop();
    });
  }

  const html = 'text/html; charset=utf-8';

  app.get('/dev/outbox/', async (_req, reply) => {
    const messages = await listMessages(db, { limit: 200 });
    return reply.type(html).header('cache-control', 'no-store').send(renderOutboxList(messages));
  });

  app.get('/dev/outbox/:id', async (req, reply) => {
    const params = idParams.safeParse(req.params);
    const message = params.success ? await getMessage(db, params.data.id) : null;
    if (!message) return reply.code(404).type(html).send(renderOutboxMessage(null));
    return reply.type(html).header('cache-control', 'no-store').send(renderOutboxMessage(message));
  });

  app.get('/dev/outbox/:id/attachments/:n', async (req, reply) => {
    const params = attachmentParams.safeParse(req.params);
    const message = params.success ? await getMessage(db, params.data.id) : null;
    const attachment = params.success ? message?.attachments[params.data.n] : undefined;
    if (!attachment) return reply.code(404).type('text/plain; charset=utf-8').send('Вложение не найдено');
    // A regenerable attachment is rendered by its own route (the ticket PDF), as a sender would fetch it.
    if ('url' in attachment) return reply.redirect(attachment.url);
    return reply
      .type(attachment.contentType)
      .header('content-disposition', `inline; filename="${encodeURIComponent(attachment.filename)}"`)
      .send(Buffer.from(attachment.contentBase64, 'base64'));
  });
};
