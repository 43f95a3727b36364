import { formatDisplayDate } from '@/lib/form-logic';

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
