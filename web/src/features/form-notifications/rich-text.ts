/**
 * The rich-text field of the e-mail content: HTML source in a textarea with buttons that wrap
 * the selection in the tags the e-mail keeps and insert tokens at the caret. A source editor,
 * not a contentEditable one: what is stored is exactly what the user sees, tokens stay plain
 * text, and every control is an ordinary, labelled form control.
 */

/** Spec 000 sections 3 and 9: the editor presets and their heights in pixels. */
export const RICH_TEXT_PRESETS = {
  default: { minHeight: 200, maxHeight: 600 },
  simple: { minHeight: 100, maxHeight: 400 },
  registrationLabel: { minHeight: 100, maxHeight: 400 },
} as const;

export type RichTextPreset = keyof typeof RICH_TEXT_PRESETS;

/** A text with a selection [start, end). */
export interface Edit {
  text: string;
  start: number;
  end: number;
}

function clampSelection(text: string, start: number, end: number): [number, number] {
  const from = Math.max(0, Math.min(start, text.length));
  return [from, Math.max(from, Math.min(end, text.length))];
}

/** The selection wrapped in `before`/`after`; the wrapped text stays selected. */
export function wrapSelection(text: string, start: number, end: number, before: string, after: string): Edit {
  const [from, to] = clampSelection(text, start, end);
  return {
    text: text.slice(0, from) + before + text.slice(from, to) + after + text.slice(to),
    start: from + before.length,
    end: to + before.length,
  };
}

/** `insert` in place of the selection; the caret goes after it. */
export function insertAtSelection(text: string, start: number, end: number, insert: string): Edit {
  const [from, to] = clampSelection(text, start, end);
  const caret = from + insert.length;
  return { text: text.slice(0, from) + insert + text.slice(to), start: caret, end: caret };
}

/** The selected lines as a bullet list, one item per non-empty line. */
export function listSelection(text: string, start: number, end: number): Edit {
  const [from, to] = clampSelection(text, start, end);
  const items = text
    .slice(from, to)
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  const list = `<ul>\n${(items.length > 0 ? items : ['']).map((item) => `<li>${item}</li>`).join('\n')}\n</ul>`;
  return insertAtSelection(text, from, to, list);
}
