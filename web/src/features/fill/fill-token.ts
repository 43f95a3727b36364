/**
 * A fill token identifies one registration from the moment its form is opened: the server
 * answers a resend with the same token and the same data with the original registration, so a
 * retry after a lost answer never makes a duplicate (spec 000 section 8).
 */
export function newFillToken(): string {
  // randomUUID exists only in secure contexts; an app served over plain http on a LAN still works.
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
