import SaveIcon from '@mui/icons-material/Save';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { nl } from '@/messages/nl-admin';

interface SaveBarProps {
  label: string;
  dirty: boolean;
  saving: boolean;
  onSave(): void;
}

/**
 * The save button of a tab, kept in view at the bottom while the list scrolls (spec 001
 * screen 10: a sticky save button), with a note while changes are unsaved.
 */
export function SaveBar({ label, dirty, saving, onSave }: SaveBarProps) {
  return (
    <Paper
      elevation={3}
      sx={{
        position: 'sticky',
        bottom: 0,
        zIndex: 2,
        mt: 3,
        px: 2,
        py: 1.5,
        display: 'flex',
        gap: 2,
        alignItems: 'center',
        justifyContent: 'flex-end',
        flexWrap: 'wrap',
      }}
    >
      <Typography role="status" color="warning.main" sx={{ flex: 1 }}>
        {dirty ? nl.formNotifications.unsaved : ''}
      </Typography>
      <Button variant="contained" startIcon={<SaveIcon />} onClick={onSave} disabled={saving}>
        {saving ? nl.formNotifications.saving : label}
      </Button>
    </Paper>
  );
}
