import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { Form, Link as RouterLink, useActionData, useNavigation, type ActionFunctionArgs } from 'react-router';
import { TextInput } from '@/components/text-input';
import { CenteredCard } from '@/components/centered-card';
import { paths } from '@/config/paths';
import { nl } from '@/messages/nl';
import { resetPassword } from '../api';
import { MIN_PASSWORD_LENGTH, validateNewPassword, type FieldErrors } from '../validation';

interface ResetActionData {
  fieldErrors?: FieldErrors<'password' | 'repeat'>;
  result?: { ok: boolean; message: string };
}

export async function passwordResetAction({ request, params }: ActionFunctionArgs): Promise<ResetActionData> {
  const form = await request.formData();
  const password = String(form.get('password') ?? '');
  const repeat = String(form.get('repeat') ?? '');
  const fieldErrors = validateNewPassword({ password, repeat });
  if (fieldErrors) return { fieldErrors };
  return { result: await resetPassword(params.token ?? '', password) };
}

export function PasswordResetRoute() {
  const data = useActionData<ResetActionData>();
  const submitting = useNavigation().state === 'submitting';
  const done = data?.result?.ok === true;

  return (
    <CenteredCard title={nl.auth.resetTitle}>
      <Stack spacing={2} sx={{ mt: 1 }}>
        {data?.result && (
          <Alert severity={data.result.ok ? 'success' : 'error'} role={data.result.ok ? 'status' : 'alert'}>
            {data.result.message}
          </Alert>
        )}
        {done ? (
          <Button variant="contained" component={RouterLink} to={paths.login.build()}>
            {nl.auth.toLogin}
          </Button>
        ) : (
          <Form method="post" noValidate>
            <Stack spacing={2}>
              <TextInput
                id="reset-password"
                name="password"
                type="password"
                label={nl.auth.newPasswordLabel}
                autoComplete="new-password"
                required
                autoFocus
                fullWidth
                error={Boolean(data?.fieldErrors?.password)}
                helperText={data?.fieldErrors?.password ?? nl.auth.passwordTooShort(MIN_PASSWORD_LENGTH)}
              />
              <TextInput
                id="reset-repeat"
                name="repeat"
                type="password"
                label={nl.auth.repeatPasswordLabel}
                autoComplete="new-password"
                required
                fullWidth
                error={Boolean(data?.fieldErrors?.repeat)}
                helperText={data?.fieldErrors?.repeat}
              />
              <Button type="submit" variant="contained" disabled={submitting}>
                {nl.auth.resetSubmit}
              </Button>
            </Stack>
          </Form>
        )}
        {!done && (
          <Link component={RouterLink} to={paths.login.build()}>
            {nl.auth.backToLogin}
          </Link>
        )}
      </Stack>
    </CenteredCard>
  );
}
