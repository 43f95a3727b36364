import { describe, expect, it } from 'vitest';
import raw from '../../../../domain/testdata/sanitize.json';
import { sanitizeSummaryHtml } from './sanitize';

interface Case {
  name: string;
  input: string;
  expected: string;
}

// The shared vectors; Rust runs the same file (domain/src/sanitize.rs).
const cases = raw as unknown as Case[];

describe('sanitizeSummaryHtml (domain/testdata/sanitize.json)', () => {
  it.each(cases)('$name', (c) => {
    expect(sanitizeSummaryHtml(c.input)).toBe(c.expected);
  });

  it.each(cases)('is stable when applied twice: $name', (c) => {
    const once = sanitizeSummaryHtml(c.input);
    expect(sanitizeSummaryHtml(once)).toBe(once);
  });
});
