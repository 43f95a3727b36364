import { describe, expect, it } from 'vitest';
import raw from '../../../../domain/testdata/element-types.json';
import { canBeRequired, ELEMENT_TYPES } from './form';

interface TypeCase {
  name: string;
  type: string;
  can_be_required: boolean;
}

// The shared vectors; Rust runs the same file (domain/src/form.rs).
const cases = raw as TypeCase[];

describe('canBeRequired (domain/testdata/element-types.json)', () => {
  it.each(cases)('$name', (c) => {
    expect(canBeRequired(c.type)).toBe(c.can_be_required);
  });

  it('has a case for every element type', () => {
    const covered = new Set(cases.map((c) => c.type));
    expect(ELEMENT_TYPES.filter((type) => !covered.has(type))).toEqual([]);
  });
});
