import { describe, expect, it } from 'vitest';
import raw from '../../../../domain/testdata/element-types.json';
import type { FormElement } from '@/lib/form-logic';
import { nl } from '@/messages/nl';
import { checkElement } from './validation';

interface TypeCase {
  name: string;
  type: FormElement['elementType'];
  can_be_required: boolean;
  filled?: unknown;
}

// The shared cases; the server runs the same file (domain/src/submission.rs), so a required
// element the fill-in lets through is one the server accepts, type by type.
const requirable = (raw as TypeCase[]).filter((c) => c.can_be_required);

describe('required elements (domain/testdata/element-types.json)', () => {
  it.each(requirable)('$name: the value its input gives passes, empty is required', (c) => {
    const element: FormElement = {
      name: 'veld',
      label: 'Veld',
      elementType: c.type,
      validation: [{ name: 'required' }],
      options: [{ value: 'a', label: 'A' }],
    };
    expect(c.filled).toBeDefined();
    expect(checkElement(element, c.filled)).toBeUndefined();
    expect(checkElement(element, undefined)).toBe(nl.validation.required);
  });
});
