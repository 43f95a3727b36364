import { describe, expect, it } from 'vitest';
import type { FormElement } from '@/lib/form-logic';
import { columnsOf, cutLabel, INITIAL_REVIEW, isComplete, operatorsFor, reviewQuery } from './review-query';

const SCHEMA: FormElement[] = [
  { name: 'kop', label: 'Kop', elementType: 'header' },
  { name: 'naam', label: 'Naam', elementType: 'text' },
  { name: 'aantal', label: 'Aantal', elementType: 'number' },
  { name: 'datum', label: 'Datum', elementType: 'date' },
  { name: 'soort', label: 'Soort', elementType: 'select', options: [{ value: 'lamp', label: 'Lamp' }] },
  { name: 'posten', label: 'Posten', elementType: 'subform', subform: { schema: [{ name: 'bedrag', label: 'Bedrag', elementType: 'decimal' }] } },
  { name: 'handtekening', label: 'Handtekening', elementType: 'signature' },
];

describe('the registrations list query', () => {
  it('has a column per answer, subform fields as paths, the phase for workflow forms', () => {
    const columns = columnsOf(SCHEMA, true);
    expect(columns.map((c) => [c.path, c.kind, c.sortable])).toEqual([
      ['registration_serial_number', 'number', true],
      ['registration_date', 'date', true],
      ['registration_user_id.username', 'text', true],
      ['registration_phase', 'number', true],
      ['naam', 'text', true],
      ['aantal', 'number', true],
      ['datum', 'date', true],
      ['soort', 'choice', true],
      ['posten.bedrag', 'number', false],
    ]);
    expect(columns.find((c) => c.path === 'posten.bedrag')?.label).toBe('Posten: Bedrag');
    expect(columnsOf(SCHEMA, false).some((c) => c.path === 'registration_phase')).toBe(false);
  });

  it('cuts long labels at 150 characters', () => {
    expect(cutLabel('x'.repeat(151))).toBe(`${'x'.repeat(150)}…`);
    expect(cutLabel('kort')).toBe('kort');
  });

  it('sends the tab, page, sort and complete filters with their kind', () => {
    const columns = columnsOf(SCHEMA, false);
    const query = new URLSearchParams(
      reviewQuery(
        {
          ...INITIAL_REVIEW,
          page: 2,
          perPage: 50,
          filters: [
            { path: 'naam', operator: 'contains', value: ' lamp ' },
            { path: 'aantal', operator: '>', value: '3,5' },
            { path: 'datum', operator: '>=', value: '2026-01-01' },
            { path: 'naam', operator: '=', value: '' },
            { path: 'soort', operator: 'empty', value: '' },
          ],
        },
        columns,
      ),
    );
    expect(Object.fromEntries(query)).toEqual({
      tab: 'completed',
      page: '2',
      items_per_page: '50',
      sort_by: 'registration_date',
      sort_direction: '-1',
      'f[0][path]': 'naam',
      'f[0][operator]': 'contains',
      'f[0][value]': 'lamp',
      'f[1][path]': 'aantal',
      'f[1][operator]': '>',
      'f[1][value]': '3,5',
      'f[1][integer]': 'true',
      'f[2][path]': 'datum',
      'f[2][operator]': '>=',
      'f[2][value]': '2026-01-01',
      'f[2][date]': 'true',
      'f[3][path]': 'soort',
      'f[3][operator]': 'empty',
    });
  });

  it('sorts the trash by when it went in, and an export takes no page or sort', () => {
    const columns = columnsOf(SCHEMA, false);
    expect(new URLSearchParams(reviewQuery({ ...INITIAL_REVIEW, tab: 'trash' }, columns)).get('sort_by')).toBe('deleted_at');
    const exported = new URLSearchParams(reviewQuery({ ...INITIAL_REVIEW, page: 3 }, columns, { forExport: true }));
    expect([...exported.keys()]).toEqual(['tab']);
  });

  it('offers the operators of each kind and knows an incomplete filter', () => {
    expect(operatorsFor('text')).toContain('contains');
    expect(operatorsFor('number')).not.toContain('contains');
    const columns = columnsOf(SCHEMA, false);
    expect(isComplete({ path: 'naam', operator: 'contains', value: '' }, columns)).toBe(false);
    expect(isComplete({ path: 'onbekend', operator: '=', value: 'x' }, columns)).toBe(false);
    expect(isComplete({ path: 'aantal', operator: 'contains', value: '1' }, columns)).toBe(false);
    expect(isComplete({ path: 'naam', operator: '!empty', value: '' }, columns)).toBe(true);
  });
});

describe('the list state in the URL', () => {
  it('round-trips and falls back on anything unknown', async () => {
    const { readReview, writeReview } = await import('./review-url');
    const state = { ...INITIAL_REVIEW, tab: 'trash' as const, page: 2, perPage: 50 as const, sortBy: 'naam', sortDirection: 1 as const, filters: [{ path: 'naam', operator: 'contains', value: 'lamp' }] };
    expect(readReview(writeReview(state))).toEqual(state);
    expect(writeReview(INITIAL_REVIEW).toString()).toBe('');
    expect(readReview(new URLSearchParams('tab=archief&page=-1&per=25&f=kapot'))).toEqual(INITIAL_REVIEW);
  });
});
