import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { Form, Link as RouterLink, redirect, useActionData, useNavigation, type ActionFunctionArgs } from 'react-router';
import { paths } from '@/config/paths';
import { isValidEmail } from '@/lib/email';
import { isAdmin } from '@/lib/permissions/permissions';
import { showToast } from '@/lib/toast';
import { nl } from '@/messages/nl-admin';
import { addClientUser, failureTexts } from '../api';
import { useClientShell } from '../client-context';
import { RoleCheckboxes, submittedRoles } from '../components/role-checkboxes';

const t = nl.clients.userAdd;

/** Spec 002 section 9: the e-mail field is checked 100 ms after the last key. */
export const EMAIL_DEBOUNCE_MS = 100;

function emailError(email: string): string | undefined {
  if (!email) return t.emailRequired;
  return isValidEmail(email) ? undefined : t.emailInvalid;
}

interface UserAddData {
  emailError?: string;
  /** Above the form: the check text, or the server's refusal. */
  errors: string[];
}

/**
 * `POST api/clients/{id}/add-user` with the e-mail, the ticked roles and (admins) the terms
 * requirement; on 201 the server's text, then the users list. Refusals (422, 409) stay on the form.
 */
export async function clientUserAddAction({ params, request }: ActionFunctionArgs): Promise<UserAddData | Response> {
  const client_id = params.client_id ?? '';
  const form = await request.formData();
  const email = String(form.get('email') ?? '').trim();
  const invalid = emailError(email);
  if (invalid) return { emailError: invalid, errors: [t.checkForm] };
  const body = { email, roles: submittedRoles(form), require_terms: form.get('require_terms') === 'on' };
  try {
    const answer = await addClientUser(client_id, body);
    if (answer.message) showToast(answer.message, { severity: 'success' });
  } catch (error) {
    return { errors: failureTexts(error, t.failed) };
  }
  return redirect(paths.client_users.build({ client_id }));
}

/** Spec 002 screen 12 (add user): e-mail, roles, and for admins whether the terms must be accepted. */
export function ClientUserAddRoute() {
  const { client, rights } = useClientShell();
  const data = useActionData<UserAddData>();
  const submitting = useNavigation().state !== 'idle';
  const [email, setEmail] = useState('');
  const [shownError, setShownError] = useState<string | undefined>();
  const touched = useRef(false);
  const emailRef = useRef<HTMLInputElement>(null);

  // The check while typing waits for a pause; a refused submit shows its own at once.
  useEffect(() => {
    if (!touched.current) return;
    const timer = setTimeout(() => setShownError(emailError(email.trim())), EMAIL_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [email]);

  useEffect(() => {
    if (data?.emailError) {
      setShownError(data.emailError);
      emailRef.current?.focus();
    }
  }, [data]);

  return (
    <Box sx={{ p: { xs: 2, sm: 3 }, maxWidth: 720 }}>
      <Paper variant="outlined" component="section" aria-labelledby="client-user-add-title" sx={{ p: { xs: 2, sm: 3 } }}>
        <Form method="post" noValidate>
          <Stack spacing={3}>
            <Typography id="client-user-add-title" variant="h6" component="h2">
              {t.title}
            </Typography>
            {data?.errors.map((text) => (
              <Alert key={text} severity="error" role="alert">
                {text}
              </Alert>
            ))}
            <TextField
              id="client-user-add-email"
              name="email"
              type="email"
              label={t.email}
              value={email}
              onChange={(event) => {
                touched.current = true;
                setEmail(event.target.value);
              }}
              required
              autoFocus
              fullWidth
              inputRef={emailRef}
              error={Boolean(shownError)}
              helperText={shownError}
            />
            <RoleCheckboxes rights={rights} />
            {isAdmin(rights.roles) && <FormControlLabel control={<Checkbox name="require_terms" />} label={t.requireTerms} />}
            <Stack direction="row" spacing={2}>
              <Button type="submit" variant="contained" disabled={submitting}>
                {t.submit}
              </Button>
              <Button component={RouterLink} to={paths.client_users.build({ client_id: client.id })}>
                {t.cancel}
              </Button>
            </Stack>
          </Stack>
        </Form>
      </Paper>
    </Box>
  );
}
