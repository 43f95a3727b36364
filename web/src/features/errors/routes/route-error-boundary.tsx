import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { isRouteErrorResponse, Link as RouterLink, useRouteError } from 'react-router';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api';
import { nl } from '@/messages/nl';
import { NotFoundRoute } from './not-found';

/** Error boundary of every route: a failing screen never takes the shell down with it. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundRoute />;
  if (error instanceof ApiError && error.status === 404) return <NotFoundRoute />;

  // Server errors carry a Dutch message meant for the user; anything else is a bug to report.
  const message = error instanceof ApiError ? error.message : nl.errors.routeErrorText;
  if (!(error instanceof ApiError)) console.error(error);

  return (
    <Box sx={{ p: { xs: 2, sm: 4 }, maxWidth: 720 }}>
      <Alert severity="error" sx={{ mb: 2 }}>
        <AlertTitle>{nl.errors.routeErrorTitle}</AlertTitle>
        {message}
      </Alert>
      <Stack direction="row" spacing={2}>
        {/* A full reload also recovers from a chunk that failed to load after a release. */}
        <Button variant="contained" onClick={() => window.location.reload()}>
          {nl.errors.retry}
        </Button>
        <Button component={RouterLink} to={paths.home.build()}>
          {nl.errors.backHome}
        </Button>
      </Stack>
    </Box>
  );
}
