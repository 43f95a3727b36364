import type { ElementType } from '@/lib/form-logic';

/**
 * Element types of later versions (maps, location, tracking, QR codes).
 * They render a notice instead of an input and are not validated, so a form that contains one
 * can still be sent.
 */
const LATER_TYPES = ['map', 'gps', 'tracking', 'qrCodeScanner', 'computed'] as const;

export type SupportedType = Exclude<ElementType, (typeof LATER_TYPES)[number]>;

const LATER: ReadonlySet<string> = new Set(LATER_TYPES);

export function isSupportedType(type: string): type is SupportedType {
  return !LATER.has(type);
}
