import { describe, expect, it } from 'vitest';
import type { FormElement } from '@/lib/form-logic';
import { savedSummary } from './saved-summary';

const schema: FormElement[] = [
  { name: 'omschrijving', label: 'Omschrijving', elementType: 'text' },
  { name: 'soort', label: 'Soort', elementType: 'select', options: [{ value: 'lamp', label: 'Lantaarnpaal' }] },
];
// Local time, as the device shows it.
const savedAt = new Date(2026, 2, 5, 14, 7, 30);

describe('savedSummary', () => {
  it("renders the form's template with the values and the registration tokens of the save", () => {
    const form = {
      form_name: 'Demo melding',
      schema,
      form_summary:
        '<p><strong>$soort$</strong>: $omschrijving$ ($registratie.formuliernaam$, $registratie.invuller$, $registratie.registratiedatum$)$registratie.serienummer$</p>',
    };
    expect(savedSummary(form, { omschrijving: 'Kapot <glas>', soort: 'lamp' }, 'invuller', savedAt)).toBe(
      '<p><strong>Lantaarnpaal</strong>: Kapot &lt;glas&gt; (Demo melding, invuller, 05 mrt 2026 14:07)</p>',
    );
  });

  it('tells two saves of one form apart by their values', () => {
    const form = { form_name: 'Demo melding', schema, form_summary: '$omschrijving$' };
    expect(savedSummary(form, { omschrijving: 'Eerste' }, 'invuller', savedAt)).not.toBe(
      savedSummary(form, { omschrijving: 'Tweede' }, 'invuller', savedAt),
    );
  });

  it('without a template shows the save time alone: there is no serial number yet', () => {
    for (const template of [null, '', '   ']) {
      expect(savedSummary({ form_name: 'Demo melding', schema, form_summary: template }, {}, 'invuller', savedAt)).toBe('05 mrt 2026 14:07');
    }
  });

  it('leaves the user out when the session does not know the username', () => {
    const form = { form_name: 'F', schema, form_summary: 'door $registratie.invuller$.' };
    expect(savedSummary(form, {}, undefined, savedAt)).toBe('door .');
  });
});
