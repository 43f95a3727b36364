/**
 * The e-mail notifications of a form (spec 001 section 3 'Email setting', section 5): read from
 * what the server stores, edited as plain objects, checked as domain/src/notifications.rs checks
 * them (same paths, same texts) and written back. Keys this screen does not know are kept.
 */
import { wordFileId } from '@/lib/word-templates';
import { nl } from '@/messages/nl-admin';
import { isEmailOrToken, isFilenameOrToken } from './checks';
import { checkPhases, readPhases } from './phases';
import type { Problems } from './problems';

/** Spec 001 section 5: the fonts a Word attachment may use. */
export const WORD_FONTS = [
  'Arial',
  'Verdana',
  'Tahoma',
  'Trebuchet MS',
  'Times New Roman',
  'Georgia',
  'Garamond',
  'Courier New',
  'Brush Script MT',
] as const;

/**
 * The colours of a Word attachment, per kind of element of the registration. The spec names
 * 'per-element colours' without their keys; headings, labels and values are what a reading of
 * a registration shows.
 */
export const WORD_COLOURS = ['heading', 'label', 'value'] as const;
export type WordColour = (typeof WORD_COLOURS)[number];
/** The key of a colour in `styling_options`. */
export const colourKey = (colour: WordColour) => `word_document_${colour}_color`;
const DEFAULT_COLOUR = '#000000';

export type ContentMode = 'manual' | 'auto';
export type AddressList = 'to_addresses' | 'cc_addresses' | 'bcc_addresses';
export const ADDRESS_LISTS: readonly AddressList[] = ['to_addresses', 'cc_addresses', 'bcc_addresses'];

export interface WordStyling {
  word_document_default_font: string;
  [colour: string]: string;
}

export interface EmailSetting {
  to_addresses: string[];
  cc_addresses: string[];
  bcc_addresses: string[];
  from_name: string;
  email_subject: string;
  email_content_mode: ContentMode;
  email_content: string;
  email_hide_empty_values: boolean;
  email_add_attachment_registration_pdf: boolean;
  email_add_attachment_registration_pdf_file_name: string;
  email_add_attachments: boolean;
  email_no_styling: boolean;
  email_send_word_attachment: boolean;
  /**
   * The uploaded template: `{ fid, filename }` as this screen stores it; what older saves
   * stored is kept as it came.
   */
  word_upload: unknown;
  word_filename: string;
  send_as_filetype: 'pdf' | 'docx';
  styling_options: WordStyling;
  /** Workflow forms: the phases whose reaching sends it; none: on completion. */
  send_on_registration_phase: string[];
}

/** Spec 001 section 5: a new e-mail has the default content, a PDF and hides empty values. */
export function blankEmailSetting(): EmailSetting {
  return {
    to_addresses: [],
    cc_addresses: [],
    bcc_addresses: [],
    from_name: '',
    email_subject: '',
    email_content_mode: 'manual',
    email_content: nl.formNotifications.emails.defaultContent,
    email_hide_empty_values: true,
    email_add_attachment_registration_pdf: true,
    email_add_attachment_registration_pdf_file_name: nl.formNotifications.emails.defaultPdfName,
    email_add_attachments: false,
    email_no_styling: false,
    email_send_word_attachment: false,
    word_upload: null,
    word_filename: '',
    send_as_filetype: 'pdf',
    styling_options: defaultStyling(),
    send_on_registration_phase: [],
  };
}

function defaultStyling(): WordStyling {
  const styling: WordStyling = { word_document_default_font: WORD_FONTS[0] };
  for (const colour of WORD_COLOURS) styling[colourKey(colour)] = DEFAULT_COLOUR;
  return styling;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const flag = (value: unknown) => value === true;

/** As the server reads them: a list of addresses or of `{email}`, or one text with commas. */
function readAddresses(value: unknown): string[] {
  const raw = Array.isArray(value)
    ? value.map((item) => (typeof item === 'string' ? item : text((item as { email?: unknown } | null)?.email)))
    : typeof value === 'string'
      ? value.split(/[,;]/)
      : [];
  return raw.map((address) => address.trim()).filter((address) => address !== '');
}

/** One stored e-mail setting as this screen edits it; unknown keys ride along. */
export function readEmailSetting(value: unknown): EmailSetting {
  const stored = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const styling = (typeof stored.styling_options === 'object' && stored.styling_options !== null
    ? stored.styling_options
    : {}) as Record<string, unknown>;
  const styling_options = defaultStyling();
  for (const [key, option] of Object.entries(styling)) if (typeof option === 'string') styling_options[key] = option;
  return {
    ...stored,
    to_addresses: readAddresses(stored.to_addresses),
    cc_addresses: readAddresses(stored.cc_addresses),
    bcc_addresses: readAddresses(stored.bcc_addresses),
    from_name: text(stored.from_name),
    email_subject: text(stored.email_subject),
    email_content_mode: stored.email_content_mode === 'auto' ? 'auto' : 'manual',
    email_content: text(stored.email_content),
    email_hide_empty_values: flag(stored.email_hide_empty_values),
    email_add_attachment_registration_pdf: flag(stored.email_add_attachment_registration_pdf),
    email_add_attachment_registration_pdf_file_name:
      text(stored.email_add_attachment_registration_pdf_file_name) || nl.formNotifications.emails.defaultPdfName,
    email_add_attachments: flag(stored.email_add_attachments),
    email_no_styling: flag(stored.email_no_styling),
    email_send_word_attachment: flag(stored.email_send_word_attachment),
    word_upload: stored.word_upload ?? null,
    word_filename: text(stored.word_filename),
    send_as_filetype: stored.send_as_filetype === 'docx' ? 'docx' : 'pdf',
    styling_options,
    send_on_registration_phase: readPhases(stored.send_on_registration_phase),
  };
}

export function readEmailSettings(value: unknown): EmailSetting[] {
  return Array.isArray(value) ? value.map(readEmailSetting) : [];
}

/**
 * The setting as it is saved and checked: addresses trimmed and empty ones left out, so the
 * server's paths (`0/to_addresses/1`) name the fields the user sees. Phases only on workflow
 * forms.
 */
export function tidyEmailSetting(setting: EmailSetting, workflow: boolean): EmailSetting {
  const tidy = (list: string[]) => list.map((address) => address.trim()).filter((address) => address !== '');
  return {
    ...setting,
    to_addresses: tidy(setting.to_addresses),
    cc_addresses: tidy(setting.cc_addresses),
    bcc_addresses: tidy(setting.bcc_addresses),
    send_on_registration_phase: workflow ? setting.send_on_registration_phase : [],
  };
}

/** The Word template's file id, as the server reads it (shared with the form shell). */
export { wordFileId };

/** The Word template's file name, when the upload answer named one. */
export function wordFileName(upload: unknown): string {
  if (typeof upload !== 'object' || upload === null) return '';
  const { filename, name } = upload as { filename?: unknown; name?: unknown };
  return text(filename) || text(name);
}

const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

/**
 * Spec 001 section 5 for e-mail settings, as the server checks them (domain/src/notifications.rs
 * `email_settings`), plus the Word colours the spec requires. Paths are those of the fields as
 * shown; for tidied settings they are the server's.
 */
export function checkEmailSettings(settings: readonly EmailSetting[]): Problems {
  const t = nl.formNotifications;
  const problems: Record<string, string> = {};
  const add = (path: string, message: string) => {
    problems[path] ??= message;
  };
  settings.forEach((setting, index) => {
    const at = (key: string) => `${index}/${key}`;
    // A blank address field is left out when saving (`tidyEmailSetting`), so it is no problem.
    if (!setting.to_addresses.some((address) => address.trim() !== '')) add(at('to_addresses'), t.toRequired);
    for (const list of ADDRESS_LISTS) {
      setting[list].forEach((address, n) => {
        if (address.trim() !== '' && !isEmailOrToken(address)) add(at(`${list}/${n}`), t.emailOrToken);
      });
    }
    if (!setting.from_name.trim()) add(at('from_name'), t.required);
    if (!setting.email_subject.trim()) add(at('email_subject'), t.required);
    if (setting.email_content_mode === 'manual' && !setting.email_content.trim()) add(at('email_content'), t.required);
    if (setting.email_add_attachment_registration_pdf) {
      const name = setting.email_add_attachment_registration_pdf_file_name.trim() || t.emails.defaultPdfName;
      if (!isFilenameOrToken(name)) add(at('email_add_attachment_registration_pdf_file_name'), t.filenameOrToken);
    }
    if (setting.email_send_word_attachment) {
      if (!wordFileId(setting.word_upload)) add(at('word_upload'), t.required);
      const filename = setting.word_filename.trim();
      if (!filename) add(at('word_filename'), t.required);
      else if (!isFilenameOrToken(filename)) add(at('word_filename'), t.filenameOrToken);
      if (setting.send_as_filetype !== 'pdf' && setting.send_as_filetype !== 'docx') add(at('send_as_filetype'), t.required);
      if (!(WORD_FONTS as readonly string[]).includes(setting.styling_options.word_document_default_font ?? '')) {
        add(at('styling_options/word_document_default_font'), t.required);
      }
      for (const colour of WORD_COLOURS) {
        if (!HEX_COLOUR.test(setting.styling_options[colourKey(colour)] ?? '')) add(at(`styling_options/${colourKey(colour)}`), t.required);
      }
    }
    checkPhases(setting.send_on_registration_phase, at('send_on_registration_phase'), add);
  });
  return problems;
}
