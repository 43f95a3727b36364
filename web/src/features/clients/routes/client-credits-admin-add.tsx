import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import {
  Form,
  Link as RouterLink,
  redirect,
  useActionData,
  useLoaderData,
  useNavigation,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from 'react-router';
import { paths } from '@/config/paths';
import { yearsAfter } from '@/lib/format';
import { serverToday } from '@/lib/server-day';
import { showToast } from '@/lib/toast';
import { nl } from '@/messages/nl-admin';
import { createCredit, failureTexts, type Contact } from '../api';
import { useClientShell } from '../client-context';
import { ContactFields } from '../components/contact-fields';
import { checkContact, contactDefaults, readContact, type ContactErrors } from '../contact';

const t = nl.clients.creditsAdminAdd;
const tc = nl.clients.contact;

/** Spec 002 sections 5 and 9: manual credits expire two years ahead unless the admin says otherwise. */
export const VALID_YEARS = 2;

interface AdminAddData {
  contact: Contact;
}

/** The client's contact data as first values ('admin add client credits' is checked by the shell). */
export async function clientCreditsAdminAddLoader({ params, request }: LoaderFunctionArgs): Promise<AdminAddData> {
  return { contact: await contactDefaults(params.client_id ?? '', request.signal) };
}

interface AdminAddResult {
  nameError?: string;
  creditsError?: string;
  expiryError?: string;
  contactErrors?: ContactErrors;
  errors: string[];
}

/** A number of credits as the server takes it: a whole number of at least 0. */
export function parseCredits(raw: string): number | undefined {
  const text = raw.trim();
  if (!/^\d+$/.test(text)) return undefined;
  const credits = Number(text);
  return Number.isSafeInteger(credits) ? credits : undefined;
}

/** A real calendar day 'YYYY-MM-DD'. */
function isDay(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [, year, month, day] = match.map(Number);
  const date = new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1));
  return date.getUTCFullYear() === year && date.getUTCMonth() + 1 === month && date.getUTCDate() === day;
}

/**
 * Checks name, contact fields, the number of credits and the expiry date (spec 002 section 5),
 * then `POST jsonapi/eform_credit/eform_credit`; 'Credits zijn toegevoegd aan klant.' and back
 * to the Credits tab. Without an expiry date the server takes two years ahead.
 */
export async function clientCreditsAdminAddAction({ params, request }: ActionFunctionArgs): Promise<AdminAddResult | Response> {
  const client_id = params.client_id ?? '';
  const form = await request.formData();
  const name = String(form.get('name') ?? '').trim();
  const contact = readContact(form);
  const contactErrors = checkContact(contact);
  const creditsText = String(form.get('credits_total') ?? '');
  const credits = parseCredits(creditsText);
  const expiry = String(form.get('credit_expire_date') ?? '').trim();
  const nameError = name ? undefined : tc.required(t.name);
  const creditsError = credits !== undefined ? undefined : creditsText.trim() === '' ? tc.required(t.creditsTotal) : t.creditsInvalid;
  const expiryError = expiry === '' || isDay(expiry) ? undefined : t.expiryInvalid;
  if (nameError || creditsError || expiryError || credits === undefined || Object.keys(contactErrors).length > 0) {
    return { nameError, creditsError, expiryError, contactErrors, errors: [tc.checkForm] };
  }
  try {
    await createCredit(client_id, { name, contact, credits_total: credits, ...(expiry ? { credit_expire_date: expiry } : {}) });
  } catch (error) {
    return { errors: failureTexts(error, t.failed) };
  }
  showToast(t.added, { severity: 'success' });
  return redirect(paths.client_credits.build({ client_id }));
}

/**
 * Spec 002 screen 10: name ('Handmatig toegevoegd'), the client's contact data, the number of
 * credits and the expiry date (two years from today, the same day), all prefilled but the number.
 */
export function ClientCreditsAdminAddRoute() {
  const { contact } = useLoaderData<AdminAddData>();
  const { client } = useClientShell();
  const result = useActionData<AdminAddResult>();
  const submitting = useNavigation().state !== 'idle';
  const nameRef = useRef<HTMLInputElement>(null);
  const creditsRef = useRef<HTMLInputElement>(null);
  const expiryRef = useRef<HTMLInputElement>(null);
  const defaultExpiry = yearsAfter(serverToday(), VALID_YEARS);

  // Back to the first wrong field above the contact fields (those focus their own).
  useEffect(() => {
    if (result?.nameError) nameRef.current?.focus();
    else if (result?.creditsError) creditsRef.current?.focus();
    else if (result?.expiryError) expiryRef.current?.focus();
  }, [result]);

  return (
    <Box sx={{ p: { xs: 2, sm: 3 }, maxWidth: 950 }}>
      <Paper variant="outlined" component="section" aria-labelledby="credits-add-title" sx={{ p: { xs: 2, sm: 3 } }}>
        <Form method="post" noValidate>
          <Stack spacing={3}>
            <Typography id="credits-add-title" variant="h6" component="h2">
              {t.title}
            </Typography>
            {result?.errors.map((text) => (
              <Alert key={text} severity="error">
                {text}
              </Alert>
            ))}
            <TextField
              id="credits-add-name"
              name="name"
              label={t.name}
              defaultValue={t.defaultName}
              required
              inputRef={nameRef}
              error={Boolean(result?.nameError)}
              helperText={result?.nameError}
            />
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              <TextField
                id="credits-add-total"
                name="credits_total"
                label={t.creditsTotal}
                type="number"
                required
                inputRef={creditsRef}
                error={Boolean(result?.creditsError)}
                helperText={result?.creditsError}
                slotProps={{ htmlInput: { min: 0, step: 1, inputMode: 'numeric' } }}
              />
              <TextField
                id="credits-add-expiry"
                name="credit_expire_date"
                label={t.expiry}
                type="date"
                defaultValue={defaultExpiry}
                inputRef={expiryRef}
                error={Boolean(result?.expiryError)}
                helperText={result?.expiryError ?? t.expiryHelp}
                slotProps={{ inputLabel: { shrink: true } }}
              />
            </Box>
            <ContactFields initial={contact} errors={result?.contactErrors} attempt={result} />
            <Stack direction="row" spacing={2}>
              <Button type="submit" variant="contained" disabled={submitting}>
                {t.submit}
              </Button>
              <Button component={RouterLink} to={paths.client_credits.build({ client_id: client.id })}>
                {tc.cancel}
              </Button>
            </Stack>
          </Stack>
        </Form>
      </Paper>
    </Box>
  );
}
