import DeleteIcon from '@mui/icons-material/Delete';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import {
  Form,
  Link as RouterLink,
  useActionData,
  useLoaderData,
  useNavigation,
  useRevalidator,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DutchPagination } from '@/components/dutch-pagination';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api';
import { showToast } from '@/lib/toast';
import { nl } from '@/messages/nl-admin';
import {
  addGroupMember,
  failureTexts,
  loadClientUsers,
  loadGroup,
  loadGroupForms,
  removeGroupMember,
  renameGroup,
  type ClientUser,
  type GroupForm,
  type GroupMember,
  type GroupWithMembers,
} from '../api';
import { useClientShell } from '../client-context';
import { can, CLIENT_PERMISSION } from '../policy';

const t = nl.clients.groupEdit;

/** Rows per page of the 'add users' table. */
const CANDIDATE_PAGE_SIZE = 10;

/** The group and its members (`include=users`). */
export async function clientUserGroupEditLoader({ params, request }: LoaderFunctionArgs): Promise<GroupWithMembers> {
  return loadGroup(params.group_id ?? '', request.signal);
}

interface GroupEditResult {
  labelError?: string;
  errors: string[];
}

/** `PATCH jsonapi/user_group/user_group/{id}` with the new name; stays on the screen. */
export async function clientUserGroupEditAction({ params, request }: ActionFunctionArgs): Promise<GroupEditResult> {
  const form = await request.formData();
  const label = String(form.get('label') ?? '').trim();
  if (!label) return { labelError: t.nameRequired, errors: [t.checkForm] };
  try {
    const saved = await renameGroup(params.group_id ?? '', label);
    showToast(t.saved(saved.attributes.label || label), { severity: 'success' });
  } catch (error) {
    return { errors: failureTexts(error, t.saveFailed) };
  }
  return { errors: [] };
}

/** Whether a refusal is the 403 the app already reacts to (message, then the dashboard). */
const forbidden = (error: unknown) => error instanceof ApiError && error.status === 403;

/**
 * Spec 002 screen 15: the group's name; its forms and the client users not yet in it, each in a
 * collapsible part loaded on first open; its members with a remove button (after confirmation).
 * Renaming and changing members are for 'create user group', as on the server: with 'view user
 * group' alone the screen shows the group, its forms and members, and changes nothing. Adding
 * members also lists the client's users, which asks 'eform client add users'.
 */
export function ClientUserGroupEditRoute() {
  const { group, members } = useLoaderData<GroupWithMembers>();
  const { client, rights } = useClientShell();
  const manage = can(rights, CLIENT_PERMISSION.createGroup);
  const addMembers = manage && can(rights, CLIENT_PERMISSION.addUsers);
  const result = useActionData<GroupEditResult>();
  const submitting = useNavigation().state !== 'idle';
  const revalidator = useRevalidator();
  const labelRef = useRef<HTMLInputElement>(null);
  const [removing, setRemoving] = useState<GroupMember | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (result?.labelError) labelRef.current?.focus();
  }, [result]);

  const onRemove = async (member: GroupMember) => {
    setRemoving(null);
    setBusy(true);
    try {
      await removeGroupMember(group.id, member.id);
      showToast(t.removed, { severity: 'success' });
      await revalidator.revalidate();
    } catch (error) {
      if (!forbidden(error)) showToast(t.removeFailed, { severity: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const onAdd = async (user: ClientUser) => {
    setBusy(true);
    try {
      await addGroupMember(group.id, user.id);
      showToast(t.added, { severity: 'success' });
      await revalidator.revalidate();
    } catch (error) {
      if (!forbidden(error)) showToast(t.addFailed, { severity: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={{ p: { xs: 2, sm: 3 }, maxWidth: 950, display: 'grid', gap: 2 }}>
      <Paper variant="outlined" component="section" aria-labelledby="client-group-edit-title" sx={{ p: { xs: 2, sm: 3 } }}>
        {manage ? (
          <Form method="post" noValidate>
            <Stack spacing={3}>
              <Typography id="client-group-edit-title" variant="h6" component="h2">
                {t.title(group.attributes.label)}
              </Typography>
              {result?.errors.map((text) => (
                <Alert key={text} severity="error" role="alert">
                  {text}
                </Alert>
              ))}
              <TextField
                key={group.attributes.label}
                id="client-group-edit-label"
                name="label"
                label={t.name}
                defaultValue={group.attributes.label}
                required
                fullWidth
                inputRef={labelRef}
                error={Boolean(result?.labelError)}
                helperText={result?.labelError}
              />
              <Stack direction="row" spacing={2}>
                <Button type="submit" variant="contained" disabled={submitting}>
                  {t.save}
                </Button>
                <Button component={RouterLink} to={paths.client_user_groups.build({ client_id: client.id })}>
                  {t.back}
                </Button>
              </Stack>
            </Stack>
          </Form>
        ) : (
          <Stack spacing={2}>
            <Typography id="client-group-edit-title" variant="h6" component="h2">
              {t.title(group.attributes.label)}
            </Typography>
            <Typography color="text.secondary">{t.readOnly}</Typography>
            <Box>
              <Button component={RouterLink} to={paths.client_user_groups.build({ client_id: client.id })}>
                {t.back}
              </Button>
            </Box>
          </Stack>
        )}
      </Paper>

      <GroupForms groupId={group.id} />
      {addMembers && <Candidates clientId={client.id} members={members} busy={busy} onAdd={(user) => void onAdd(user)} />}

      <Paper variant="outlined" component="section" aria-labelledby="client-group-members-title" sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}>
        <Typography id="client-group-members-title" variant="h6" component="h3">
          {t.members}
        </Typography>
        {members.length === 0 ? (
          <Typography color="text.secondary">{t.membersEmpty}</Typography>
        ) : (
          <Table aria-label={t.members} size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t.memberName}</TableCell>
                {manage && <TableCell align="right">{t.actions}</TableCell>}
              </TableRow>
            </TableHead>
            <TableBody>
              {members.map((member) => (
                <TableRow key={member.id}>
                  <TableCell>{member.name}</TableCell>
                  {manage && (
                    <TableCell align="right">
                      <Tooltip title={t.remove(member.name)}>
                        <span>
                          <IconButton aria-label={t.remove(member.name)} color="error" disabled={busy} onClick={() => setRemoving(member)}>
                            <DeleteIcon />
                          </IconButton>
                        </span>
                      </Tooltip>
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Paper>

      <ConfirmDialog
        open={removing !== null}
        title={t.confirmTitle}
        text={removing ? t.confirmText(removing.name) : ''}
        confirmLabel={t.confirm}
        onConfirm={() => removing && void onRemove(removing)}
        onCancel={() => setRemoving(null)}
      />
    </Box>
  );
}

type Loaded<T> = { state: 'idle' } | { state: 'loading' } | { state: 'done'; value: T } | { state: 'failed' };

/** Loads `load` the first time `open` is true, and keeps the answer (closing does not forget it). */
function useLoadOnOpen<T>(open: boolean, load: (signal: AbortSignal) => Promise<T>): Loaded<T> {
  const [loaded, setLoaded] = useState<Loaded<T>>({ state: 'idle' });
  const [wanted, setWanted] = useState(false);
  const loadRef = useRef(load);
  useEffect(() => {
    loadRef.current = load;
  });
  if (open && !wanted) setWanted(true);
  useEffect(() => {
    if (!wanted) return;
    const controller = new AbortController();
    setLoaded({ state: 'loading' });
    loadRef.current(controller.signal).then(
      (value) => setLoaded({ state: 'done', value }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn('could not load', error);
        setLoaded({ state: 'failed' });
      },
    );
    return () => controller.abort();
  }, [wanted]);
  return loaded;
}

/** The group's forms, each with a button to the form's page; loaded on first open. */
function GroupForms({ groupId }: { groupId: string }) {
  const [open, setOpen] = useState(false);
  const forms = useLoadOnOpen<GroupForm[]>(open, (signal) => loadGroupForms(groupId, signal));
  return (
    <Accordion expanded={open} onChange={(_event, expanded) => setOpen(expanded)} variant="outlined" disableGutters>
      <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls="client-group-forms" id="client-group-forms-header">
        <Typography>{t.forms}</Typography>
      </AccordionSummary>
      <AccordionDetails id="client-group-forms">
        {forms.state === 'loading' && <CircularProgress size={24} aria-label={nl.clients.loading} />}
        {forms.state === 'failed' && <Alert severity="error">{t.formsFailed}</Alert>}
        {forms.state === 'done' &&
          (forms.value.length === 0 ? (
            <Typography color="text.secondary">{t.formsEmpty}</Typography>
          ) : (
            <List dense aria-label={t.forms}>
              {forms.value.map((form) => (
                <ListItem
                  key={form.form_id}
                  secondaryAction={
                    <Button size="small" component={RouterLink} to={paths.form_view.build({ form_id: form.form_id })} aria-label={t.viewForm(form.form_name)}>
                      {t.viewFormButton}
                    </Button>
                  }
                >
                  <ListItemText primary={form.form_name} />
                </ListItem>
              ))}
            </List>
          ))}
      </AccordionDetails>
    </Accordion>
  );
}

/** The client users not yet in the group, paged, loaded on first open; each with an add button. */
function Candidates({ clientId, members, busy, onAdd }: { clientId: string; members: GroupMember[]; busy: boolean; onAdd(user: ClientUser): void }) {
  const [open, setOpen] = useState(false);
  const [page, setPage] = useState(0);
  const users = useLoadOnOpen<ClientUser[]>(open, (signal) => loadClientUsers(clientId, signal));
  const memberIds = new Set(members.map((member) => member.id));
  const candidates = users.state === 'done' ? users.value.filter((user) => !memberIds.has(user.id)) : [];
  const lastPage = Math.max(0, Math.ceil(candidates.length / CANDIDATE_PAGE_SIZE) - 1);
  const shownPage = Math.min(page, lastPage);
  const rows = candidates.slice(shownPage * CANDIDATE_PAGE_SIZE, (shownPage + 1) * CANDIDATE_PAGE_SIZE);
  return (
    <Accordion expanded={open} onChange={(_event, expanded) => setOpen(expanded)} variant="outlined" disableGutters>
      <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls="client-group-candidates" id="client-group-candidates-header">
        <Typography>{t.addUsers}</Typography>
      </AccordionSummary>
      <AccordionDetails id="client-group-candidates">
        {users.state === 'loading' && <CircularProgress size={24} aria-label={nl.clients.loading} />}
        {users.state === 'failed' && <Alert severity="error">{t.usersFailed}</Alert>}
        {users.state === 'done' &&
          (candidates.length === 0 ? (
            <Typography color="text.secondary">{t.addUsersEmpty}</Typography>
          ) : (
            <>
              <Table aria-label={t.addUsersTable} size="small">
                <TableHead>
                  <TableRow>
                    <TableCell>{t.memberName}</TableCell>
                    <TableCell>{t.email}</TableCell>
                    <TableCell align="right">{t.actions}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {rows.map((user) => (
                    <TableRow key={user.id}>
                      <TableCell>{user.display_name}</TableCell>
                      <TableCell>{user.email}</TableCell>
                      <TableCell align="right">
                        <Tooltip title={t.add(user.display_name)}>
                          <span>
                            <IconButton aria-label={t.add(user.display_name)} color="primary" disabled={busy} onClick={() => onAdd(user)}>
                              <PersonAddIcon />
                            </IconButton>
                          </span>
                        </Tooltip>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
              <DutchPagination
                component="div"
                count={candidates.length}
                page={shownPage}
                rowsPerPage={CANDIDATE_PAGE_SIZE}
                rowsPerPageOptions={[CANDIDATE_PAGE_SIZE]}
                onPageChange={(_event, next) => setPage(next)}
              />
            </>
          ))}
      </AccordionDetails>
    </Accordion>
  );
}
