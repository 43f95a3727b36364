import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Form, Link as RouterLink, useActionData, useLoaderData, useNavigation, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { CenteredCard } from '@/components/centered-card';
import { paths } from '@/config/paths';
import { nl } from '@/messages/nl';
import { confirmJoin, loadJoinInvite, type JoinLink, type MessageResult } from '../api';

export function userJoinLoader({ params }: LoaderFunctionArgs): Promise<JoinLink> {
  return loadJoinInvite(params.token ?? '');
}

export function userJoinAction({ params }: ActionFunctionArgs): Promise<MessageResult> {
  return confirmJoin(params.token ?? '');
}

/**
 * The page of the link mailed when someone self-registers with the address of an existing
 * account: nothing joins a client until the account holder confirms here. Loading the page only
 * reads the link; 'Bevestigen' uses it.
 */
export function UserJoinRoute() {
  const link = useLoaderData<JoinLink>();
  const result = useActionData<MessageResult>();
  const submitting = useNavigation().state === 'submitting';
  const joined = result?.ok === true;
  // An unknown, used or expired link says so (the server's text) and leaves nothing to confirm.
  const problem = link.ok ? (result && !result.ok ? result.message : null) : link.message;

  return (
    <CenteredCard title={nl.userJoin.title}>
      <Stack spacing={2} sx={{ mt: 1 }}>
        {problem && (
          <Alert severity="error" role="alert">
            {problem}
          </Alert>
        )}
        {joined && (
          <Alert severity="success" role="status">
            {result.message}
          </Alert>
        )}
        {link.ok && !joined && (
          <Form method="post">
            <Stack spacing={2}>
              <Typography>{nl.userJoin.confirm(link.invite.email, link.invite.client_name)}</Typography>
              <Button type="submit" variant="contained" disabled={submitting}>
                {nl.userJoin.submit}
              </Button>
            </Stack>
          </Form>
        )}
        <Button component={RouterLink} to={paths.login.build()} variant={joined ? 'contained' : 'text'}>
          {nl.auth.toLogin}
        </Button>
      </Stack>
    </CenteredCard>
  );
}
