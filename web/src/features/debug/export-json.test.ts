import { describe, expect, it, vi } from 'vitest';
import { copyText, downloadJson, exportFileName, selectionToJson } from './export-json';

const ROWS = [
  { fill_token: 'a', values: { naam: 'Lamp' } },
  { fill_token: 'b', values: { naam: 'Paal' } },
  { fill_token: 'c', values: {} },
];

describe('selectionToJson', () => {
  it('keeps only the selected rows, in list order, as parseable JSON', () => {
    const selected = new Set(['c', 'a']);
    const json = selectionToJson(ROWS, (row) => selected.has(row.fill_token));
    expect(JSON.parse(json)).toEqual([ROWS[0], ROWS[2]]);
  });

  it('gives an empty array for an empty selection', () => {
    expect(JSON.parse(selectionToJson(ROWS, () => false))).toEqual([]);
  });
});

describe('exportFileName', () => {
  it('is a UTC stamp without colons or milliseconds', () => {
    expect(exportFileName('eform-export', new Date('2026-11-22T01:30:05.123Z'))).toBe('eform-export-2026-11-22T01-30-05Z.json');
  });
});

describe('downloadJson', () => {
  it('clicks a temporary download link for a JSON blob', async () => {
    const created: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      created.push(blob as Blob);
      return 'blob:test';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const clicks: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this);
    });
    downloadJson('[1]', 'x.json');
    expect(clicks).toHaveLength(1);
    expect(clicks[0]?.download).toBe('x.json');
    expect(clicks[0]?.href).toBe('blob:test');
    expect(document.body.contains(clicks[0] ?? null)).toBe(false);
    expect(created[0]?.type).toBe('application/json');
    expect(await created[0]?.text()).toBe('[1]');
  });
});

describe('copyText', () => {
  it('uses the Clipboard API when it works', async () => {
    const writeText = vi.fn(async () => {});
    const nav = { clipboard: { writeText } } as unknown as Navigator;
    expect(await copyText('hallo', nav)).toBe(true);
    expect(writeText).toHaveBeenCalledWith('hallo');
  });

  it('falls back to execCommand when the Clipboard API refuses', async () => {
    const nav = { clipboard: { writeText: vi.fn(async () => Promise.reject(new Error('NotAllowedError'))) } } as unknown as Navigator;
    const execCommand = vi.fn(() => true);
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
    try {
      expect(await copyText('hallo', nav)).toBe(true);
      expect(execCommand).toHaveBeenCalledWith('copy');
      expect(document.querySelector('textarea')).toBeNull();
    } finally {
      Reflect.deleteProperty(document, 'execCommand');
    }
  });

  it('reports failure when no way to copy works', async () => {
    const nav = {} as Navigator;
    Object.defineProperty(document, 'execCommand', { value: () => false, configurable: true });
    try {
      expect(await copyText('hallo', nav)).toBe(false);
    } finally {
      Reflect.deleteProperty(document, 'execCommand');
    }
  });
});
