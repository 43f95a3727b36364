import { describe, expect, it } from 'vitest';
import { nl } from '@/messages/nl-admin';
import { blankEmailSetting, checkEmailSettings, readEmailSetting, readEmailSettings, tidyEmailSetting } from './email-settings';

const t = nl.formNotifications;

describe('e-mail settings', () => {
  it('start as spec 001 section 5 says: default content, a PDF named Registratie, empty values hidden', () => {
    const blank = blankEmailSetting();
    expect(blank.email_content).toBe('Hierbij de registratie van $registratie.formuliernaam$');
    expect(blank.email_add_attachment_registration_pdf).toBe(true);
    expect(blank.email_add_attachment_registration_pdf_file_name).toBe('Registratie');
    expect(blank.email_hide_empty_values).toBe(true);
    expect(blank.email_content_mode).toBe('manual');
    expect(blank.styling_options.word_document_default_font).toBe('Arial');
    // A new e-mail is not yet complete: it asks for a recipient, a sender and a subject.
    expect(Object.keys(checkEmailSettings([blank]))).toEqual(['0/to_addresses', '0/from_name', '0/email_subject']);
  });

  it('are read as the server reads them, keeping what this screen does not know', () => {
    const setting = readEmailSetting({
      to_addresses: ['beheer@gemeente.nl', { email: '$email$' }, ' '],
      cc_addresses: 'a@b.nl, c@d.nl; e@f.nl',
      email_content_mode: 'auto',
      send_on_registration_phase: ['2', 3, '0', 'x', 2],
      styling_options: { word_document_default_font: 'Georgia', word_document_label_color: '#112233' },
      word_upload: { fid: 'file-1', filename: 'sjabloon.docx' },
      later_setting: { kept: true },
    });
    expect(setting.to_addresses).toEqual(['beheer@gemeente.nl', '$email$']);
    expect(setting.cc_addresses).toEqual(['a@b.nl', 'c@d.nl', 'e@f.nl']);
    expect(setting.bcc_addresses).toEqual([]);
    expect(setting.email_content_mode).toBe('auto');
    expect(setting.send_on_registration_phase).toEqual(['2', '3']);
    expect(setting.email_add_attachment_registration_pdf_file_name).toBe('Registratie');
    expect(setting.styling_options).toMatchObject({ word_document_default_font: 'Georgia', word_document_label_color: '#112233', word_document_heading_color: '#000000' });
    expect((setting as unknown as Record<string, unknown>).later_setting).toEqual({ kept: true });
    expect(readEmailSettings(null)).toEqual([]);
  });

  it("are checked at the server's paths with its texts (domain/src/notifications.rs)", () => {
    const good = readEmailSetting({
      to_addresses: ['beheer@gemeente.nl', '$email$'],
      cc_addresses: 'a@b.nl, c@d.nl',
      from_name: 'Gemeente',
      email_subject: 'Melding $registratie.serienummer$',
      email_content_mode: 'manual',
      email_content: '<p>Hallo</p>',
      email_add_attachment_registration_pdf: true,
      email_hide_empty_values: true,
      send_on_registration_phase: ['2', 3],
    });
    expect(checkEmailSettings([good])).toEqual({});

    const bad = {
      ...readEmailSetting({
        to_addresses: ['geen adres', '$twee$ $tokens$'],
        bcc_addresses: ['x'],
        email_content_mode: 'manual',
        email_add_attachment_registration_pdf: true,
        email_add_attachment_registration_pdf_file_name: 'mijn pdf!',
        email_send_word_attachment: true,
        word_filename: 'brief $naam$',
        styling_options: { word_document_default_font: 'Comic Sans' },
      }),
      email_content: '',
      send_as_filetype: 'rtf' as 'pdf',
    };
    const problems = checkEmailSettings([good, bad]);
    expect(problems).toEqual({
      '1/to_addresses/0': t.emailOrToken,
      '1/to_addresses/1': t.emailOrToken,
      '1/bcc_addresses/0': t.emailOrToken,
      '1/from_name': t.required,
      '1/email_subject': t.required,
      '1/email_content': t.required,
      '1/email_add_attachment_registration_pdf_file_name': t.filenameOrToken,
      '1/word_upload': t.required,
      '1/word_filename': t.filenameOrToken,
      '1/send_as_filetype': t.required,
      '1/styling_options/word_document_default_font': t.required,
    });
    expect(t.emailOrToken).toBe('Vul een geldig e-mailadres of één $token$ in.');
    expect(t.toRequired).toBe('Vul minstens één ontvanger in.');

    // Auto content needs no text; only a recipient is missing.
    const auto = readEmailSetting({ from_name: 'x', email_subject: 'y', email_content_mode: 'auto' });
    expect(checkEmailSettings([auto])).toEqual({ '0/to_addresses': t.toRequired });
  });

  it('skip blank address fields, which saving leaves out so the paths stay those shown', () => {
    const setting = { ...blankEmailSetting(), from_name: 'x', email_subject: 'y', to_addresses: ['', ' a@b.nl ', '', 'fout'], cc_addresses: [' '] };
    expect(checkEmailSettings([setting])).toEqual({ '0/to_addresses/3': t.emailOrToken });
    const tidy = tidyEmailSetting(setting, false);
    expect(tidy.to_addresses).toEqual(['a@b.nl', 'fout']);
    expect(tidy.cc_addresses).toEqual([]);
    expect(checkEmailSettings([tidy])).toEqual({ '0/to_addresses/1': t.emailOrToken });
    expect(checkEmailSettings([{ ...setting, to_addresses: ['', ' '] }])).toMatchObject({ '0/to_addresses': t.toRequired });
  });

  it('keep phases only on workflow forms and check the Word colours', () => {
    const setting = { ...blankEmailSetting(), send_on_registration_phase: ['2'] };
    expect(tidyEmailSetting(setting, true).send_on_registration_phase).toEqual(['2']);
    expect(tidyEmailSetting(setting, false).send_on_registration_phase).toEqual([]);
    const word = {
      ...blankEmailSetting(),
      to_addresses: ['a@b.nl'],
      from_name: 'x',
      email_subject: 'y',
      email_send_word_attachment: true,
      word_upload: { fid: 'f1' },
      word_filename: '$registratie_naam$',
      styling_options: { word_document_default_font: 'Georgia', word_document_heading_color: 'rood' },
    };
    expect(checkEmailSettings([word])).toEqual({
      '0/styling_options/word_document_heading_color': t.required,
      '0/styling_options/word_document_label_color': t.required,
      '0/styling_options/word_document_value_color': t.required,
    });
  });
});
