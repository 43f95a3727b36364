import { describe, expect, it } from 'vitest';
import { isDocx, referencedWordFiles, wordFileId } from './word-templates';

describe('word templates', () => {
  it('reads the file id as the server does', () => {
    expect(wordFileId({ fid: 'w1', filename: 'brief.docx' })).toBe('w1');
    expect(wordFileId({ file_id: 'w2' })).toBe('w2');
    expect(wordFileId('w3')).toBe('w3');
    expect(wordFileId(null)).toBe('');
    expect(wordFileId({ filename: 'brief.docx' })).toBe('');
  });

  it('lists the templates of settings that send a Word attachment, each once', () => {
    expect(
      referencedWordFiles([
        { email_send_word_attachment: true, word_upload: { fid: 'w2' } },
        { email_send_word_attachment: false, word_upload: { fid: 'uit' } },
        { email_send_word_attachment: true, word_upload: null },
        { email_send_word_attachment: true, word_upload: { fid: 'w1' } },
        { email_send_word_attachment: true, word_upload: { fid: 'w2' } },
        null,
      ]),
    ).toEqual(['w1', 'w2']);
    expect(referencedWordFiles(undefined)).toEqual([]);
  });

  it('takes only .docx files', () => {
    expect(isDocx('Brief.DOCX')).toBe(true);
    expect(isDocx('brief.doc')).toBe(false);
    expect(isDocx('brief.docx.pdf')).toBe(false);
  });
});
