import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { setAuthenticated } from '@/lib/auth/session';
import { canBeRequired, type FormElement } from '@/lib/form-logic';
import { installFakeServer, json } from '@/test/fake-server';
import { storedSession } from '@/test/fixtures';
import { EditorContext, type EditorContextValue } from '../editor-context';
import { EDITOR_TYPES, newElement, typeLabel } from '../element-types';
import { ElementEditDialog } from './element-edit-dialog';

vi.setConfig({ testTimeout: 30_000 });

const context: EditorContextValue = {
  clientId: 'c1',
  formId: 'f1',
  admin: true,
  modules: [],
  favourites: [],
  rules: [],
  saveFavourite: async () => true,
  removeFavourite: async () => {},
};

function server() {
  installFakeServer({
    'GET /api/form/f1/assigned-users': () => json(200, [{ user_id: 'u7', email: 'zeven@demo.eform.nl' }]),
    'GET /api/datasource/list/map_features/c1': () => json(200, [{ id: 'ds1', name: 'Lantaarnpalen' }]),
    'GET /api/datasource/list/search/c1': () => json(200, [{ id: 'ds2', name: 'Adressen' }]),
    'GET /api/forms/published/c1': () => json(200, [{ form: { form_id: 'f2', form_name: 'Melding' } }]),
  });
}

function renderDialog(element: FormElement, onDone = vi.fn()) {
  render(
    <EditorContext.Provider value={context}>
      <ElementEditDialog element={element} isNew otherNames={['bestaand']} depth={0} onDone={onDone} onCancel={vi.fn()} />
    </EditorContext.Provider>,
  );
  return onDone;
}

describe('ElementEditDialog', () => {
  it('offers the required switch, on for a new element, only for types the fill-in can demand', () => {
    server();
    setAuthenticated(storedSession());
    const withSwitch: string[] = [];
    for (const type of EDITOR_TYPES) {
      const { unmount } = render(
        <EditorContext.Provider value={context}>
          <ElementEditDialog element={newElement(type, [])} isNew otherNames={[]} depth={0} onDone={vi.fn()} onCancel={vi.fn()} />
        </EditorContext.Provider>,
      );
      const required = screen.queryByRole('checkbox', { name: 'Verplicht' }) as HTMLInputElement | null;
      if (required) {
        expect(required.checked, type).toBe(true);
        withSwitch.push(type);
      }
      unmount();
    }
    expect(withSwitch).toEqual(EDITOR_TYPES.filter((type) => canBeRequired(type)));
    for (const type of ['map', 'gps', 'search', 'tracking', 'qrCodeScanner']) expect(withSwitch).toContain(type);
    for (const type of ['linkedForm', 'subform', 'computed']) expect(withSwitch).not.toContain(type);
  });

  it('opens for every element type of section 3 with a labelled label or header field', () => {
    server();
    setAuthenticated(storedSession());
    for (const type of EDITOR_TYPES) {
      const { unmount } = render(
        <EditorContext.Provider value={context}>
          <ElementEditDialog element={newElement(type, [])} isNew otherNames={[]} depth={0} onDone={vi.fn()} onCancel={vi.fn()} />
        </EditorContext.Provider>,
      );
      const dialog = screen.getByRole('dialog', { name: `${typeLabel(type)} bewerken` });
      expect(within(dialog).getByRole('textbox', { name: type === 'header' ? /^Koptekst(\s*\*)?$/ : /^Label(\s*\*)?$/ })).toBeTruthy();
      expect(within(dialog).getByRole('textbox', { name: /^Datanaam/ })).toBeTruthy();
      unmount();
    }
  });

  it('turns a comma in the formula into a dot and requires the formula', async () => {
    server();
    const user = userEvent.setup();
    const onDone = renderDialog(newElement('calculation', []));
    await user.click(screen.getByRole('button', { name: 'Klaar' }));
    expect(screen.getByText('Formule is verplicht.')).toBeTruthy();
    expect(onDone).not.toHaveBeenCalled();
    await user.type(screen.getByRole('textbox', { name: /^Formule/ }), 'aantal * 2,5');
    expect((screen.getByRole('textbox', { name: /^Formule/ }) as HTMLInputElement).value).toBe('aantal * 2.5');
    await user.click(screen.getByRole('button', { name: 'Klaar' }));
    expect(onDone).toHaveBeenCalledWith(expect.objectContaining({ formula: 'aantal * 2.5' }));
  });

  it('checks option values and labels and warns about duplicates', async () => {
    server();
    const user = userEvent.setup();
    const onDone = renderDialog(newElement('checkbox_multiple', []));
    const third = screen.getByRole('textbox', { name: 'Waarde van optie 3' });
    await user.clear(third);
    await user.type(third, 'first');
    expect(screen.getByText('Deze waarde komt vaker voor.')).toBeTruthy();
    await user.clear(third);
    await user.type(third, 'Derde!');
    await user.click(screen.getByRole('button', { name: 'Klaar' }));
    expect(
      screen.getByText('Gebruik alleen kleine letters, cijfers, een punt (.) en een underscore (_).'),
    ).toBeTruthy();
    expect(onDone).not.toHaveBeenCalled();
  });

  it('marks an unticked element optional and keeps min and max in the validation rules', async () => {
    server();
    const user = userEvent.setup();
    const onDone = renderDialog(newElement('text', []));
    await user.click(screen.getByRole('checkbox', { name: 'Verplicht' }));
    await user.type(screen.getByRole('textbox', { name: 'Minimaal aantal tekens' }), '5');
    await user.type(screen.getByRole('textbox', { name: 'Maximaal aantal tekens' }), '2');
    await user.click(screen.getByRole('button', { name: 'Klaar' }));
    expect(screen.getByText('Het maximum mag niet kleiner zijn dan het minimum.')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Maximaal aantal tekens' }), '0');
    await user.click(screen.getByRole('button', { name: 'Klaar' }));
    expect(onDone).toHaveBeenCalledWith(
      expect.objectContaining({ validation: [{ name: 'minLength', value: 5 }, { name: 'maxLength', value: 20 }] }),
    );
  });

  it('checks the map centre and zoom, and the gps accuracy range', async () => {
    server();
    const user = userEvent.setup();
    const onDone = renderDialog(newElement('gps', []));
    const lat = screen.getByRole('textbox', { name: /^Breedtegraad/ });
    await user.clear(lat);
    await user.type(lat, '91');
    const accuracy = screen.getByRole('spinbutton', { name: /^Minimale nauwkeurigheid/ });
    await user.clear(accuracy);
    await user.type(accuracy, '250');
    await user.click(screen.getByRole('button', { name: 'Klaar' }));
    expect(screen.getByText('Vul een breedtegraad tussen -90 en 90 in (maximaal 18 decimalen).')).toBeTruthy();
    expect(screen.getByText('Vul een nauwkeurigheid van 0 tot en met 200 meter in.')).toBeTruthy();
    await user.clear(lat);
    await user.type(lat, '52,123456789012345678');
    await user.clear(accuracy);
    await user.type(accuracy, '25');
    await user.click(screen.getByRole('button', { name: 'Klaar' }));
    expect(onDone).toHaveBeenCalledWith(
      expect.objectContaining({ mapSettings: expect.objectContaining({ center: { lat: '52.123456789012345678', lon: 5.387 }, minAccuracy: 25 }) }),
    );
  });

  it('offers the two parser types of a computed element', async () => {
    server();
    const user = userEvent.setup();
    const onDone = renderDialog(newElement('computed', []));
    await user.click(screen.getByRole('combobox', { name: 'Soort verwerking' }));
    const choices = screen.getAllByRole('option').map((option) => option.textContent);
    expect(choices).toEqual(expect.arrayContaining(['Aantal lampen (regel 14)', 'Kleurtemperatuur (regel 17)']));
    await user.click(screen.getByRole('option', { name: 'Kleurtemperatuur (regel 17)' }));
    await user.click(screen.getByRole('button', { name: 'Klaar' }));
    expect(onDone).toHaveBeenCalledWith(expect.objectContaining({ parserType: 'color_temperature' }));
  });

  it('offers the assignable users for a state transition, with 0 for nobody', async () => {
    server();
    const user = userEvent.setup();
    const onDone = renderDialog(newElement('stateTransition', []));
    await user.click(await screen.findByRole('combobox', { name: 'Volgende fase' }));
    await user.click(screen.getByRole('option', { name: 'Fase 2' }));
    await user.click(screen.getByRole('combobox', { name: 'Toewijzen aan gebruiker' }));
    await user.click(await screen.findByRole('option', { name: 'zeven@demo.eform.nl' }));
    await user.click(screen.getByRole('button', { name: 'Klaar' }));
    expect(onDone).toHaveBeenCalledWith(expect.objectContaining({ next_phase: '2', assign_to_user: 'u7' }));
  });

  it('edits the map switches, the guest map link and feature actions, keeping untouched settings', async () => {
    server();
    const user = userEvent.setup();
    const map = newElement('map', []);
    const onDone = renderDialog({ ...map, mapSettings: { ...(map.mapSettings as Record<string, unknown>), tracking: { kept: true } } });
    await user.click(screen.getByRole('checkbox', { name: 'Datakolommen tonen' }));
    await user.click(screen.getByRole('checkbox', { name: 'Filter op status tonen' }));
    await user.click(screen.getByRole('switch', { name: 'Gastkaart inschakelen' }));
    expect(screen.getByText(/\/guest\/map\/f1\/kaart\. De link werkt pas nadat het formulier is opgeslagen\.$/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Kaartactie toevoegen' }));
    await user.click(screen.getByRole('button', { name: 'Voorwaarde toevoegen aan kaartactie 1' }));
    await user.click(screen.getByRole('button', { name: 'Klaar' }));
    expect(screen.getByText('Element is verplicht.')).toBeTruthy();
    expect(screen.getByText('Status is verplicht.')).toBeTruthy();
    expect(onDone).not.toHaveBeenCalled();

    await user.click(screen.getByRole('combobox', { name: /^Element van voorwaarde 1\.2/ }));
    await user.click(screen.getByRole('option', { name: 'bestaand' }));
    await user.type(screen.getByRole('textbox', { name: /^Is gelijk aan \(voorwaarde 1\.2\)/ }), 'ja');
    await user.click(screen.getByRole('combobox', { name: /^Voorwaarden van kaartactie 1/ }));
    await user.click(screen.getByRole('option', { name: 'Een van de voorwaarden (OF)' }));
    await user.type(screen.getByRole('textbox', { name: /^Nieuwe status bij actie 1\.1/ }), 'closed');
    await user.click(screen.getByRole('button', { name: 'Actie toevoegen aan kaartactie 1' }));
    await user.click(screen.getByRole('combobox', { name: /^Actie 1\.2/ }));
    await user.click(screen.getByRole('option', { name: 'Waarde in de databron zetten' }));
    await user.type(screen.getByRole('textbox', { name: /^Kolom van de databron bij actie 1\.2/ }), 'kapot');
    await user.click(screen.getByRole('button', { name: 'Klaar' }));
    expect(onDone).toHaveBeenCalledWith(
      expect.objectContaining({
        mapSettings: expect.objectContaining({
          showDataColumns: true,
          show_status_filters: true,
          guest_map_enabled: true,
          tracking: { kept: true },
          featureStyles: [
            { status: 'open', color: '#3399CC' },
            { status: 'closed', color: '#e20000' },
          ],
          featureActions: [
            {
              conditions: [{ conditionType: 'always' }, { conditionType: 'dataValue', dataName: 'bestaand', operator: '=', dataValue: 'ja' }],
              conditionMethod: 'or',
              actions: [
                { actionType: 'setStatus', status: 'closed' },
                { actionType: 'setValueDatasource', datasource_column: 'kapot', datasource_value: '' },
              ],
            },
          ],
        }),
      }),
    );
  });

  it('edits the item styles of a search element and keeps its datasource', async () => {
    server();
    const user = userEvent.setup();
    const onDone = renderDialog({ ...newElement('search', []), searchSettings: { datasourceId: 'ds2', itemAction: 'setHidden' } });
    await user.click(screen.getByRole('button', { name: 'Tekst toevoegen' }));
    await user.type(screen.getByRole('textbox', { name: /^Tekst 1/ }), 'open');
    await user.type(screen.getByRole('textbox', { name: /^Kleur van tekst 1/ }), 'groen');
    await user.click(screen.getByRole('button', { name: 'Klaar' }));
    expect(screen.getByText('Vul een kleur in als #RRGGBB.')).toBeTruthy();
    expect(onDone).not.toHaveBeenCalled();
    await user.clear(screen.getByRole('textbox', { name: /^Kleur van tekst 1/ }));
    await user.type(screen.getByRole('textbox', { name: /^Kleur van tekst 1/ }), '#00AA00');
    await user.click(screen.getByRole('button', { name: 'Tekst 1 verwijderen' }));
    await user.click(screen.getByRole('button', { name: 'Tekst toevoegen' }));
    await user.type(screen.getByRole('textbox', { name: /^Tekst 1/ }), 'dicht');
    await user.type(screen.getByRole('textbox', { name: /^Kleur van tekst 1/ }), '#e20000');
    await user.click(screen.getByRole('button', { name: 'Klaar' }));
    expect(onDone).toHaveBeenCalledWith(
      expect.objectContaining({
        searchSettings: { datasourceId: 'ds2', itemAction: 'setHidden', itemStyles: [{ text: 'dicht', color: '#e20000' }] },
      }),
    );
  });
});
