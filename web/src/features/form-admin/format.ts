import { formatTimestamp } from '@/lib/format';

/** Epoch ms of the admin API as the user reads it ('DD MMM YYYY HH:mm', local time). */
export function formatMs(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return '';
  return formatTimestamp(new Date(ms).toISOString());
}
