import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import type { ActionFunctionArgs } from 'react-router';
import { LeaveGuard } from '@/components/leave-guard';
import { useAdminForm } from '@/features/form-admin/form-context';
import { summaryTokens } from '@/features/form-admin/summary';
import { useSession } from '@/lib/auth/session';
import { nl } from '@/messages/nl-admin';
import { savePartAction } from '../api';
import { EmailSettingFields } from '../components/email-setting-fields';
import { EntryList } from '../components/entry-list';
import { ProblemSummary } from '../components/problem-summary';
import { SaveBar } from '../components/save-bar';
import { blankEmailSetting, checkEmailSettings, readEmailSettings, tidyEmailSetting, type EmailSetting } from '../email-settings';
import { useListEditor, type ListEditorConfig } from '../use-list-editor';

const t = nl.formNotifications.emails;

/** Spec 000 sections 1 and 6: Word attachments need the client's paid 'word' module. */
const WORD_MODULE = 'word';

const config: ListEditorConfig<EmailSetting> = {
  part: 'email_settings',
  read: readEmailSettings,
  tidy: tidyEmailSetting,
  check: checkEmailSettings,
  messages: { saved: t.saved, saveFailed: t.saveFailed },
};

/** Saves the tab's e-mail settings: `PATCH api/form/{id}` with `email_settings` only. */
export function formEmailsAction({ request, params }: ActionFunctionArgs) {
  return savePartAction(request, params.form_id, 'email_settings');
}

/**
 * Spec 001 route form_emails, screen 10: the form's e-mail notifications, each in a panel that
 * opens and closes, checked as the server checks them, saved with the sticky
 * 'Email instellingen opslaan'. The form comes from the form shell; leaving with unsaved
 * changes asks first.
 */
export function FormEmailsRoute() {
  const { form } = useAdminForm();
  const editor = useListEditor(config);
  const tokens = useMemo(() => summaryTokens(form.schema ?? []), [form.schema]);
  const session = useSession();
  const wordModule = session.status === 'authenticated' && (session.session.client?.modules ?? []).includes(WORD_MODULE);

  return (
    <Box sx={{ p: { xs: 2, sm: 3 }, maxWidth: 1200 }}>
      <LeaveGuard active={editor.dirty} />
      <Typography variant="h5" component="h2">
        {t.title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t.intro}
      </Typography>
      {/* An admin's developer mode (form detail) redirects every mail: say so where mails are set. */}
      {form.settings?.email_developer_mode === true && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t.developerMode(String(form.settings.email_developer_address ?? '').trim())}
        </Alert>
      )}
      {editor.refused && <ProblemSummary other={editor.otherProblems} />}
      <EntryList
        editor={editor}
        title={(setting, index) => t.item(index + 1, setting.email_subject.trim())}
        blank={blankEmailSetting}
        texts={t}
        fields={(setting, index) => (
          <EmailSettingFields
            setting={setting}
            index={index}
            problems={editor.problems}
            tokens={tokens}
            workflow={editor.workflow}
            wordModule={wordModule}
            formId={form.form_id}
            clientId={form.client_id}
            onChange={(next) => editor.change(index, next)}
          />
        )}
      />
      <SaveBar label={t.save} dirty={editor.dirty} saving={editor.saving} onSave={editor.save} />
    </Box>
  );
}
