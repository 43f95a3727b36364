import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { nl } from '@/messages/nl-admin';

/**
 * Above the list after a refused save: the spec's failed-submit text, and the server's problems
 * that belong to no field. The fields themselves say what is wrong with them.
 */
export function ProblemSummary({ other }: { other: readonly string[] }) {
  return (
    <Alert severity="error" sx={{ mb: 2 }}>
      {nl.formNotifications.checkForm}
      {other.length > 0 && (
        <Box component="ul" sx={{ m: 0, pl: 2 }}>
          {other.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </Box>
      )}
    </Alert>
  );
}
