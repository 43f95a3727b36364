import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import GroupOutlinedIcon from '@mui/icons-material/GroupOutlined';
import HistoryIcon from '@mui/icons-material/History';
import PersonOutlineIcon from '@mui/icons-material/PersonOutlined';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { pageColumn } from '@/components/page-column';
import { paths } from '@/config/paths';
import type { SearchableField } from '@/lib/api/types';
import { showToast } from '@/lib/toast';
import { nl } from '@/messages/nl-admin';
import {
  loadFormGroups,
  loadFormUsers,
  publishForm,
  saveForm,
  setFormGroup,
  setFormUser,
  type AdminForm,
} from '../api';
import { AccessDialog, type AccessCandidate } from '../components/access-dialog';
import { CopyPanel } from '../components/copy-panel';
import { DeveloperModePanel } from '../components/developer-mode-panel';
import { EditPanel } from '../components/edit-panel';
import { FormPreview } from '../components/form-preview';
import { GuestPanel } from '../components/guest-panel';
import { RevisionsDialog } from '../components/revisions-dialog';
import { SearchSettingsDialog } from '../components/search-settings-dialog';
import { useAdminForm } from '../form-context';
import { formatMs } from '../format';
import { detailParts } from '../rights';
import { reportFailure, useAdminSession } from '../session';
import { PHASES, phaseWarning } from '../workflow';

const t = nl.formAdmin.detail;

function Section({ children }: { children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, ...pageColumn, gap: 2 }}>
      {children}
    </Paper>
  );
}

/** Spec 001 screen 6: the form detail (Bekijk tab); each part only with its permission. */
export function FormViewRoute() {
  const { form, replace } = useAdminForm();
  const { rights, clients } = useAdminSession();
  const parts = useMemo(() => detailParts(rights), [rights]);
  const [busy, setBusy] = useState(false);
  const [dialog, setDialog] = useState<'revisions' | 'users' | 'groups' | 'search' | null>(null);
  const [phase, setPhase] = useState(form.registration_phase ?? '1');
  const workflow = form.form_type === 'workflow';
  const published = form.published_at !== null && form.published_at !== undefined;

  /** PATCHes the whole form; the answer (with a new revision) replaces the shown form. */
  const save = useCallback(
    async (next: AdminForm): Promise<boolean> => {
      setBusy(true);
      try {
        replace(await saveForm(next));
        showToast(t.saved, { severity: 'success' });
        return true;
      } catch (error) {
        reportFailure(error, t.saveFailed);
        return false;
      } finally {
        setBusy(false);
      }
    },
    [replace],
  );
  const saveSettings = (changes: Record<string, unknown>) => save({ ...form, settings: { ...(form.settings ?? {}), ...changes } });

  const togglePublished = async (publish: boolean) => {
    setBusy(true);
    try {
      replace(await publishForm(form.form_id, publish));
    } catch (error) {
      reportFailure(error, t.publishFailed);
    } finally {
      setBusy(false);
    }
  };

  const loadUsers = useCallback(
    async (): Promise<AccessCandidate[]> =>
      (await loadFormUsers(form.form_id)).map((user) => ({
        id: user.user_id,
        name: user.username || user.email,
        detail: user.email,
        assigned: user.assigned,
      })),
    [form.form_id],
  );
  const loadGroups = useCallback(
    async (): Promise<AccessCandidate[]> =>
      (await loadFormGroups(form.form_id)).map((group) => ({ id: group.group_id, name: group.name, assigned: group.assigned })),
    [form.form_id],
  );
  const setUser = useCallback((id: string, on: boolean) => setFormUser(form.form_id, id, on), [form.form_id]);
  const setGroup = useCallback((id: string, on: boolean) => setFormGroup(form.form_id, id, on), [form.form_id]);

  const users = (form.users ?? []).filter((entry) => 'user_id' in entry).length;
  const groups = (form.users ?? []).filter((entry) => 'group_id' in entry).length;
  const warning = workflow ? phaseWarning(form.schema ?? [], form.rules ?? [], phase) : null;
  const searchableFields: SearchableField[] = form.settings?.searchable_fields ?? [];
  const lastChanged = formatMs(form.updated_at);

  return (
    <Box
      sx={{
        p: { xs: 2, sm: 3 },
        display: 'grid',
        gap: 3,
        // minmax(0, …): a column is as wide as the screen, not as its widest content (a token chip).
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) minmax(0, 1fr)' },
        alignItems: 'start',
      }}
    >
      <Stack spacing={3}>
        <Section>
          <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            {parts.publish || parts.unpublish ? (
              <FormControlLabel
                control={
                  <Switch
                    checked={published}
                    disabled={busy || (published ? !parts.unpublish : !parts.publish)}
                    onChange={(event) => void togglePublished(event.target.checked)}
                  />
                }
                label={t.published}
              />
            ) : (
              <Chip label={published ? nl.formAdmin.formList.published : nl.formAdmin.formList.unpublished} />
            )}
            <Chip variant="outlined" label={workflow ? nl.formAdmin.formTypeWorkflow : nl.formAdmin.formTypeDefault} />
          </Stack>
          <Typography color="text.secondary">
            {!lastChanged ? t.neverChanged : form.user ? t.lastChangedBy(form.user, lastChanged) : t.lastChangedAt(lastChanged)}
          </Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {parts.revisions && (
              <Button startIcon={<HistoryIcon />} onClick={() => setDialog('revisions')}>
                {nl.formAdmin.revisions.open}
              </Button>
            )}
            {parts.delete && (
              <Button
                color="error"
                startIcon={<DeleteOutlineIcon />}
                component={RouterLink}
                to={paths.form_remove.build({ form_id: form.form_id })}
              >
                {t.deleteButton}
              </Button>
            )}
          </Stack>
        </Section>

        {parts.access && (
          <Section>
            <Typography variant="h6" component="h2">
              {nl.formAdmin.access.title}
            </Typography>
            <Typography color="text.secondary">
              {users + groups === 0 ? nl.formAdmin.access.intro : nl.formAdmin.access.assignedCount(users, groups)}
            </Typography>
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              <Button variant="outlined" startIcon={<PersonOutlineIcon />} onClick={() => setDialog('users')}>
                {nl.formAdmin.access.users}
              </Button>
              <Button variant="outlined" startIcon={<GroupOutlinedIcon />} onClick={() => setDialog('groups')}>
                {nl.formAdmin.access.groups}
              </Button>
            </Stack>
          </Section>
        )}

        {(parts.editName || parts.editContent) && (
          <Section>
            <EditPanel form={form} canEditName={parts.editName} canEditContent={parts.editContent} save={save} />
          </Section>
        )}

        {(parts.search || parts.guest || parts.badInternet || parts.developerMode) && (
          <Section>
            <Typography variant="h6" component="h2">
              {t.settingsTitle}
            </Typography>
            {parts.search && (
              <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                <FormControlLabel
                  control={
                    <Switch
                      checked={Boolean(form.settings?.search_enabled)}
                      disabled={busy}
                      onChange={(event) => void saveSettings({ search_enabled: event.target.checked })}
                    />
                  }
                  label={nl.formAdmin.search.switch}
                />
                <Button startIcon={<SettingsOutlinedIcon />} onClick={() => setDialog('search')}>
                  {nl.formAdmin.search.settings}
                </Button>
              </Stack>
            )}
            {parts.guest && <GuestPanel form={form} busy={busy} onToggle={(on) => void saveSettings({ guestAccess: on })} />}
            {parts.badInternet && (
              <FormControlLabel
                control={
                  <Switch
                    checked={Boolean(form.settings?.bad_internet_mode)}
                    disabled={busy}
                    onChange={(event) => void saveSettings({ bad_internet_mode: event.target.checked })}
                  />
                }
                label={nl.formAdmin.badInternet}
              />
            )}
            {parts.developerMode && (
              <DeveloperModePanel
                // A saved (or reloaded) form starts the panel afresh from what is stored.
                key={`${String(form.settings?.email_developer_mode)}-${String(form.settings?.email_developer_address)}`}
                settings={form.settings}
                busy={busy}
                onSave={(changes) => saveSettings({ ...changes })}
              />
            )}
          </Section>
        )}

        {parts.copy && (
          <Section>
            <CopyPanel form={form} clients={clients} />
          </Section>
        )}
      </Stack>

      <Stack spacing={3}>
        {workflow && (
          <Section>
            <Typography variant="h6" component="h2">
              {nl.formAdmin.workflow.title}
            </Typography>
            <TextField select label={nl.formAdmin.workflow.phase} value={phase} onChange={(event) => setPhase(event.target.value)}>
              {PHASES.map((value) => (
                <MenuItem key={value} value={value}>
                  {nl.formAdmin.workflow.phaseOption(value)}
                </MenuItem>
              ))}
            </TextField>
            {warning?.kind === 'none' && <Alert severity="info">{nl.formAdmin.workflow.none(phase)}</Alert>}
            {warning?.kind === 'several' && <Alert severity="warning">{nl.formAdmin.workflow.several(phase, warning.count)}</Alert>}
          </Section>
        )}
        <Section>
          <Typography variant="h6" component="h2">
            {t.previewTitle}
          </Typography>
          {/* A saved schema or rules start the preview afresh. */}
          <FormPreview key={`${String(form.updated_at)}-${phase}`} form={form} phase={workflow ? phase : null} />
        </Section>
      </Stack>

      {parts.revisions && (
        <RevisionsDialog
          formId={form.form_id}
          open={dialog === 'revisions'}
          canRestore={parts.restore}
          onClose={() => setDialog(null)}
        />
      )}
      {parts.access && (
        <>
          <AccessDialog
            title={nl.formAdmin.access.usersTitle}
            open={dialog === 'users'}
            onClose={() => setDialog(null)}
            load={loadUsers}
            setAssigned={setUser}
            onChanged={replace}
          />
          <AccessDialog
            title={nl.formAdmin.access.groupsTitle}
            open={dialog === 'groups'}
            onClose={() => setDialog(null)}
            load={loadGroups}
            setAssigned={setGroup}
            onChanged={replace}
          />
        </>
      )}
      {parts.search && (
        <SearchSettingsDialog
          open={dialog === 'search'}
          schema={form.schema ?? []}
          fields={searchableFields}
          onClose={() => setDialog(null)}
          onSave={(fields) => {
            setDialog(null);
            void saveSettings({ searchable_fields: fields });
          }}
        />
      )}
    </Box>
  );
}
