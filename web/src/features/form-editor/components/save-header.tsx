import SaveIcon from '@mui/icons-material/Save';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LeaveGuard } from '@/components/leave-guard';
import { nl } from '@/messages/nl-admin';
import type { EditedForm, EditedPart } from '../use-edited-form';

interface SaveHeaderProps {
  /** The page's own texts; `saveFailed` heads the list of problems. */
  messages: { title: string; save: string; saveFailed: string };
  state: Pick<EditedForm<EditedPart>, 'dirty' | 'saving' | 'problems'>;
  onSave(): void;
}

/**
 * The top of a builder page: its title, the unsaved-changes note, the save button and why a save
 * failed. While changes are unsaved it also asks before the user leaves the page.
 */
export function SaveHeader({ messages, state: { dirty, saving, problems }, onSave }: SaveHeaderProps) {
  return (
    <>
      <LeaveGuard active={dirty} />
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" sx={{ flex: 1 }}>
          {messages.title}
        </Typography>
        {dirty && <Typography color="warning.main">{nl.formEditor.unsaved}</Typography>}
        <Button variant="contained" startIcon={<SaveIcon />} onClick={onSave} disabled={saving}>
          {saving ? nl.formEditor.saving : messages.save}
        </Button>
      </Stack>
      {problems.length > 0 && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {messages.saveFailed}
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </Box>
        </Alert>
      )}
    </>
  );
}
