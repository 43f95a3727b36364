import { formatDisplayDate, formatPrice } from '@/lib/form-logic';

const pad = (n: number) => String(n).padStart(2, '0');

/** A moment in the device's time zone, in the value model's notations. */
export function localParts(date: Date): { date: string; time: string } {
  return {
    date: `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`,
    time: `${pad(date.getHours())}:${pad(date.getMinutes())}`,
  };
}

/**
 * A server timestamp (RFC 3339, UTC) as the user reads it: local time, 'DD MMM YYYY HH:mm' with
 * Dutch month names (spec 000 section 9). Unreadable input is shown as it came.
 */
export function formatTimestamp(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const { date: day, time } = localParts(date);
  return formatDisplayDate(`${day} ${time}`);
}

/** Spec 000 section 9: byte units use 1024, with 2 decimals. */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const text = unit === 0 ? String(value) : value.toFixed(2).replace('.', ',');
  return `${text} ${units[unit]}`;
}

/** Spec 002 section 9: prices are held in cents and shown in euros ('€ 1.234,50'). */
export function formatCents(cents: number): string {
  return formatPrice(cents / 100);
}

/**
 * Euros as a person types them ('12,50', '12.50', '€ 1.234,50', '12') in whole cents; undefined
 * for anything else, negative amounts included.
 */
export function parseEuros(text: string): number | undefined {
  let plain = text.replace(/€/g, '').replace(/\s+/g, '');
  if (plain === '') return undefined;
  // A comma is the decimal sign, dots before it group thousands; without a comma a dot
  // followed by one or two digits at the end is the decimal sign.
  if (plain.includes(',')) plain = plain.replace(/\./g, '').replace(',', '.');
  else if (!/^\d+\.\d{1,2}$/.test(plain)) plain = plain.replace(/\.(?=\d{3}(\.|$))/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(plain)) return undefined;
  const cents = Math.round(Number(plain) * 100);
  return Number.isSafeInteger(cents) ? cents : undefined;
}

/** Cents as the euros field of an edit form shows them: '12,50'. */
export function centsToEuroText(cents: number): string {
  return (cents / 100).toFixed(2).replace('.', ',');
}

/** A calendar day ('YYYY-MM-DD') as the user reads it: '26 nov 2028'. */
export function formatDay(day: string): string {
  return formatDisplayDate(day);
}

/**
 * The same calendar day `years` years after `day` ('YYYY-MM-DD'); 29 February becomes
 * 28 February, as the server does (domain::purchases::years_after).
 */
export function yearsAfter(day: string, years: number): string {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  const target = year + years;
  const lastOfMonth = new Date(Date.UTC(target, month, 0)).getUTCDate();
  return `${String(target).padStart(4, '0')}-${pad(month)}-${pad(Math.min(date, lastOfMonth))}`;
}

/** The calendar day `days` days before `day` ('YYYY-MM-DD'). */
export function daysBefore(day: string, days: number): string {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  const moved = new Date(Date.UTC(year, month - 1, date - days));
  return `${String(moved.getUTCFullYear()).padStart(4, '0')}-${pad(moved.getUTCMonth() + 1)}-${pad(moved.getUTCDate())}`;
}
