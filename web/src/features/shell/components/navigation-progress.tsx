import LinearProgress from '@mui/material/LinearProgress';
import { useFetchers, useNavigation } from 'react-router';
import { nl } from '@/messages/nl';

/** Top progress bar while a navigation or a fetcher loads. */
export function NavigationProgress() {
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const busy = navigation.state !== 'idle' || fetchers.some((fetcher) => fetcher.state !== 'idle');
  if (!busy) return null;
  return (
    <LinearProgress
      aria-label={nl.app.loading}
      sx={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: (theme) => theme.zIndex.appBar + 1 }}
    />
  );
}
