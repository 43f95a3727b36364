import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Registration } from '@/lib/api/types';
import { ELEMENT_TYPES, type ElementType, type FormElement, type FormValues } from '@/lib/form-logic';
import { installFakeXhr, nextRequest } from '@/test/fake-xhr';
import { installShareSheet } from '@/test/share-sheet';
import { FillEnvironmentContext, type FillEnvironment } from '../fill-environment';
import { loadElements } from './deferred-elements';
import { elementComponent, elementRegistry } from './registry';

const options = [
  { value: 'centrum', label: 'Centrum' },
  { value: 'noord', label: 'Noord' },
  { value: 'oost', label: 'Oost' },
];

function environment(overrides: Partial<FillEnvironment> = {}): FillEnvironment {
  return {
    target: { kind: 'user', clientId: 'c1' },
    editSubformEntry: vi.fn(async () => null),
    fillLinkedForm: vi.fn(async () => null),
    assigneeName: (id) => (id === 'u-2' ? 'inspecteur@demo.eform.nl' : undefined),
    ...overrides,
  };
}

let rendered = 0;

/** Renders one element the way the form does and records every value it reports. */
function renderElement(element: FormElement, initial?: unknown, env = environment(), values: FormValues = {}) {
  const changes: unknown[] = [];
  // Several elements per test: each needs its own DOM id for its label.
  const id = `f${++rendered}-${element.name}`;
  function Harness() {
    const [value, setValue] = useState<unknown>(initial);
    const Component = elementComponent(element.elementType);
    return (
      <FillEnvironmentContext.Provider value={env}>
        <Component
          element={element}
          id={id}
          value={value}
          onChange={(next) => {
            changes.push(next);
            setValue(next);
          }}
          required={false}
          values={{ ...values, [element.name]: value }}
          entryErrors={{}}
        />
      </FillEnvironmentContext.Provider>
    );
  }
  render(<Harness />);
  return { changes, last: () => changes.at(-1) };
}

const el = (elementType: ElementType, extra: Partial<FormElement> = {}): FormElement => ({
  uuid: `u-${elementType}`,
  name: 'veld',
  label: 'Veld',
  elementType,
  ...extra,
});

// Every type renders at once here, as in a form whose loader brought its deferred types' code.
beforeAll(() => loadElements(ELEMENT_TYPES.map((type) => el(type))));

describe('element registry', () => {
  // jsdom has no canvas; the signature then draws nothing, which is all these tests need.
  beforeEach(() => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  });

  it('maps every type to its own component and a type it does not know to the notice', () => {
    for (const type of ELEMENT_TYPES) expect(elementComponent(type)).toBe(elementRegistry[type]);
    expect(Object.values(elementRegistry)).not.toContain(elementComponent('onbekend_type'));
  });

  it.each(ELEMENT_TYPES)('renders %s without failing', (type) => {
    const { container } = render(
      <FillEnvironmentContext.Provider value={environment()}>
        {(() => {
          const Component = elementComponent(type);
          return <Component element={el(type, { options, file: { url: '/icons/icon-192.png', name: 'icoon.png' } })} id="x" value={undefined} onChange={() => {}} required={false} values={{}} entryErrors={{}} />;
        })()}
      </FillEnvironmentContext.Provider>,
    );
    expect(container.firstChild).not.toBeNull();
  });

  it('shows a notice for types it does not know', () => {
    renderElement(el('onbekend_type' as ElementType));
    expect(screen.getByText('Dit onderdeel is nog niet beschikbaar in deze versie.')).toBeTruthy();
  });

  it('a state transition says where sending takes the registration, and to whom', () => {
    renderElement(el('stateTransition', { label: 'Naar inspecteur', next_phase: '2', assign_to_user: 'u-2' }));
    expect(
      screen.getByText('Bij versturen gaat deze registratie naar fase 2. Zij wordt toegewezen aan inspecteur@demo.eform.nl.'),
    ).toBeTruthy();
    renderElement(el('stateTransition', { label: 'Afronden', next_phase: '0' }));
    expect(screen.getByText('Versturen in deze fase rondt de registratie af.')).toBeTruthy();
  });
});

describe('value round trips', () => {
  it('text, textarea and email hold strings; empty is no answer', async () => {
    for (const type of ['text', 'textarea', 'email'] as const) {
      const { last } = renderElement(el(type, { label: type }), 'begin');
      const input = screen.getByLabelText(type) as HTMLInputElement;
      expect(input.value).toBe('begin');
      await userEvent.clear(input);
      expect(last()).toBeUndefined();
      await userEvent.type(input, 'a@b.nl');
      expect(last()).toBe('a@b.nl');
    }
  });

  it('a textarea has the rows of the element, 3 by default', () => {
    renderElement(el('textarea', { label: 'Standaard' }));
    renderElement(el('textarea', { label: 'Vier', rows: 4 }));
    expect(screen.getByLabelText('Standaard').getAttribute('rows')).toBe('3');
    expect(screen.getByLabelText('Vier').getAttribute('rows')).toBe('4');
  });

  it('number and decimal hold numbers; a decimal accepts a comma', async () => {
    const number = renderElement(el('number', { label: 'Aantal' }), 5);
    const numberInput = screen.getByLabelText('Aantal') as HTMLInputElement;
    expect(numberInput.value).toBe('5');
    await userEvent.clear(numberInput);
    await userEvent.type(numberInput, '12');
    expect(number.last()).toBe(12);

    const decimal = renderElement(el('decimal', { label: 'Prijs', number_formatter: 'price' }), 2.5);
    const decimalInput = screen.getByLabelText('Prijs') as HTMLInputElement;
    expect(decimalInput.value).toBe('2,5');
    await userEvent.clear(decimalInput);
    await userEvent.type(decimalInput, '3,');
    expect(decimalInput.value).toBe('3,');
    await userEvent.type(decimalInput, '5');
    expect(decimal.last()).toBe(3.5);
    await userEvent.type(decimalInput, 'x');
    expect(decimal.last()).toBe('3,5x');
  });

  it('date and time hold YYYY-MM-DD and HH:mm; datetime joins them', () => {
    const date = renderElement(el('date', { label: 'Datum' }), '2024-01-02');
    const dateInput = screen.getByLabelText('Datum') as HTMLInputElement;
    expect(dateInput.value).toBe('2024-01-02');
    fireEvent.change(dateInput, { target: { value: '2024-05-01' } });
    expect(date.last()).toBe('2024-05-01');

    const time = renderElement(el('time', { label: 'Tijd' }));
    fireEvent.change(screen.getByLabelText('Tijd'), { target: { value: '10:30' } });
    expect(time.last()).toBe('10:30');

    const datetime = renderElement(el('datetime', { label: 'Moment' }), '2024-01-02 08:00');
    expect((screen.getByLabelText('Moment (datum)') as HTMLInputElement).value).toBe('2024-01-02');
    expect((screen.getByLabelText('Moment (tijd)') as HTMLInputElement).value).toBe('08:00');
    fireEvent.change(screen.getByLabelText('Moment (tijd)'), { target: { value: '09:15' } });
    expect(datetime.last()).toBe('2024-01-02 09:15');
  });

  it('checkbox_single holds a boolean', async () => {
    const { last } = renderElement(el('checkbox_single', { label: 'Akkoord' }));
    await userEvent.click(screen.getByLabelText('Akkoord'));
    expect(last()).toBe(true);
    await userEvent.click(screen.getByLabelText('Akkoord'));
    expect(last()).toBe(false);
  });

  it('checkbox_multiple holds the chosen option values and shows at most 50 options', async () => {
    const { last } = renderElement(el('checkbox_multiple', { options }), ['noord']);
    expect((screen.getByLabelText('Noord') as HTMLInputElement).checked).toBe(true);
    await userEvent.click(screen.getByLabelText('Oost'));
    expect(last()).toEqual(['noord', 'oost']);
    await userEvent.click(screen.getByLabelText('Noord'));
    await userEvent.click(screen.getByLabelText('Oost'));
    expect(last()).toBeUndefined();

    const many = Array.from({ length: 60 }, (_, i) => ({ value: `o${i}`, label: `Optie ${i}` }));
    renderElement(el('checkbox_multiple', { name: 'veel', label: 'Veel', options: many }));
    const group = screen.getByRole('group', { name: 'Veel' });
    expect(within(group).getAllByRole('checkbox')).toHaveLength(50);
    expect(screen.getByText('De eerste 50 van 60 opties worden getoond.')).toBeTruthy();
  });

  it('radio and select hold one option value', async () => {
    const radio = renderElement(el('radio', { label: 'Wijk', options }));
    await userEvent.click(screen.getByLabelText('Oost'));
    expect(radio.last()).toBe('oost');

    const select = renderElement(el('select', { label: 'Keuze', options }), 'noord');
    const box = screen.getByLabelText('Keuze') as HTMLSelectElement;
    expect(box.value).toBe('noord');
    await userEvent.selectOptions(box, 'centrum');
    expect(select.last()).toBe('centrum');
    await userEvent.selectOptions(box, '');
    expect(select.last()).toBeUndefined();
  });

  it('autocomplete matches labels case-insensitively by substring and holds the option value', async () => {
    const { last } = renderElement(el('autocomplete', { label: 'Wijk', options }));
    await userEvent.type(screen.getByLabelText('Wijk'), 'OR');
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).getAllByRole('option').map((option) => option.textContent)).toEqual(['Noord']);
    await userEvent.click(within(listbox).getByText('Noord'));
    expect(last()).toBe('noord');
  });

  it('file holds the upload answers; a removed file leaves the list', async () => {
    const sent = installFakeXhr();
    const { last } = renderElement(el('file', { label: 'Bijlage' }));
    await userEvent.upload(screen.getByLabelText('Bijlage'), new File(['inhoud'], 'rapport.pdf', { type: 'application/pdf' }));
    const xhr = await nextRequest(sent, 0);
    expect(xhr.url).toBe('/api/file-upload/form?client_id=c1');
    const answer = { fid: 'f1', url: '/api/client/c1/file/f1', filename: 'rapport.pdf', filemime: 'application/pdf', filesize: 6 };
    await act(async () => xhr.respond(200, answer));
    expect(last()).toEqual([answer]);
    expect(screen.getByText('rapport.pdf')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'rapport.pdf verwijderen' }));
    expect(last()).toBeUndefined();
  });

  it('a failed upload names the file; it can be retried, and a photo saved on the device', async () => {
    const sent = installFakeXhr();
    renderElement(el('file', { label: 'Bijlage' }));
    await userEvent.upload(screen.getByLabelText('Bijlage'), new File(['inhoud'], 'rapport.pdf', { type: 'application/pdf' }));
    await act(async () => (await nextRequest(sent, 0)).respond(500, {}));
    expect(screen.getByText('Bestand kon niet geupload worden. Probeer het opnieuw. Filename: rapport.pdf')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'rapport.pdf opslaan op dit apparaat' })).toBeNull();
    cleanup();

    const { last } = renderElement(el('image', { label: 'Foto' }));
    const input = screen.getByLabelText('Foto') as HTMLInputElement;
    expect(input.accept).toBe('image/*');
    // webp is not resized, so no canvas is needed here.
    const photo = new File(['x'], 'foto.webp', { type: 'image/webp' });
    await userEvent.upload(input, photo);
    await act(async () => (await nextRequest(sent, 1)).respond(500, {}));
    expect(screen.getByText('Bestand kon niet geupload worden. Probeer het opnieuw.')).toBeTruthy();
    // jsdom, like a desktop browser on Linux, has no share sheet.
    const save = screen.getByRole('button', { name: 'foto.webp opslaan op dit apparaat' });
    expect(save.textContent).toBe('Bestand opslaan');
    await userEvent.click(save);
    expect(await screen.findByText('Uw browser ondersteunt de Web Share API niet.')).toBeTruthy();
    const share = vi.fn(() => Promise.resolve());
    const removeShareSheet = installShareSheet(share, () => true);
    try {
      await userEvent.click(save);
      await waitFor(() => expect(screen.queryByText('Uw browser ondersteunt de Web Share API niet.')).toBeNull());
      expect(share).toHaveBeenCalledWith({ files: [photo] });
    } finally {
      removeShareSheet();
    }
    await userEvent.click(screen.getByRole('button', { name: 'Opnieuw proberen' }));
    const retry = await nextRequest(sent, 2);
    expect(new URL(retry.url, 'http://localhost').searchParams.get('kind')).toBe('image');
    const answer = { fid: 'f2', url: '/api/client/c1/file/f2', filename: 'foto.webp', filemime: 'image/webp', filesize: 1 };
    await act(async () => retry.respond(200, answer));
    expect(last()).toEqual([answer]);
  });

  it('useOnlyCamera opens the rear camera', () => {
    renderElement(el('image', { label: 'Camera', useOnlyCamera: true }));
    expect(screen.getByLabelText('Camera').getAttribute('capture')).toBe('environment');
  });

  it('signature holds a PNG data URL under handtekening.png; Wissen empties it', () => {
    const context = { clearRect: vi.fn(), beginPath: vi.fn(), moveTo: vi.fn(), lineTo: vi.fn(), stroke: vi.fn(), drawImage: vi.fn() };
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(context as unknown as CanvasRenderingContext2D);
    vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue('data:image/png;base64,AAAA');
    HTMLCanvasElement.prototype.setPointerCapture = vi.fn();
    const { last } = renderElement(el('signature', { label: 'Handtekening', signatureSize: 'big' }));
    const canvas = screen.getByRole('img', { name: 'Tekenvlak voor Handtekening' });
    expect(canvas.getAttribute('width')).toBe('700');
    fireEvent.pointerDown(canvas, { clientX: 10, clientY: 10, pointerId: 1 });
    fireEvent.pointerMove(canvas, { clientX: 20, clientY: 15, pointerId: 1 });
    fireEvent.pointerUp(canvas, { clientX: 20, clientY: 15, pointerId: 1 });
    expect(last()).toEqual([{ filename: 'handtekening.png', base64: 'data:image/png;base64,AAAA' }]);
    fireEvent.click(screen.getByRole('button', { name: 'Wissen' }));
    expect(last()).toBeUndefined();
  });

  it('subform entries are added and edited through the modal and numbered from 1', async () => {
    const editSubformEntry = vi
      .fn<FillEnvironment['editSubformEntry']>()
      .mockResolvedValueOnce({ post: 'Verf', bedrag: 12 })
      .mockResolvedValueOnce({ post: 'Kwast', bedrag: 3 });
    const subform = el('subform', {
      label: 'Posten',
      subform: { schema: [{ name: 'post', label: 'Post', elementType: 'text' }, { name: 'bedrag', label: 'Bedrag', elementType: 'decimal' }] },
    });
    const { last } = renderElement(subform, [{ post: 'Hout', bedrag: 5, subform_index: 1 }], environment({ editSubformEntry }));
    expect(screen.getByText('Hout · 5')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Toevoegen' }));
    expect(editSubformEntry).toHaveBeenLastCalledWith(subform, null);
    expect(last()).toEqual([
      { post: 'Hout', bedrag: 5, subform_index: 1 },
      { post: 'Verf', bedrag: 12, subform_index: 2 },
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Posten 1: Bewerken' }));
    expect(last()).toEqual([
      { post: 'Kwast', bedrag: 3, subform_index: 1 },
      { post: 'Verf', bedrag: 12, subform_index: 2 },
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Posten 1: Verwijderen' }));
    expect(last()).toEqual([{ post: 'Verf', bedrag: 12, subform_index: 1 }]);
  });

  it('linkedForm stores the registration id and serial number of the linked form', async () => {
    const fillLinkedForm = vi.fn(async () => ({ _id: 'r9', registration_serial_number: 9 }) as Registration);
    const { last } = renderElement(el('linkedForm', { label: 'Gekoppeld', formId: 'f2' }), undefined, environment({ fillLinkedForm }));
    await userEvent.click(screen.getByRole('button', { name: 'Formulier invullen' }));
    expect(fillLinkedForm).toHaveBeenCalledWith('f2');
    expect(last()).toEqual({ registration_id: 'r9', serial_number: 9 });
    expect(screen.getByText('Gekoppelde registratie 9 is verstuurd.')).toBeTruthy();
  });

  it('calculation shows the live result, a note while incomplete and Fout on errors', () => {
    const formula = '$aantal$ * $prijs$';
    renderElement(el('calculation', { name: 'totaal', label: 'Totaal', formula, number_formatter: 'price' }), undefined, environment(), { aantal: 5, prijs: 2.5 });
    expect((screen.getByLabelText('Totaal') as HTMLInputElement).value).toBe('€ 12,50');
    renderElement(el('calculation', { name: 'half', label: 'Half', formula }), undefined, environment(), { aantal: 5 });
    expect((screen.getByLabelText('Half') as HTMLInputElement).value).toBe('Berekening wordt nog niet uitgevoerd omdat niet alle velden zijn ingevuld.');
    renderElement(el('calculation', { name: 'fout', label: 'Fout?', formula: '$aantal$ /' }), undefined, environment(), { aantal: 5 });
    expect((screen.getByLabelText('Fout?') as HTMLInputElement).value).toBe('Fout');
  });

  it('computed shows the text the form read out of the watched element', () => {
    renderElement(el('computed', { label: 'Aantal lampen', parserType: 'lamp_amount' }), '2');
    expect((screen.getByLabelText('Aantal lampen') as HTMLInputElement).value).toBe('2');
    expect((screen.getByLabelText('Aantal lampen') as HTMLInputElement).readOnly).toBe(true);
  });

  it('autoIncrement says the server assigns it', () => {
    renderElement(el('autoIncrement', { label: 'Volgnummer' }));
    expect((screen.getByLabelText('Volgnummer') as HTMLInputElement).value).toBe('(wordt toegekend bij versturen)');
  });

  it('layout elements: heading level, sanitized static text, image and download link', () => {
    renderElement(el('header', { label: 'Kop', component: 'h3' }));
    expect(screen.getByRole('heading', { level: 3, name: 'Kop' })).toBeTruthy();
    const { changes } = renderElement(el('staticText', { staticText: '<p>Hallo <strong>wereld</strong></p><script>alert(1)</script>' }));
    expect(screen.getByText('wereld').tagName).toBe('STRONG');
    expect(document.querySelector('script')).toBeNull();
    expect(changes).toEqual([]);
    renderElement(el('imageTag', { label: 'Logo', file: { url: '/icons/icon-192.png', name: 'logo.png' }, image: { width: 96, height: 96 } }));
    expect(screen.getByRole('img', { name: 'Logo' }).getAttribute('src')).toBe('/icons/icon-192.png');
    renderElement(el('staticFile', { label: 'Handleiding', file: { url: '/icons/icon-512.png', name: 'handleiding.png' } }));
    expect(screen.getByRole('link', { name: 'handleiding.png' }).getAttribute('href')).toBe('/icons/icon-512.png');
  });
});
