/** E-tickets: the PDF downloads of the completion page and of the order e-mail (extensions). */
import { z } from 'zod';
import { defineCall } from '../call.js';
import { id, malformedAsNull, sessionFreeRequest, TEXT_MAX, text } from '../wire.js';

const HALL = 'hall-basket-checkout.md';
const COMPLETION = `${HALL} 2.4 (/order/complete/), 4.12; the e-mail of a paid order`;

/** A ticket's code: 12 symbols of an alphabet without look-alikes (no 0, 1, I, O); the server issues them. */
export const TICKET_CODE_PATTERN = /^[2-9A-HJ-NP-Z]{12}$/;
export const ticketCode = z.string().regex(TICKET_CODE_PATTERN);

/** The order's access token, handed out with the order (completion link, e-mail). */
const orderToken = text(TEXT_MAX.code).optional();

/** The PDF, or the plain-text 404 (the same for a wrong token as for a ticket that does not exist). */
const pdfAnswer = z.string();
const textFailure = (message: string) => message;

export const ticketPdf = defineCall({
  id: 'tickets.ticketPdf',
  method: 'GET',
  path: '/order/ticket/:code.pdf',
  params: 'query',
  request: malformedAsNull(sessionFreeRequest({ code: ticketCode, token: orderToken })),
  answer: 'file',
  response: pdfAnswer,
  failure: textFailure,
  spec: COMPLETION,
  summary:
    'The PDF of one issued ticket, for the holder of the order’s token (?token=). Not cached, not indexed. One and the same 404 without the right token and for a malformed or unknown code or a returned ticket, so a URL tells nothing about which tickets exist.',
  extension: true,
});

export const orderTicketsPdf = defineCall({
  id: 'tickets.orderPdf',
  method: 'GET',
  path: '/order/tickets/:orderId.pdf',
  params: 'query',
  request: malformedAsNull(sessionFreeRequest({ orderId: id(), token: orderToken })),
  answer: 'file',
  response: pdfAnswer,
  failure: textFailure,
  spec: COMPLETION,
  summary:
    'One PDF with every ticket of a paid order, for the holder of the order’s token (?token=). Not cached, not indexed. One and the same 404 without the right token and for a malformed or unknown order or one with no issued tickets.',
  extension: true,
});

export const ticketCalls = [ticketPdf, orderTicketsPdf] as const;
