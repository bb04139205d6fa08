/** The start of a performance in the venue's time (the demo's venues are all in Moscow). */
const start = new Intl.DateTimeFormat('ru-RU', {
  day: 'numeric',
  month: 'long',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/Moscow',
});

export const formatStart = (iso: string): string => start.format(new Date(iso));
