/**
 * The basket's tickets of one performance (spec 2.3): each line with its seat, tariff and price
 * and a delete button. Lines of the set a delete takes out together (a group, an exclusive pair)
 * are highlighted while the buyer points at the button and while they confirm.
 */
import { formatPrice, giftChoiceLabel, ticketWord } from '@partera/contract';
import { useId } from 'react';
import type { BasketTicket } from '../api/basket.js';
import { type PerformanceGroup, performanceWhen, seatText, ticketKey } from './group.js';

export interface PerformanceTicketsProps {
  group: PerformanceGroup;
  busy: boolean;
  onRemove: (ticket: BasketTicket) => void;
  /** The pointer or the keyboard focus is on a ticket's delete button (its set is highlighted). */
  onPoint?: (ticket: BasketTicket) => void;
  /** …and left it. */
  onLeave?: (ticket: BasketTicket) => void;
  href: string;
  /** ticketKey of the lines highlighted as one set. */
  highlighted: ReadonlySet<string>;
}

export function PerformanceTickets(props: PerformanceTicketsProps) {
  const { group, highlighted } = props;
  const headingId = useId();
  return (
    <article className="pt-basket__performance" aria-labelledby={headingId}>
      <header className="pt-basket__performance-head">
        <h3 id={headingId} className="pt-basket__show">
          <a className="pt-link" href={props.href}>
            {group.showName}
          </a>
        </h3>
        <p className="pt-basket__when">
          <time dateTime={group.performanceDate}>{performanceWhen(group.performanceDate)}</time>
        </p>
        <p className="pt-basket__where">
          {group.buildingName}, {group.hallName}
        </p>
      </header>
      <ul className="pt-basket__tickets">
        {group.tickets.map((ticket) => (
          <TicketLine
            key={ticketKey(ticket)}
            ticket={ticket}
            busy={props.busy}
            onRemove={props.onRemove}
            onPoint={props.onPoint}
            onLeave={props.onLeave}
            highlighted={highlighted.has(ticketKey(ticket))}
          />
        ))}
      </ul>
    </article>
  );
}

function TicketLine(
  props: Pick<PerformanceTicketsProps, 'busy' | 'onRemove' | 'onPoint' | 'onLeave'> & {
    ticket: BasketTicket;
    highlighted: boolean;
  },
) {
  const { ticket } = props;
  const point = () => props.onPoint?.(ticket);
  const leave = () => props.onLeave?.(ticket);
  const seat = ticket.kind === 'place' ? seatText(ticket) : `${ticket.count} ${ticketWord(ticket.count)}`;
  return (
    <li className={props.highlighted ? 'pt-ticket pt-ticket--set' : 'pt-ticket'} data-highlighted={props.highlighted}>
      <div className="pt-ticket__seat">
        <span className="pt-ticket__section">{ticket.sectionName}</span>
        {seat ? <span className="pt-ticket__place">{seat}</span> : null}
        {ticket.tariffName ? <span className="pt-ticket__tariff">{ticket.tariffName}</span> : null}
        {ticket.giftsCount ? (
          <span className="pt-ticket__gifts">
            {`+ ${giftChoiceLabel(ticket.giftsCount)}`}
            {ticket.giftPrice ? `, ${formatPrice(ticket.giftsCount * ticket.giftPrice)}` : ''}
          </span>
        ) : null}
      </div>
      <span className="pt-ticket__price">
        {ticket.kind === 'entrance' && ticket.count > 1 ? `${ticket.count} × ` : ''}
        {formatPrice(ticket.price)}
      </span>
      <button
        type="button"
        className="pt-ticket__remove"
        aria-label={`Удалить билет: ${ticket.sectionName}${seat ? `, ${seat}` : ''}`}
        disabled={props.busy}
        onClick={() => props.onRemove(ticket)}
        onMouseEnter={point}
        onMouseLeave={leave}
        onFocus={point}
        onBlur={leave}
      >
        <span aria-hidden="true">×</span>
      </button>
    </li>
  );
}
