import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { InstallPromptCard } from '@/components/install-prompt-card';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth/session';
import { hasPermission, sessionPermissions, sessionRoles } from '@/lib/permissions/permissions';
import { nl } from '@/messages/nl';

interface DashboardCard {
  title: string;
  text: string;
  to: string;
}

/** Dashboard cards (spec 000 screen 5; the managers' cards need 'eform manage forms', spec 001 screen 15). */
export function DashboardRoute() {
  const state = useSession();
  const canManageForms = hasPermission(sessionPermissions(state), sessionRoles(state), 'eform manage forms');

  const cards: DashboardCard[] = [
    { title: nl.dashboard.fillForms, text: nl.dashboard.fillFormsText, to: paths.folder_list.build() },
  ];
  if (canManageForms) {
    cards.push(
      { title: nl.dashboard.manageForms, text: nl.dashboard.manageFormsText, to: paths.form_list_admin.build() },
      { title: nl.dashboard.createForm, text: nl.dashboard.createFormText, to: paths.form_create.build() },
    );
  }

  return (
    <Box sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
        {nl.dashboard.title}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
        }}
      >
        {cards.map((card) => (
          <Card key={card.to} variant="outlined">
            <CardActionArea component={RouterLink} to={card.to} sx={{ height: '100%' }}>
              <CardContent>
                <Typography variant="h6" component="h2" gutterBottom>
                  {card.title}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {card.text}
                </Typography>
              </CardContent>
            </CardActionArea>
          </Card>
        ))}
        <InstallPromptCard />
      </Box>
    </Box>
  );
}
