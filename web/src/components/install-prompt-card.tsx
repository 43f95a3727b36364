import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { promptInstall, useCanInstall } from '@/lib/pwa/install-prompt';
import { nl } from '@/messages/nl';

/** Offers installation where the browser supports it (beforeinstallprompt); hidden otherwise. */
export function InstallPromptCard() {
  const canInstall = useCanInstall();
  if (!canInstall) return null;
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {nl.install.title}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {nl.install.text}
        </Typography>
      </CardContent>
      <CardActions>
        <Button variant="contained" onClick={() => void promptInstall()}>
          {nl.install.button}
        </Button>
      </CardActions>
    </Card>
  );
}
