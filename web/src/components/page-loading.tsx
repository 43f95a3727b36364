import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { nl } from '@/messages/nl';

/** Shown while the first route's data and code load. */
export function PageLoading() {
  return (
    <Box role="status" sx={{ display: 'grid', placeItems: 'center', minHeight: '50vh' }}>
      <CircularProgress aria-label={nl.app.loading} />
    </Box>
  );
}
