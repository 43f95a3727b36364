import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ActionFunctionArgs } from 'react-router';
import { LeaveGuard } from '@/components/leave-guard';
import { nl } from '@/messages/nl-admin';
import { savePartAction } from '../api';
import { EntryList } from '../components/entry-list';
import { ProblemSummary } from '../components/problem-summary';
import { SaveBar } from '../components/save-bar';
import { WebhookFields } from '../components/webhook-fields';
import { useListEditor, type ListEditorConfig } from '../use-list-editor';
import { blankWebhook, checkWebhooks, readWebhooks, tidyWebhook, type Webhook } from '../webhooks';

const t = nl.formNotifications.integrations;

const config: ListEditorConfig<Webhook> = {
  part: 'webhook_integrations',
  read: readWebhooks,
  tidy: tidyWebhook,
  check: checkWebhooks,
  messages: { saved: t.saved, saveFailed: t.saveFailed },
};

/** Saves the tab's integrations: `PATCH api/form/{id}` with `webhook_integrations` only. */
export function formIntegrationsAction({ request, params }: ActionFunctionArgs) {
  return savePartAction(request, params.form_id, 'webhook_integrations');
}

/**
 * Spec 001 route form_integrations, screen 11: the form's webhook integrations (name, type and
 * the URL or e-mail address the type needs, phases on workflow forms), saved with
 * 'Integraties opslaan'. Leaving with unsaved changes asks first (spec 001 section 5).
 */
export function FormIntegrationsRoute() {
  const editor = useListEditor(config);

  return (
    <Box sx={{ p: { xs: 2, sm: 3 }, maxWidth: 1200 }}>
      <LeaveGuard active={editor.dirty} />
      <Typography variant="h5" component="h2">
        {t.title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t.intro}
      </Typography>
      {editor.refused && <ProblemSummary other={editor.otherProblems} />}
      <EntryList
        editor={editor}
        title={(hook, index) => t.item(index + 1, hook.hook_name.trim())}
        blank={blankWebhook}
        texts={t}
        fields={(hook, index) => (
          <WebhookFields hook={hook} index={index} problems={editor.problems} workflow={editor.workflow} onChange={(next) => editor.change(index, next)} />
        )}
      />
      <SaveBar label={t.save} dirty={editor.dirty} saving={editor.saving} onSave={editor.save} />
    </Box>
  );
}
