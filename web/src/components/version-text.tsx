import Typography from '@mui/material/Typography';
import { APP_VERSION } from '@/config/app';
import { nl } from '@/messages/nl';

export function VersionText() {
  return (
    <Typography variant="caption" color="text.secondary" component="p">
      {nl.app.version(APP_VERSION)}
    </Typography>
  );
}
