import { describe, expect, it } from 'vitest';
import { readPhases } from './phases';
import { insertAtSelection, listSelection, RICH_TEXT_PRESETS, wrapSelection } from './rich-text';

describe('the rich-text source editor', () => {
  it('has the heights of spec 000 section 9 per preset', () => {
    expect(RICH_TEXT_PRESETS.default).toEqual({ minHeight: 200, maxHeight: 600 });
    expect(RICH_TEXT_PRESETS.simple).toEqual({ minHeight: 100, maxHeight: 400 });
    expect(RICH_TEXT_PRESETS.registrationLabel).toEqual({ minHeight: 100, maxHeight: 400 });
  });

  it('wraps the selection in tags and keeps it selected', () => {
    expect(wrapSelection('Hallo wereld', 6, 12, '<strong>', '</strong>')).toEqual({ text: 'Hallo <strong>wereld</strong>', start: 14, end: 20 });
    // An empty selection leaves the caret between the tags, ready to type.
    expect(wrapSelection('ab', 1, 1, '<em>', '</em>')).toEqual({ text: 'a<em></em>b', start: 5, end: 5 });
    // A selection out of range is clamped.
    expect(wrapSelection('ab', 5, 9, '<p>', '</p>').text).toBe('ab<p></p>');
  });

  it('inserts a token in place of the selection with the caret after it', () => {
    expect(insertAtSelection('Beste ,', 6, 6, '$naam$')).toEqual({ text: 'Beste $naam$,', start: 12, end: 12 });
    expect(insertAtSelection('Beste X,', 6, 7, '$naam$').text).toBe('Beste $naam$,');
  });

  it('makes a bullet list of the selected lines', () => {
    expect(listSelection('een\n\ntwee', 0, 9).text).toBe('<ul>\n<li>een</li>\n<li>twee</li>\n</ul>');
    expect(listSelection('', 0, 0).text).toBe('<ul>\n<li></li>\n</ul>');
  });

  it('reads phases 1 to 9 as the server does', () => {
    expect(readPhases(['3', 1, ' 2 ', '1', '10', 0, 'x', null, 2.5])).toEqual(['1', '2', '3']);
    expect(readPhases('4')).toEqual(['4']);
    expect(readPhases(undefined)).toEqual([]);
  });
});
