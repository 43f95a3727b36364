import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { Form, redirect, useActionData, useNavigation, type ActionFunctionArgs } from 'react-router';
import { paths } from '@/config/paths';
import { showToast } from '@/lib/toast';
import { nl } from '@/messages/nl-admin';
import { createGroup, failureTexts } from '../api';

const t = nl.clients.groupAdd;

interface GroupAddData {
  label: string;
  labelError?: string;
  /** Above the form: the check text, or each detail of the server's refusal. */
  errors: string[];
}

/** `POST jsonapi/user_group/user_group` for the client; then the groups list (spec 002 screen 14). */
export async function clientUserGroupAddAction({ params, request }: ActionFunctionArgs): Promise<GroupAddData | Response> {
  const client_id = params.client_id ?? '';
  const form = await request.formData();
  const label = String(form.get('label') ?? '').trim();
  if (!label) return { label, labelError: t.nameRequired, errors: [t.checkForm] };
  try {
    const created = await createGroup(client_id, label);
    showToast(t.created(created.attributes.label || label), { severity: 'success' });
  } catch (error) {
    return { label, errors: failureTexts(error, t.failed) };
  }
  return redirect(paths.client_user_groups.build({ client_id }));
}

/** Spec 002 screen 14: 'Groepnaam' and 'Groep toevoegen aan klant'. */
export function ClientUserGroupAddRoute() {
  const data = useActionData<GroupAddData>();
  const submitting = useNavigation().state !== 'idle';
  const labelRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (data?.labelError) labelRef.current?.focus();
  }, [data]);

  return (
    <Box sx={{ p: { xs: 2, sm: 3 }, maxWidth: 720 }}>
      <Paper variant="outlined" component="section" aria-labelledby="client-group-add-title" sx={{ p: { xs: 2, sm: 3 } }}>
        <Form method="post" noValidate>
          <Stack spacing={3}>
            <Typography id="client-group-add-title" variant="h6" component="h2">
              {t.title}
            </Typography>
            {data?.errors.map((text) => (
              <Alert key={text} severity="error" role="alert">
                {text}
              </Alert>
            ))}
            <TextField
              id="client-group-add-label"
              name="label"
              label={t.name}
              defaultValue={data?.label ?? ''}
              required
              autoFocus
              fullWidth
              inputRef={labelRef}
              error={Boolean(data?.labelError)}
              helperText={data?.labelError}
            />
            <Box>
              <Button type="submit" variant="contained" disabled={submitting}>
                {t.submit}
              </Button>
            </Box>
          </Stack>
        </Form>
      </Paper>
    </Box>
  );
}
