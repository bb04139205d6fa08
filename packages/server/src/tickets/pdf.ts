import { plural } from '@partera/contract';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { type PdfFonts, resolvePdfFonts } from './fonts.js';
import { formatDateTime, formatRoubles } from './format.js';
import { buyerName, describePlace, type TicketOrder, type TicketView } from './query.js';

export interface TicketPdfInput {
  order: Pick<TicketOrder, 'number' | 'surname' | 'firstName' | 'patronymic'>;
  tickets: TicketView[];
  support: { phone: string; email: string };
}

const RULES = [
  'Билет действителен для одного прохода. При проходе засчитывается первый предъявленный билет с этим кодом: не публикуйте билет и его код.',
  'Покажите билет на экране телефона или распечатанным.',
  'Если у мероприятия есть возрастное ограничение, возьмите с собой документ, удостоверяющий личность.',
  'Вход в зал после начала мероприятия может быть ограничен.',
  'Возврат билетов — по правилам организатора мероприятия.',
];

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 48;
const INK = '#1d2330';
const MUTED = '#667085';
const ACCENT = '#d23f57';

/** Draws the QR code as vector squares: sharp at any print size, a few hundred bytes. */
function drawQr(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number): void {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const quiet = 2;
  const cell = size / (modules.size + quiet * 2);
  doc.save();
  doc.rect(x, y, size, size).fill('#ffffff');
  for (let r = 0; r < modules.size; r++) {
    for (let c = 0; c < modules.size; c++) {
      if (modules.get(r, c)) doc.rect(x + (c + quiet) * cell, y + (r + quiet) * cell, cell, cell);
    }
  }
  doc.fill('#000000');
  doc.restore();
}

/** Plural of 'подарок' after a count: 1 подарок, 2 подарка, 5 подарков. */
const GIFT_FORMS = ['подарок', 'подарка', 'подарков'] as const;

/** What the venue hands out with this ticket: the gifts are collected there on showing the ticket. */
export function giftsLine(gifts: number): string {
  return `${gifts} ${plural(gifts, GIFT_FORMS)} к билету — получите на площадке, предъявив этот билет`;
}

function labelled(doc: PDFKit.PDFDocument, label: string, value: string, x: number, y: number, width: number): number {
  doc.font('regular').fontSize(9).fillColor(MUTED).text(label.toUpperCase(), x, y, { width, characterSpacing: 0.5 });
  doc
    .font('bold')
    .fontSize(13)
    .fillColor(INK)
    .text(value, x, doc.y + 2, { width });
  return doc.y;
}

function drawTicket(doc: PDFKit.PDFDocument, input: TicketPdfInput, ticket: TicketView): void {
  const contentWidth = A4.width - MARGIN * 2;
  const qrSize = 170;
  const leftWidth = contentWidth - qrSize - 24;

  doc.font('bold').fontSize(16).fillColor(ACCENT).text('PARTERA', MARGIN, MARGIN, { lineBreak: false });
  doc
    .font('regular')
    .fontSize(11)
    .fillColor(MUTED)
    .text('Электронный билет', MARGIN, MARGIN + 4, { width: contentWidth, align: 'right' });
  doc
    .moveTo(MARGIN, MARGIN + 28)
    .lineTo(A4.width - MARGIN, MARGIN + 28)
    .lineWidth(1)
    .strokeColor('#eaecf0')
    .stroke();

  const top = MARGIN + 48;
  doc.font('bold').fontSize(24).fillColor(INK).text(ticket.showName, MARGIN, top, { width: leftWidth });
  if (ticket.ageMark > 0) doc.font('regular').fontSize(11).fillColor(MUTED).text(`${ticket.ageMark}+`);
  doc
    .font('bold')
    .fontSize(18)
    .fillColor(ACCENT)
    .text(formatDateTime(ticket.performanceDate, ticket.timeZone), MARGIN, doc.y + 10, { width: leftWidth });

  let y = doc.y + 16;
  y = labelled(doc, 'Площадка', `${ticket.buildingName}\n${ticket.buildingAddress}`, MARGIN, y, leftWidth) + 10;
  y = labelled(doc, 'Зал', ticket.hallName, MARGIN, y, leftWidth) + 10;
  const where = ticket.kind === 'entrance' ? `Входной билет\n${ticket.sectionName}` : describePlace(ticket);
  y = labelled(doc, 'Место', where, MARGIN, y, leftWidth) + 10;
  if (ticket.gifts > 0) y = labelled(doc, 'Подарки', giftsLine(ticket.gifts), MARGIN, y, leftWidth) + 10;
  const half = (leftWidth - 16) / 2;
  const priceBottom = labelled(doc, 'Цена', formatRoubles(ticket.price), MARGIN, y, half);
  const orderBottom = labelled(doc, 'Заказ', `№ ${input.order.number}`, MARGIN + half + 16, y, half);
  y = Math.max(priceBottom, orderBottom) + 10;
  y = labelled(doc, 'Покупатель', buyerName(input.order) || '—', MARGIN, y, leftWidth);

  const qrX = A4.width - MARGIN - qrSize;
  drawQr(doc, ticket.code, qrX, top, qrSize);
  doc
    .font('mono')
    .fontSize(14)
    .fillColor(INK)
    .text(ticket.code, qrX, top + qrSize + 6, { width: qrSize, align: 'center', characterSpacing: 1 });
  doc
    .font('regular')
    .fontSize(9)
    .fillColor(MUTED)
    .text('Код билета', qrX, doc.y + 2, { width: qrSize, align: 'center' });

  let rulesY = Math.max(y, doc.y) + 36;
  doc
    .moveTo(MARGIN, rulesY - 14)
    .lineTo(A4.width - MARGIN, rulesY - 14)
    .dash(4, { space: 4 })
    .strokeColor('#d0d5dd')
    .stroke()
    .undash();
  doc.font('bold').fontSize(11).fillColor(INK).text('Правила', MARGIN, rulesY, { width: contentWidth });
  rulesY = doc.y + 4;
  doc
    .font('regular')
    .fontSize(9.5)
    .fillColor(INK)
    .list([...RULES, `Вопросы о заказе: ${input.support.phone}, ${input.support.email}.`], MARGIN, rulesY, {
      width: contentWidth,
      bulletRadius: 1.5,
      paragraphGap: 3,
    });
  doc
    .font('regular')
    .fontSize(9)
    .fillColor(MUTED)
    .text('Билеты продаются без комиссии и сервисного сбора.', MARGIN, A4.height - MARGIN - 12, {
      width: contentWidth,
      align: 'center',
      lineBreak: false,
    });
}

/**
 * The e-ticket PDF: one A4 portrait page per ticket (several tickets give one document to print
 * at once). Text is embedded in a Cyrillic TrueType font, subset to the glyphs used.
 */
export function renderTicketsPdf(input: TicketPdfInput, fonts: PdfFonts = resolvePdfFonts()): Promise<Buffer> {
  if (input.tickets.length === 0) return Promise.reject(new Error('A ticket PDF needs at least one ticket'));
  const first = input.tickets[0]!;
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    autoFirstPage: false,
    info: {
      Title:
        input.tickets.length === 1
          ? `Билет ${first.code} — ${first.showName}`
          : `Билеты заказа № ${input.order.number}`,
      Author: 'Partera',
      Subject: first.showName,
    },
  });
  doc.registerFont('regular', fonts.regular);
  doc.registerFont('bold', fonts.bold);
  doc.registerFont('mono', fonts.mono);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  for (const ticket of input.tickets) {
    doc.addPage({ size: 'A4', margin: MARGIN });
    drawTicket(doc, input, ticket);
  }
  doc.end();
  return done;
}
