import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useEffect, useRef } from 'react';
import { Form, Link as RouterLink, redirect, useActionData, useNavigation, type ActionFunctionArgs } from 'react-router';
import { TextInput } from '@/components/text-input';
import { CenteredCard } from '@/components/centered-card';
import { VersionText } from '@/components/version-text';
import { paths } from '@/config/paths';
import { login } from '@/lib/auth/auth-service';
import { nl } from '@/messages/nl';
import { validateLogin, type FieldErrors } from '../validation';

interface LoginActionData {
  email: string;
  fieldErrors?: FieldErrors<'email' | 'password'>;
  formError?: { message: string; severity: 'error' | 'warning' };
}

export async function loginAction({ request }: ActionFunctionArgs): Promise<LoginActionData | Response> {
  const form = await request.formData();
  const email = String(form.get('email') ?? '').trim();
  const password = String(form.get('password') ?? '');
  const fieldErrors = validateLogin({ email, password });
  if (fieldErrors) return { email, fieldErrors };
  const result = await login(email, password);
  if (!result.ok) return { email, formError: { message: result.message, severity: result.severity } };
  return redirect(paths.dashboard.build());
}

export function LoginRoute() {
  const data = useActionData<LoginActionData>();
  const submitting = useNavigation().state === 'submitting';
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const fieldErrors = data?.fieldErrors;

  // Move focus to the first field that needs fixing, so keyboard and screen-reader users land on it.
  useEffect(() => {
    if (fieldErrors?.email) emailRef.current?.focus();
    else if (fieldErrors?.password) passwordRef.current?.focus();
  }, [fieldErrors]);

  return (
    <CenteredCard title={nl.auth.loginTitle}>
      <Form method="post" noValidate>
        <Stack spacing={2} sx={{ mt: 1 }}>
          {data?.formError && (
            <Alert severity={data.formError.severity} role="alert">
              {data.formError.message}
            </Alert>
          )}
          <TextInput
            id="login-email"
            name="email"
            type="email"
            label={nl.auth.emailLabel}
            autoComplete="username"
            defaultValue={data?.email ?? ''}
            required
            autoFocus
            fullWidth
            inputRef={emailRef}
            error={Boolean(fieldErrors?.email)}
            helperText={fieldErrors?.email}
          />
          <TextInput
            id="login-password"
            name="password"
            type="password"
            label={nl.auth.passwordLabel}
            autoComplete="current-password"
            required
            fullWidth
            inputRef={passwordRef}
            error={Boolean(fieldErrors?.password)}
            helperText={fieldErrors?.password}
          />
          <Button type="submit" variant="contained" size="large" disabled={submitting}>
            {nl.auth.loginSubmit}
          </Button>
          <Link component={RouterLink} to={paths.password_forgotten.build()}>
            {nl.auth.forgotPasswordLink}
          </Link>
          <VersionText />
        </Stack>
      </Form>
    </CenteredCard>
  );
}
