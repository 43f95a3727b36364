import { describe, expect, it } from 'vitest';
import type { FormElement } from '@/lib/form-logic';
import { authoredLevel, headingLevels } from './heading-levels';

const heading = (name: string, component?: FormElement['component']): FormElement =>
  ({ name, elementType: 'header', label: name, component }) as FormElement;
const field = (name: string): FormElement => ({ name, elementType: 'text', label: name }) as FormElement;

describe('headingLevels', () => {
  it("keeps the builder's levels where the outline allows them", () => {
    const schema = [heading('a', 'h2'), field('x'), heading('b', 'h3'), heading('c', 'h2')];
    expect(headingLevels(schema, {}, 1)).toEqual({ a: 2, b: 3, c: 2 });
  });

  it('puts an h1 under the page title and lets no heading skip a level', () => {
    const schema = [heading('a', 'h1'), heading('b', 'h4'), heading('c', 'h4'), heading('d', 'h3')];
    expect(headingLevels(schema, {}, 1)).toEqual({ a: 2, b: 3, c: 4, d: 3 });
  });

  it("starts below the dialog's or section's heading the fields sit under", () => {
    expect(headingLevels([heading('a', 'h1'), heading('b', 'h2'), heading('c', 'h4')], {}, 2)).toEqual({ a: 3, b: 3, c: 4 });
  });

  it('leaves hidden headings out of the outline', () => {
    const schema = [heading('a', 'h2'), heading('b', 'h3'), heading('c', 'h4')];
    expect(headingLevels(schema, { b: { hidden: true, visuallyHidden: false } }, 1)).toEqual({ a: 2, c: 3 });
  });

  it('takes h2 for a heading whose builder chose no size', () => {
    expect(authoredLevel(heading('a'))).toBe(2);
    expect(headingLevels([heading('a'), heading('b', 'h3')], {}, 1)).toEqual({ a: 2, b: 3 });
  });
});
