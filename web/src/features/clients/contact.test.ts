import { describe, expect, it } from 'vitest';
import { contactAddress, type ClientResource } from './api';
import { checkoutTarget } from './checkout';
import { checkContact, contactFromClient, emptyContact } from './contact';

function client(attributes: Partial<ClientResource['attributes']>): ClientResource {
  return { type: 'client--client', id: 'c1', attributes: { name: 'Demo Gemeente', ...attributes } };
}

describe('contact fields', () => {
  it("checks as the server does: all required but the tax number, the e-mail a real address", () => {
    expect(checkContact(emptyContact())).toEqual({
      contact_company: 'Bedrijfsnaam is verplicht.',
      contact_firstname: 'Voornaam is verplicht.',
      contact_lastname: 'Achternaam is verplicht.',
      contact_street: 'Straat en huisnummer is verplicht.',
      contact_postal_code: 'Postcode is verplicht.',
      contact_city: 'Plaats is verplicht.',
      contact_email: 'E-mailadres is verplicht.',
    });
    const filled = {
      contact_company: 'Gemeente',
      contact_firstname: 'Jan',
      contact_lastname: 'Jansen',
      contact_street: 'Markt 1',
      contact_postal_code: '1234 AB',
      contact_city: 'Stad',
      contact_email: 'jan@gemeente',
      contact_tax_number: '',
    };
    expect(checkContact(filled)).toEqual({ contact_email: 'Vul een geldig e-mailadres in.' });
    expect(checkContact({ ...filled, contact_email: 'jan@gemeente.nl' })).toEqual({});
    expect(contactAddress({ ...filled, contact_street: ' Markt 1 ' })).toBe('Markt 1, 1234 AB Stad');
  });

  it("takes first values from the client's contact data, splitting name and address where it can", () => {
    expect(
      contactFromClient(
        client({ contact_company: 'Gemeente Demo', contact_addressed_to: 'Anna van der Berg', contact_address: 'Markt 1, 1234ab Demostad', contact_email: 'a@b.nl' }),
      ),
    ).toEqual({
      contact_company: 'Gemeente Demo',
      contact_firstname: 'Anna',
      contact_lastname: 'van der Berg',
      contact_street: 'Markt 1',
      contact_postal_code: '1234AB',
      contact_city: 'Demostad',
      contact_email: 'a@b.nl',
      contact_tax_number: '',
    });
    // Without contact data: the client's name as the company; an address of another shape stays whole.
    const other = contactFromClient(client({ contact_addressed_to: 'Financiën', contact_address: 'Postbus 12 Demostad' }));
    expect(other.contact_company).toBe('Demo Gemeente');
    expect(other.contact_firstname).toBe('');
    expect(other.contact_lastname).toBe('Financiën');
    expect(other.contact_street).toBe('Postbus 12 Demostad');
    expect(contactFromClient(null)).toEqual(emptyContact());
  });
});

describe('checkout address', () => {
  it('opens this app through the router, a provider by leaving it, and nothing else', () => {
    const origin = 'https://eform.example';
    expect(checkoutTarget('https://eform.example/clients/c1/credits?purchase=p1', origin)).toEqual({ kind: 'internal', path: '/clients/c1/credits?purchase=p1' });
    expect(checkoutTarget('/clients/c1/credits?purchase=p1', origin)).toEqual({ kind: 'internal', path: '/clients/c1/credits?purchase=p1' });
    expect(checkoutTarget('https://www.mollie.com/checkout/select-method/abc', origin)).toEqual({
      kind: 'external',
      url: 'https://www.mollie.com/checkout/select-method/abc',
    });
    expect(checkoutTarget('javascript:alert(1)', origin)).toEqual({ kind: 'invalid' });
  });
});
