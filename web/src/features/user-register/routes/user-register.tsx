import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink, redirect, useLoaderData, useParams, type LoaderFunctionArgs } from 'react-router';
import { CenteredCard } from '@/components/centered-card';
import { SafeHtml } from '@/components/safe-html';
import { SizedDialog } from '@/components/sized-dialog';
import { DIALOG_WIDTH } from '@/config/app';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api';
import { isValidEmail } from '@/lib/email';
import { showToast } from '@/lib/toast';
import { nl } from '@/messages/nl';
import { loadAnonymousForm, loadPublicClient, registerUser, type PublicClient } from '../api';

/** Spec 000 section 9: the e-mail field is checked 100 ms after typing stops. */
const EMAIL_DEBOUNCE_MS = 100;

interface UserRegisterData {
  client: PublicClient;
  formName: string | null;
}

/** Spec 000 section 8: an invalid link says why and goes to the 404 page. */
function invalidLink(message: string): Response {
  showToast(message, { severity: 'error' });
  return redirect(paths.not_found.build());
}

export async function userRegisterLoader({ params }: LoaderFunctionArgs): Promise<UserRegisterData> {
  const uuid = params.client_uuid ?? '';
  const client = await loadPublicClient(uuid).catch((error: unknown) => {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) throw invalidLink(nl.userRegister.clientUnknown);
    throw error;
  });
  if (!params.form_id) return { client, formName: null };
  const form = await loadAnonymousForm(params.form_id).catch((error: unknown) => {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) throw invalidLink(nl.userRegister.formUnknown);
    throw error;
  });
  if (form.client_uuid !== client.uuid) throw invalidLink(nl.userRegister.formUnknown);
  return { client, formName: form.form_name };
}

function emailError(email: string): string | undefined {
  const value = email.trim();
  if (value === '') return nl.auth.emailRequired;
  return isValidEmail(value) ? undefined : nl.auth.emailInvalid;
}

/** Spec 000 screen 14: self-registration as a user of a client, without signing in. */
export function UserRegisterRoute() {
  const { client, formName } = useLoaderData<UserRegisterData>();
  const { form_id } = useParams();
  const dialogTitleId = useId();
  const emailRef = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const [shownError, setShownError] = useState<string | undefined>();
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  useEffect(() => {
    if (!touched) return;
    const timer = setTimeout(() => setShownError(emailError(email)), EMAIL_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [email, touched]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = emailError(email);
    setTouched(true);
    setShownError(problem);
    if (problem) {
      emailRef.current?.focus();
      return;
    }
    setSubmitting(true);
    setFailure(null);
    const result = await registerUser(email.trim(), client.uuid, form_id);
    setSubmitting(false);
    if (result.ok) setDone(result.message);
    else setFailure(result.message);
  };

  return (
    <CenteredCard title={nl.userRegister.title(client.name)}>
      <Stack component="form" noValidate spacing={2} sx={{ mt: 1 }} onSubmit={(event) => void submit(event)}>
        {client.introText && <SafeHtml html={client.introText} />}
        {formName && <Typography color="text.secondary">{nl.userRegister.form(formName)}</Typography>}
        {failure && (
          <Alert severity="error" role="alert" onClose={() => setFailure(null)} slotProps={{ closeButton: { 'aria-label': nl.shell.close, title: nl.shell.close } }}>
            {failure}
          </Alert>
        )}
        <TextField
          id="register-email"
          type="email"
          label={nl.auth.emailLabel}
          autoComplete="email"
          required
          fullWidth
          inputRef={emailRef}
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            setTouched(true);
          }}
          error={Boolean(shownError)}
          helperText={shownError}
        />
        <Button type="submit" variant="contained" size="large" disabled={submitting}>
          {nl.userRegister.submit}
        </Button>
      </Stack>
      <SizedDialog width={DIALOG_WIDTH.success} open={done !== null} aria-labelledby={dialogTitleId}>
        <DialogTitle id={dialogTitleId}>{nl.userRegister.doneTitle}</DialogTitle>
        <DialogContent>
          <DialogContentText>{done}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button variant="contained" component={RouterLink} to={paths.home.build()} autoFocus>
            {nl.userRegister.home}
          </Button>
        </DialogActions>
      </SizedDialog>
    </CenteredCard>
  );
}
