/**
 * The server counts days in Europe/Amsterdam (`domain::dates`): the daily reports, a credit
 * bundle's last day, the credit charts' months. A device in another zone, or a browser left
 * on UTC, can be on the day before or after for some hours, so wherever the device's clock
 * meets one of those days it asks for the server's day, not its own.
 *
 * No imports: the end-to-end scenarios use it as well.
 */
const SERVER_DAYS = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Amsterdam',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today as the server dates it: 'YYYY-MM-DD' in Amsterdam. */
export function serverToday(now: Date = new Date()): string {
  const parts = SERVER_DAYS.formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}
