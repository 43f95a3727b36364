import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef } from 'react';
import { nl } from '@/messages/nl-admin';
import type { Contact } from '../api';
import { CONTACT_FIELDS, contactLabel, type ContactErrors, type ContactField } from '../contact';

const t = nl.clients.contact;

/** What the browser may fill in for each field. */
const AUTOCOMPLETE: Record<ContactField, string> = {
  contact_company: 'organization',
  contact_firstname: 'given-name',
  contact_lastname: 'family-name',
  contact_street: 'street-address',
  contact_postal_code: 'postal-code',
  contact_city: 'address-level2',
  contact_email: 'email',
  contact_tax_number: 'off',
};

interface ContactFieldsProps {
  /** First values; the fields are the form's own after that (sent as form data). */
  initial: Contact;
  errors?: ContactErrors;
  /** Changes after every refused submit, so the first wrong field gets the focus again. */
  attempt?: unknown;
}

/**
 * The contact fields of spec 002 section 5 under their heading, each with its error; after a
 * refused submit the first wrong field has the focus.
 */
export function ContactFields({ initial, errors = {}, attempt }: ContactFieldsProps) {
  const refs = useRef<Partial<Record<ContactField, HTMLInputElement | null>>>({});

  useEffect(() => {
    const first = CONTACT_FIELDS.find((field) => errors[field]);
    if (first) refs.current[first]?.focus();
    // Only after a submit, not while typing.
  }, [attempt]);

  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0, display: 'grid', gap: 2 }}>
      <Typography variant="subtitle1" component="legend" sx={{ mb: 1, p: 0 }}>
        {t.title}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {CONTACT_FIELDS.map((field) => (
          <TextField
            key={field}
            id={`contact-${field}`}
            name={field}
            label={contactLabel(field)}
            type={field === 'contact_email' ? 'email' : 'text'}
            defaultValue={initial[field]}
            required={field !== 'contact_tax_number'}
            error={Boolean(errors[field])}
            helperText={errors[field]}
            inputRef={(element: HTMLInputElement | null) => {
              refs.current[field] = element;
            }}
            slotProps={{ htmlInput: { autoComplete: AUTOCOMPLETE[field] } }}
            sx={field === 'contact_company' || field === 'contact_street' ? { gridColumn: { sm: '1 / -1' } } : undefined}
          />
        ))}
      </Box>
    </Box>
  );
}

interface TermsCheckboxProps {
  checked: boolean;
  onChange(checked: boolean): void;
}

/** The terms checkbox every buy form has: the submit button stays disabled until it is ticked. */
export function TermsCheckbox({ checked, onChange }: TermsCheckboxProps) {
  const helpId = useId();
  return (
    <Box>
      <FormControlLabel
        label={t.terms}
        control={
          <Checkbox
            name="terms"
            checked={checked}
            onChange={(event) => onChange(event.target.checked)}
            slotProps={{ input: { 'aria-describedby': helpId } }}
          />
        }
      />
      <FormHelperText id={helpId} sx={{ mt: 0 }}>
        {t.termsHelp}
      </FormHelperText>
    </Box>
  );
}
