import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { dismissToast, useToasts } from '@/lib/toast';
import { nl } from '@/messages/nl';

/** Toasts stacked at the top centre (spec 000 section 9). */
export function Toaster() {
  const toasts = useToasts();
  if (toasts.length === 0) return null;
  return (
    <Stack
      spacing={1}
      sx={{
        position: 'fixed',
        top: 16,
        left: '50%',
        transform: 'translateX(-50%)',
        zIndex: (theme) => theme.zIndex.snackbar,
        width: 'min(600px, calc(100% - 32px))',
      }}
    >
      {toasts.map((toast) => (
        <Alert
          key={toast.id}
          severity={toast.severity}
          variant="filled"
          role={toast.severity === 'error' || toast.severity === 'warning' ? 'alert' : 'status'}
          onClose={() => dismissToast(toast.id)}
          slotProps={{ closeButton: { 'aria-label': nl.shell.close, title: nl.shell.close } }}
        >
          {toast.message}
        </Alert>
      ))}
    </Stack>
  );
}
