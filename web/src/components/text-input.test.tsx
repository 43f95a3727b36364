import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { TextInput } from './text-input';

describe('TextInput', () => {
  it('is named by its label and described by its help, required and in error as TextField marks them', () => {
    render(<TextInput id="f" label="Onderwerp" required error helperText="Onderwerp is verplicht." defaultValue="" />);
    const field = screen.getByRole('textbox', { name: 'Onderwerp' });
    expect(field.id).toBe('f');
    expect(field.getAttribute('aria-describedby')).toBe('f-helper-text');
    expect(screen.getByText('Onderwerp is verplicht.').id).toBe('f-helper-text');
    expect((field as HTMLInputElement).required).toBe(true);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById('f-label')?.textContent).toContain('*');
  });

  it('keeps what is typed in a field it does not control', async () => {
    render(<TextInput id="mail" label="E-mailadres" type="email" name="email" defaultValue="" />);
    const field = screen.getByRole('textbox', { name: 'E-mailadres' }) as HTMLInputElement;
    await userEvent.setup().type(field, 'a@b.nl');
    expect(field.value).toBe('a@b.nl');
    expect(field.name).toBe('email');
  });

  it('is a native select of its options', async () => {
    function Choice() {
      const [value, setValue] = useState('');
      return (
        <TextInput id="c" label="Urgentie" select shrinkLabel name="urgentie" value={value} onChange={(event) => setValue(event.target.value)}>
          <option value="">Maak een keuze</option>
          <option value="hoog">Hoog</option>
        </TextInput>
      );
    }
    render(<Choice />);
    const select = screen.getByRole('combobox', { name: 'Urgentie' }) as HTMLSelectElement;
    expect(select.tagName).toBe('SELECT');
    expect(select.name).toBe('urgentie');
    await userEvent.setup().selectOptions(select, 'hoog');
    expect(select.value).toBe('hoog');
  });
});
