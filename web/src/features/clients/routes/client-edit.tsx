import DeleteIcon from '@mui/icons-material/Delete';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import {
  Form,
  Link as RouterLink,
  useActionData,
  useLoaderData,
  useNavigation,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from 'react-router';
import { LeaveGuard } from '@/components/leave-guard';
import { SizedDialog } from '@/components/sized-dialog';
import { paths } from '@/config/paths';
import { ApiError, isUnreachableError } from '@/lib/api';
import { restoreSession } from '@/lib/auth/session';
import { showToast } from '@/lib/toast';
import { nl } from '@/messages/nl-admin';
import { failureTexts, loadAllClientUsers, loadClient, updateClient, type ClientPatch, type ClientResource, type ClientUserSummary } from '../api';
import { CLIENT_MODULES, moduleLabel } from '@/lib/modules';
import { isPlatformUser } from '../policy';

const t = nl.clients.edit;

/** Spec 002 section 9 gives dialogs of 800 and 950; a list of users needs the narrower one. */
const DIALOG_WIDTH = 800;

/** Form fields, named as the action reads them. */
const FIELD = {
  name: 'name',
  modules: 'modules',
  limit: 'field_low_credit_email_limit',
  introText: 'user_register_intro_text',
  registerEnabled: 'user_register_enabled',
  termsUser: 'terms_user',
} as const;

interface ClientEditData {
  client: ClientResource;
  /** Admin or eform employee: modules and the terms list are theirs to change (screen 6). */
  platform: boolean;
  /**
   * The client's users, for the names on the terms list and the add dialog (platform users
   * only); null when the server refused or could not be reached.
   */
  users: ClientUserSummary[] | null;
}

function globalRoles(): readonly string[] {
  const state = restoreSession();
  return state.status === 'authenticated' ? state.session.user.roles : [];
}

/**
 * Every page of `jsonapi/user/user`, which answers 'eform edit client' as well as 'eform client
 * add users', so an eform employee gets the names too. The screen can do without them: a refusal
 * or no answer leaves the terms list with ids only and nothing to add, rather than no screen.
 */
async function usersForTerms(clientId: string, signal: AbortSignal): Promise<ClientUserSummary[] | null> {
  try {
    return await loadAllClientUsers(clientId, signal, false);
  } catch (error) {
    if ((error instanceof ApiError && error.status === 403) || isUnreachableError(error)) return null;
    throw error;
  }
}

/**
 * The client as JSON:API answers it (intro text and terms list included), and for platform
 * users the client's users. The shell has checked 'eform edit client'.
 */
export async function clientEditLoader({ params, request }: LoaderFunctionArgs): Promise<ClientEditData> {
  const client_id = params.client_id ?? '';
  const platform = isPlatformUser(globalRoles());
  const [client, users] = await Promise.all([
    loadClient(client_id, request.signal),
    platform ? usersForTerms(client_id, request.signal) : Promise.resolve(null),
  ]);
  return { client, platform, users };
}

/** A low-credit limit as the server takes it (decision 019): a whole number of at least 0. */
export function parseLowCreditLimit(raw: string): number | undefined {
  const text = raw.trim();
  if (!/^\d+$/.test(text)) return undefined;
  const limit = Number(text);
  return Number.isSafeInteger(limit) ? limit : undefined;
}

interface ClientEditResult {
  nameError?: string;
  limitError?: string;
  /** Shown above the form: the spec's check text, or each detail of the server's refusal. */
  errors: string[];
}

/**
 * Checks name and limit (spec 002 section 5), then `PATCH jsonapi/client/client/{id}`; modules
 * and the terms list go along only for platform users, as the server refuses them from others.
 * Stays on the screen: the loaders read the saved client again.
 */
export async function clientEditAction({ params, request }: ActionFunctionArgs): Promise<ClientEditResult> {
  const client_id = params.client_id ?? '';
  const form = await request.formData();
  const name = String(form.get(FIELD.name) ?? '').trim();
  const limitText = String(form.get(FIELD.limit) ?? '');
  const limit = parseLowCreditLimit(limitText);
  const nameError = name ? undefined : t.nameRequired;
  const limitError = limit !== undefined ? undefined : limitText.trim() === '' ? t.lowCreditLimitRequired : t.lowCreditLimitInvalid;
  if (nameError || limitError || limit === undefined) return { nameError, limitError, errors: [t.checkForm] };

  const patch: ClientPatch = {
    name,
    field_low_credit_email_limit: limit,
    introText: String(form.get(FIELD.introText) ?? ''),
    user_register_enabled: form.get(FIELD.registerEnabled) === 'on',
  };
  if (isPlatformUser(globalRoles())) {
    patch.modules = form.getAll(FIELD.modules).map(String);
    patch.termsUsers = form.getAll(FIELD.termsUser).map(String);
  }
  try {
    const saved = await updateClient(client_id, patch);
    showToast(t.saved(saved.attributes.name || name), { severity: 'success' });
  } catch (error) {
    return { errors: failureTexts(error, t.failed) };
  }
  return { errors: [] };
}

interface EditValues {
  name: string;
  modules: string[];
  /** As typed; checked by the action. */
  limit: string;
  introText: string;
  registerEnabled: boolean;
  termsUsers: string[];
}

function valuesOf(client: ClientResource): EditValues {
  const { attributes } = client;
  return {
    name: attributes.name,
    modules: attributes.modules ?? [],
    limit: String(attributes.field_low_credit_email_limit ?? 0),
    introText: attributes.user_register_intro_text?.value ?? '',
    registerEnabled: attributes.user_register_enabled ?? false,
    termsUsers: client.relationships?.terms_and_conditions_users.data.map((ref) => ref.id) ?? [],
  };
}

/** Same content; the order of modules and of the terms list does not count. */
function sameValues(a: EditValues, b: EditValues): boolean {
  const sorted = (list: string[]) => [...list].sort().join('\n');
  return (
    a.name === b.name &&
    a.limit === b.limit &&
    a.introText === b.introText &&
    a.registerEnabled === b.registerEnabled &&
    sorted(a.modules) === sorted(b.modules) &&
    sorted(a.termsUsers) === sorted(b.termsUsers)
  );
}

/**
 * Spec 002 screen 6: name, modules (platform users), low-credit limit, the registration intro
 * text, whether the client takes self-registrations, and the users who must accept the terms
 * (platform users). 'Klant opslaan' saves and stays; leaving with changes asks first.
 */
export function ClientEditRoute() {
  const { client, platform, users } = useLoaderData<ClientEditData>();
  const result = useActionData<ClientEditResult>();
  const submitting = useNavigation().state !== 'idle';
  const nameRef = useRef<HTMLInputElement>(null);
  const limitRef = useRef<HTMLInputElement>(null);
  const registerHelpId = useId();
  const modulesHelpId = useId();

  // The saved client is the base; after a save the loader reads it again and the form follows.
  const saved = useMemo(() => valuesOf(client), [client]);
  const [base, setBase] = useState(saved);
  const [values, setValues] = useState(saved);
  if (!sameValues(base, saved)) {
    setBase(saved);
    setValues(saved);
  }
  const dirty = !sameValues(values, base);
  const set = <K extends keyof EditValues>(key: K, value: EditValues[K]) => setValues((current) => ({ ...current, [key]: value }));

  // Back to the first field that needs fixing, for keyboard and screen-reader users.
  useEffect(() => {
    if (result?.nameError) nameRef.current?.focus();
    else if (result?.limitError) limitRef.current?.focus();
  }, [result]);

  const toggleModule = (module: string, on: boolean) =>
    set('modules', on ? [...values.modules.filter((held) => held !== module), module] : values.modules.filter((held) => held !== module));

  return (
    <Box sx={{ p: { xs: 2, sm: 3 }, maxWidth: 950 }}>
      <LeaveGuard active={dirty} />
      <Paper variant="outlined" component="section" aria-labelledby="client-edit-title" sx={{ p: { xs: 2, sm: 3 } }}>
        <Form method="post" noValidate>
          <Stack spacing={3}>
            <Typography id="client-edit-title" variant="h6" component="h2">
              {t.title}
            </Typography>
            {result?.errors.map((text) => (
              <Alert key={text} severity="error" role="alert">
                {text}
              </Alert>
            ))}
            <TextField
              id="client-edit-name"
              name={FIELD.name}
              label={t.name}
              value={values.name}
              onChange={(event) => set('name', event.target.value)}
              required
              fullWidth
              inputRef={nameRef}
              error={Boolean(result?.nameError)}
              helperText={result?.nameError}
            />

            {platform && (
              <FormControl component="fieldset" variant="standard" aria-describedby={modulesHelpId}>
                <FormLabel component="legend">{t.modules}</FormLabel>
                <FormGroup row>
                  {CLIENT_MODULES.map((module) => (
                    <FormControlLabel
                      key={module}
                      label={moduleLabel(module)}
                      control={
                        <Checkbox
                          name={FIELD.modules}
                          value={module}
                          checked={values.modules.includes(module)}
                          onChange={(event) => toggleModule(module, event.target.checked)}
                        />
                      }
                    />
                  ))}
                </FormGroup>
                <FormHelperText id={modulesHelpId}>{t.modulesHelp}</FormHelperText>
              </FormControl>
            )}

            <TextField
              id="client-edit-low-credit-limit"
              name={FIELD.limit}
              label={t.lowCreditLimit}
              type="number"
              value={values.limit}
              onChange={(event) => set('limit', event.target.value)}
              required
              inputRef={limitRef}
              error={Boolean(result?.limitError)}
              helperText={result?.limitError ?? t.lowCreditLimitHelp}
              slotProps={{ htmlInput: { min: 0, step: 1, inputMode: 'numeric' } }}
              sx={{ maxWidth: 360 }}
            />

            <TextField
              id="client-edit-intro-text"
              name={FIELD.introText}
              label={t.introText}
              value={values.introText}
              onChange={(event) => set('introText', event.target.value)}
              multiline
              minRows={4}
              fullWidth
              helperText={t.introTextHelp}
            />

            <Box>
              <FormControlLabel
                label={t.registerEnabled}
                control={
                  <Checkbox
                    name={FIELD.registerEnabled}
                    checked={values.registerEnabled}
                    onChange={(event) => set('registerEnabled', event.target.checked)}
                    slotProps={{ input: { 'aria-describedby': registerHelpId } }}
                  />
                }
              />
              <FormHelperText id={registerHelpId} sx={{ mt: 0 }}>
                {t.registerEnabledHelp}
              </FormHelperText>
            </Box>

            {platform && (
              <TermsUsers
                ids={values.termsUsers}
                users={users}
                onChange={(termsUsers) => set('termsUsers', termsUsers)}
              />
            )}

            <Stack direction="row" spacing={2}>
              <Button type="submit" variant="contained" disabled={submitting}>
                {t.submit}
              </Button>
              <Button component={RouterLink} to={paths.client_view.build({ client_id: client.id })}>
                {t.cancel}
              </Button>
            </Stack>
          </Stack>
        </Form>
      </Paper>
    </Box>
  );
}

interface TermsRow {
  id: string;
  name: string;
  email: string;
}

function rowOf(id: string, user: ClientUserSummary | undefined): TermsRow {
  return { id, name: user?.display_name || user?.email || id, email: user?.email ?? '' };
}

/**
 * The users who must accept the client's terms (all rows, spec 002 section 9), each with a
 * remove button, and the dialog that adds one of the client's other users. The list is sent
 * with the form as hidden fields.
 */
function TermsUsers({ ids, users, onChange }: { ids: string[]; users: ClientUserSummary[] | null; onChange(ids: string[]): void }) {
  const [adding, setAdding] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const byId = useMemo(() => new Map((users ?? []).map((user) => [user.id, user])), [users]);
  const rows = ids.map((id) => rowOf(id, byId.get(id)));
  const candidates = (users ?? []).filter((user) => !ids.includes(user.id));

  const remove = (id: string) => {
    onChange(ids.filter((listed) => listed !== id));
    // The row and its button are gone; the section's heading keeps the keyboard's place.
    headingRef.current?.focus();
  };

  return (
    <Box component="section" aria-labelledby="client-edit-terms-title" sx={{ display: 'grid', gap: 1.5 }}>
      <Typography id="client-edit-terms-title" variant="subtitle1" component="h3" ref={headingRef} tabIndex={-1} sx={{ outline: 'none' }}>
        {t.terms}
      </Typography>
      {ids.map((id) => (
        <input key={id} type="hidden" name={FIELD.termsUser} value={id} />
      ))}
      {users === null && <Alert severity="warning">{t.termsUsersFailed}</Alert>}
      {rows.length === 0 ? (
        <Typography color="text.secondary">{t.termsEmpty}</Typography>
      ) : (
        <TableContainer>
          <Table aria-labelledby="client-edit-terms-title" size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t.termsName}</TableCell>
                <TableCell>{t.termsEmail}</TableCell>
                <TableCell align="right">{t.termsActions}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.id}>
                  <TableCell>{row.name}</TableCell>
                  <TableCell>{row.email}</TableCell>
                  <TableCell align="right">
                    <Tooltip title={t.termsRemove(row.name)}>
                      <IconButton aria-label={t.termsRemove(row.name)} color="error" onClick={() => remove(row.id)}>
                        <DeleteIcon />
                      </IconButton>
                    </Tooltip>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <Box>
        <Button variant="outlined" startIcon={<PersonAddIcon />} disabled={users === null} onClick={() => setAdding(true)}>
          {t.termsAdd}
        </Button>
      </Box>
      <TermsDialog
        open={adding}
        candidates={candidates}
        onAdd={(user) => {
          onChange([...ids, user.id]);
          setAdding(false);
        }}
        onClose={() => setAdding(false)}
      />
    </Box>
  );
}

/** The client's users not yet on the list, with a search on name and e-mail; adding closes it. */
function TermsDialog({
  open,
  candidates,
  onAdd,
  onClose,
}: {
  open: boolean;
  candidates: ClientUserSummary[];
  onAdd(user: ClientUserSummary): void;
  onClose(): void;
}) {
  const titleId = useId();
  const [query, setQuery] = useState('');
  const needle = query.trim().toLocaleLowerCase('nl');
  const shown = needle
    ? candidates.filter((user) => `${user.display_name}\n${user.email}`.toLocaleLowerCase('nl').includes(needle))
    : candidates;

  return (
    <SizedDialog width={DIALOG_WIDTH} open={open} onClose={onClose} aria-labelledby={titleId} slotProps={{ transition: { onExited: () => setQuery('') } }}>
      <DialogTitle id={titleId}>{t.dialogTitle}</DialogTitle>
      <DialogContent>
        {candidates.length === 0 ? (
          <Typography color="text.secondary">{t.dialogEmpty}</Typography>
        ) : (
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label={t.dialogSearch}
              type="search"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              autoFocus
              fullWidth
              size="small"
            />
            {shown.length === 0 ? (
              <Typography color="text.secondary" role="status">
                {t.dialogNoMatch}
              </Typography>
            ) : (
              <Table aria-label={t.dialogTable} size="small">
                <TableHead>
                  <TableRow>
                    <TableCell>{t.termsName}</TableCell>
                    <TableCell>{t.termsEmail}</TableCell>
                    <TableCell align="right">{t.termsActions}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {shown.map((user) => {
                    const name = user.display_name || user.email;
                    return (
                      <TableRow key={user.id}>
                        <TableCell>{name}</TableCell>
                        <TableCell>{user.email}</TableCell>
                        <TableCell align="right">
                          <Tooltip title={t.dialogAdd(name)}>
                            <IconButton aria-label={t.dialogAdd(name)} color="primary" onClick={() => onAdd(user)}>
                              <PersonAddIcon />
                            </IconButton>
                          </Tooltip>
                        </TableCell>
                      </TableRow>
                    );
                  })}
                </TableBody>
              </Table>
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t.dialogClose}</Button>
      </DialogActions>
    </SizedDialog>
  );
}
