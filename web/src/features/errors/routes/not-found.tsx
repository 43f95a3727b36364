import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';
import { nl } from '@/messages/nl';

/** The 404 screen: unknown paths and /404, with a link back home (spec 000 section 2). */
export function NotFoundRoute() {
  return (
    <Box sx={{ p: { xs: 2, sm: 4 }, maxWidth: 640 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {nl.errors.notFoundTitle}
      </Typography>
      <Typography sx={{ mb: 3 }}>{nl.errors.notFoundText}</Typography>
      <Button variant="contained" component={RouterLink} to={paths.home.build()}>
        {nl.errors.backHome}
      </Button>
    </Box>
  );
}
