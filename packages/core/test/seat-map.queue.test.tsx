/**
 * A buyer the admission gate queues (decision 0018): a select or an entrance add answered 429
 * with the queue position is not an error. The hall says where the buyer is in the queue and
 * when it tries again, and sends the same choice again after Retry-After until admitted, or
 * until the buyer leaves the queue.
 */
import { addEntranceTickets, QueueNotice } from '@partera/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { hallRoutes, ok } from './support/hall.js';
import { hallContext, renderInHall, resetHallTests } from './support/hall-context.js';
import { renderHall } from './support/hall-view.js';
import { type Seen, serve } from './support/server.js';

resetHallTests();

const queueMessage = (position: number, seconds: number) =>
  'Сейчас билеты на это мероприятие выбирают очень многие, и мы пускаем покупателей по очереди. ' +
  `Ваше место в очереди: ${position}. Выбор мест откроется для вас примерно через ${seconds} с.`;

/** The gate's answer; `headers: false` as a partner page's browser sees it (the headers are not exposed to it). */
function queued(position: number, seconds: number, headers = true): Response {
  const exposed: Record<string, string> = headers
    ? { 'retry-after': String(seconds), 'x-queue-position': String(position) }
    : {};
  return Response.json(
    { result: 0, error: 429, message: queueMessage(position, seconds) },
    { status: 429, headers: exposed },
  );
}

/** Answers from `answers` in turn, then `ok()` for every later call; records when each came. */
function inTurn(answers: (() => Response)[], times: number[]) {
  return (req: Seen) => {
    times.push(Date.now());
    return answers.shift()?.() ?? ok({ ticketCount: Number(req.body.get('count') ?? 1) });
  };
}

const posts = (seen: Seen[], path: string) => seen.filter((r) => r.method === 'POST' && r.path === path);

describe('a seat chosen while the gate queues the buyer', () => {
  it('shows the place in the queue and the countdown, then takes the seat after Retry-After', async () => {
    const times: number[] = [];
    const seen = serve(hallRoutes({ 'POST /hallPlace/select/': inTurn([() => queued(3, 1)], times) }));
    const { clickPlace, isMine, look } = await renderHall();

    clickPlace(102);
    const notice = await screen.findByText('Вы в очереди: 3');
    const status = notice.closest('[role="status"]')!;
    expect(status.textContent).toContain('Следующая попытка через 1 с');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(look(102)).toBe('busy');

    await waitFor(() => expect(isMine(102)).toBe(true));
    const selects = posts(seen, '/hallPlace/select/');
    expect(selects.map((r) => r.body.get('cypher'))).toEqual(['c102', 'c102']);
    // Not before Retry-After (a timer may fire a few ms early on Node's clock).
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(990);
    expect(status.textContent).toBe('');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a refusal over a rate limit (no queue position) as before, and does not try again', async () => {
    const seen = serve(
      hallRoutes({
        'POST /hallPlace/select/': () =>
          Response.json(
            { result: 0, error: 429, message: 'Слишком много запросов, попробуйте позже' },
            { status: 429, headers: { 'retry-after': '1' } },
          ),
      }),
    );
    const { clickPlace, look } = await renderHall();
    clickPlace(102);
    expect((await screen.findByRole('alert')).textContent).toBe('Слишком много запросов, попробуйте позже');
    expect(look(102)).toBe('free');
    expect(posts(seen, '/hallPlace/select/')).toHaveLength(1);
    expect(screen.queryByText(/Вы в очереди/)).toBeNull();
  });
});

describe('entrance tickets added while the gate queues the buyer', () => {
  it('reads the place from the message where the headers are hidden; leaving the queue ends the wait', async () => {
    const times: number[] = [];
    const seen = serve(
      hallRoutes({
        'POST /hallPlace/entranceTicketsAdd/': inTurn([() => queued(7, 1, false), () => queued(5, 1, false)], times),
      }),
    );
    const ctx = hallContext();
    renderInHall(ctx, <QueueNotice state={ctx.state} />);

    const first = addEntranceTickets(ctx, 30, 2);
    expect(await screen.findByText('Вы в очереди: 7')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Следующая попытка через 1 с');
    fireEvent.click(screen.getByRole('button', { name: 'Выйти из очереди' }));
    expect(await first).toBe(false);
    expect(screen.getByRole('status').textContent).toBe('');
    expect(ctx.state.busy['s:30']).toBeUndefined();
    expect(ctx.state.entrance[30]).toBeUndefined();
    expect(screen.queryByRole('alert')).toBeNull();

    // Asked again, the buyer queues again and is let in at the next try; the choice left behind
    // is never sent again, though its own Retry-After ran out before this one's.
    expect(await addEntranceTickets(ctx, 30, 2)).toBe(true);
    expect(ctx.state.entrance[30]).toBe(2);
    expect(posts(seen, '/hallPlace/entranceTicketsAdd/')).toHaveLength(3);
    expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(990);
    expect(screen.getByRole('status').textContent).toBe('');
  });
});
