import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Form, Link as RouterLink, useActionData, useNavigation, type ActionFunctionArgs } from 'react-router';
import { TextInput } from '@/components/text-input';
import { CenteredCard } from '@/components/centered-card';
import { paths } from '@/config/paths';
import { nl } from '@/messages/nl';
import { requestPasswordReset } from '../api';
import { validateEmail } from '../validation';

interface ForgottenActionData {
  email: string;
  fieldError?: string;
  result?: { ok: boolean; message: string };
}

export async function passwordForgottenAction({ request }: ActionFunctionArgs): Promise<ForgottenActionData> {
  const form = await request.formData();
  const email = String(form.get('email') ?? '').trim();
  const fieldError = validateEmail(email);
  if (fieldError) return { email, fieldError };
  return { email, result: await requestPasswordReset(email) };
}

export function PasswordForgottenRoute() {
  const data = useActionData<ForgottenActionData>();
  const submitting = useNavigation().state === 'submitting';
  const sent = data?.result?.ok === true;

  return (
    <CenteredCard title={nl.auth.forgotTitle}>
      <Stack spacing={2} sx={{ mt: 1 }}>
        {data?.result && (
          <Alert severity={data.result.ok ? 'success' : 'error'} role={data.result.ok ? 'status' : 'alert'}>
            {data.result.message}
          </Alert>
        )}
        {!sent && (
          <Form method="post" noValidate>
            <Stack spacing={2}>
              <Typography variant="body2">{nl.auth.forgotIntro}</Typography>
              <TextInput
                id="forgotten-email"
                name="email"
                type="email"
                label={nl.auth.emailLabel}
                autoComplete="email"
                defaultValue={data?.email ?? ''}
                required
                autoFocus
                fullWidth
                error={Boolean(data?.fieldError)}
                helperText={data?.fieldError}
              />
              <Button type="submit" variant="contained" disabled={submitting}>
                {nl.auth.forgotSubmit}
              </Button>
            </Stack>
          </Form>
        )}
        <Link component={RouterLink} to={paths.login.build()}>
          {nl.auth.backToLogin}
        </Link>
      </Stack>
    </CenteredCard>
  );
}
