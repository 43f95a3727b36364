/**
 * The contact fields of the buy forms and the manual addition of credits (spec 002 section 5),
 * checked as the server checks them (domain/src/purchases.rs `Contact::problems`, same texts),
 * and where their first values come from.
 */
import { isValidEmail } from '@/lib/email';
import { nl } from '@/messages/nl-admin';
import { loadClient, type ClientResource, type Contact } from './api';

const t = nl.clients.contact;

/** In the order the forms show them. */
export const CONTACT_FIELDS = [
  'contact_company',
  'contact_firstname',
  'contact_lastname',
  'contact_street',
  'contact_postal_code',
  'contact_city',
  'contact_email',
  'contact_tax_number',
] as const satisfies readonly (keyof Contact)[];

export type ContactField = (typeof CONTACT_FIELDS)[number];

/** All but the tax number are required. */
const OPTIONAL: ReadonlySet<ContactField> = new Set(['contact_tax_number']);

export type ContactErrors = Partial<Record<ContactField, string>>;

export function emptyContact(): Contact {
  return Object.fromEntries(CONTACT_FIELDS.map((field) => [field, ''])) as unknown as Contact;
}

/** The contact fields of a submitted form, trimmed. */
export function readContact(form: FormData): Contact {
  return Object.fromEntries(CONTACT_FIELDS.map((field) => [field, String(form.get(field) ?? '').trim()])) as unknown as Contact;
}

/** What is wrong per field: '{label} is verplicht.', or an e-mail address that is not one. */
export function checkContact(contact: Contact): ContactErrors {
  const errors: ContactErrors = {};
  for (const field of CONTACT_FIELDS) {
    if (!OPTIONAL.has(field) && contact[field].trim() === '') errors[field] = t.required(contactLabel(field));
  }
  if (!errors.contact_email && !isValidEmail(contact.contact_email.trim())) errors.contact_email = t.emailInvalid;
  return errors;
}

/** The field's label; the required text names it without '(optioneel)'. */
export function contactLabel(field: ContactField): string {
  return t[field];
}

/** A Dutch postal code at the start of 'postal code and city': '1234 AB Plaats'. */
const POSTAL_CITY = /^(\d{4}\s?[A-Za-z]{2})\s+(.+)$/;

/**
 * First values from the client's own contact data (`jsonapi/client/client/{id}`): its company
 * (else its name), e-mail and tax number as they are; the person it is addressed to split in a
 * first name and the rest; its address in one line ('Straat 1, 1234 AB Plaats', as the server
 * writes addresses) split in street, postal code and city where it has that shape, else all of
 * it as the street. The user checks them before sending.
 */
export function contactFromClient(client: ClientResource | null): Contact {
  const contact = emptyContact();
  if (!client) return contact;
  const { attributes } = client;
  contact.contact_company = (attributes.contact_company ?? '').trim() || attributes.name;
  contact.contact_email = (attributes.contact_email ?? '').trim();
  contact.contact_tax_number = (attributes.contact_tax_number ?? '').trim();
  const [first = '', ...rest] = (attributes.contact_addressed_to ?? '').trim().split(/\s+/);
  contact.contact_firstname = rest.length > 0 ? first : '';
  contact.contact_lastname = rest.length > 0 ? rest.join(' ') : first;
  const address = (attributes.contact_address ?? '').trim();
  const split = address.lastIndexOf(',');
  const tail = split < 0 ? '' : address.slice(split + 1).trim();
  const match = POSTAL_CITY.exec(tail);
  if (match) {
    contact.contact_street = address.slice(0, split).trim();
    contact.contact_postal_code = (match[1] ?? '').toUpperCase();
    contact.contact_city = match[2] ?? '';
  } else {
    contact.contact_street = address;
  }
  return contact;
}

/**
 * The first contact values of a client's forms, from its own contact data when the user may
 * read it: a refusal or no answer only leaves the fields empty.
 */
export async function contactDefaults(clientId: string, signal: AbortSignal): Promise<Contact> {
  try {
    return contactFromClient(await loadClient(clientId, signal, false));
  } catch (error) {
    if (signal.aborted) throw error;
    return emptyContact();
  }
}
