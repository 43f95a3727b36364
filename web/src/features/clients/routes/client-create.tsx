import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useEffect, useRef } from 'react';
import { Form, redirect, useActionData, useNavigation, type ActionFunctionArgs } from 'react-router';
import { AdminPage } from '@/components/admin-page';
import { paths } from '@/config/paths';
import { refreshUserInfo } from '@/lib/auth/auth-service';
import { restoreSession } from '@/lib/auth/session';
import { showToast } from '@/lib/toast';
import { nl } from '@/messages/nl-admin';
import { createClient, failureTexts, type ClientResource } from '../api';
import { forbidden, isPlatformUser } from '../policy';

const t = nl.clients.create;

/** Only platform users (admin, eform_employee) create clients; others get the 403 reaction. */
export function clientCreateLoader(): null {
  const state = restoreSession();
  if (state.status !== 'authenticated' || !isPlatformUser(state.session.user.roles)) forbidden();
  return null;
}

interface ClientCreateData {
  name: string;
  nameError?: string;
  /** Shown above the form: the spec's check text, or each detail of the server's refusal. */
  errors: string[];
}

/**
 * Creates the client, then refreshes user info (the new client may be among the user's own now)
 * and opens its overview (spec 002 screen 3).
 */
export async function clientCreateAction({ request }: ActionFunctionArgs): Promise<ClientCreateData | Response> {
  const form = await request.formData();
  const name = String(form.get('name') ?? '').trim();
  if (!name) return { name, nameError: t.nameRequired, errors: [t.checkForm] };
  let created: ClientResource;
  try {
    created = await createClient(name);
  } catch (error) {
    return { name, errors: failureTexts(error, t.failed) };
  }
  try {
    await refreshUserInfo();
  } catch (error) {
    // The client exists; the drawer's client list catches up with the next refresh.
    console.warn('user info could not be refreshed after creating a client', error);
  }
  showToast(t.created(created.attributes.name || name), { severity: 'success' });
  return redirect(paths.client_view.build({ client_id: created.id }));
}

/** Spec 002 screen 3: 'Klant naam' and 'Klant aanmaken'. */
export function ClientCreateRoute() {
  const data = useActionData<ClientCreateData>();
  const submitting = useNavigation().state !== 'idle';
  const nameRef = useRef<HTMLInputElement>(null);

  // Back to the field that needs fixing, for keyboard and screen-reader users.
  useEffect(() => {
    if (data?.nameError) nameRef.current?.focus();
  }, [data]);

  return (
    <AdminPage title={t.title} maxWidth={720}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Form method="post" noValidate>
          <Stack spacing={3}>
            {data?.errors.map((text) => (
              <Alert key={text} severity="error" role="alert">
                {text}
              </Alert>
            ))}
            <TextField
              id="client-create-name"
              name="name"
              label={t.name}
              defaultValue={data?.name ?? ''}
              required
              autoFocus
              fullWidth
              inputRef={nameRef}
              error={Boolean(data?.nameError)}
              helperText={data?.nameError}
            />
            <Box>
              <Button type="submit" variant="contained" disabled={submitting}>
                {t.submit}
              </Button>
            </Box>
          </Stack>
        </Form>
      </Paper>
    </AdminPage>
  );
}
