import type { ElementState, FormElement } from '@/lib/form-logic';

/** The heading sizes a builder offers (spec 000 section 3, header element's `component`). */
const AUTHORED = ['h1', 'h2', 'h3', 'h4'] as const;

/** The level of the size a builder chose for a heading element (1 for h1); 2 when it names none. */
export function authoredLevel(element: FormElement): number {
  const index = AUTHORED.findIndex((heading) => heading === element.component);
  return index < 0 ? 2 : index + 1;
}

/**
 * Each shown heading element's level in the page's outline, by name. The fields sit under a
 * heading of level `under` (the page's h1, or a dialog's or section's h2). A heading keeps the
 * level its builder chose where the outline allows it, but goes no higher than one below
 * `under` and skips no level after the heading before it: a screen reader's list of headings
 * then reads as a tree (WCAG 1.3.1), whatever sizes the builder picked. Hidden headings (rules)
 * are not on the page, so they do not count.
 */
export function headingLevels(schema: readonly FormElement[], states: Record<string, ElementState>, under: number): Record<string, number> {
  const levels: Record<string, number> = {};
  let previous = under;
  for (const element of schema) {
    const state = states[element.name];
    if (element.elementType !== 'header' || state?.hidden || state?.visuallyHidden) continue;
    previous = Math.min(Math.max(authoredLevel(element), under + 1), previous + 1);
    levels[element.name] = previous;
  }
  return levels;
}
