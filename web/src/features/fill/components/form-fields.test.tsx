import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FormElement } from '@/lib/form-logic';
import { FormFields } from './form-fields';

const heading = (name: string, component: FormElement['component']): FormElement =>
  ({ name, elementType: 'header', label: name, component }) as FormElement;

describe('FormFields', () => {
  it("renders the builder's headings as an outline without skipped levels, below the heading it sits under", () => {
    const schema = [heading('Melding', 'h3'), heading('Plaats', 'h4'), heading('Foto', 'h1')];
    const { unmount } = render(<FormFields schema={schema} values={{}} states={{}} errors={{}} onChange={() => undefined} idPrefix="p" under={1} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Melding' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: 'Plaats' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Foto' })).toBeTruthy();
    unmount();
    render(<FormFields schema={schema} values={{}} states={{}} errors={{}} onChange={() => undefined} idPrefix="d" under={2} />);
    expect(screen.getByRole('heading', { level: 3, name: 'Melding' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 4, name: 'Plaats' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: 'Foto' })).toBeTruthy();
  });
});
