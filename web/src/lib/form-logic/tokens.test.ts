import { describe, expect, it } from 'vitest';
import raw from '../../../../domain/testdata/tokens.json';
import type { FormElement, FormValues, RegistrationMeta } from './form';
import { renderSummary, renderTokens } from './tokens';

interface Case {
  name: string;
  schema?: FormElement[];
  values?: FormValues;
  registration?: RegistrationMeta;
  template: string | null;
  html?: boolean;
  summary?: boolean;
  expected: string;
}

// The shared vectors; Rust runs the same file (domain/src/tokens.rs).
const cases = raw as unknown as Case[];

describe('renderTokens and renderSummary (domain/testdata/tokens.json)', () => {
  it.each(cases)('$name', (c) => {
    const ctx = { schema: c.schema ?? [], values: c.values ?? {}, registration: c.registration };
    const got = c.summary
      ? renderSummary(c.template, ctx)
      : renderTokens(c.template ?? '', ctx, { html: c.html ?? false });
    expect(got).toBe(c.expected);
  });
});
