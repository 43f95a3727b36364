import { createTheme } from '@mui/material/styles';
import { nlNL } from '@mui/material/locale';

/** The app's theme. MUI's Dutch locale gives its own texts (the clear, open and close buttons
 * of a list, an alert's close button, pagination labels) in Dutch wherever a component does not
 * get them from our messages. */
export const theme = createTheme(
  {
    palette: {
      primary: { main: '#1565c0' },
      secondary: { main: '#00897b' },
    },
    // Someone whose device asks for less motion (WCAG 2.3.3) gets panels, dialogs and menus that
    // appear at once instead of sliding or growing.
    motion: { reducedMotion: 'system' },
  },
  nlNL,
);
