import { createTheme } from '@mui/material/styles';
import { nlNL } from '@mui/material/locale';

/** The app's theme. MUI's Dutch locale gives its own texts (the clear, open and close buttons
 * of a list, an alert's close button, pagination labels) in Dutch wherever a component does not
 * get them from our messages. */
export const theme = createTheme(
  {
    palette: {
      primary: { main: '#1565c0' },
      // The light shade is the update notice's button on the snackbar's dark grey, where the main
      // teal reads at 3:1 and this one at 5:1.
      secondary: { main: '#00897b', light: '#4db6ac' },
      // MUI's orange (#ed6c02) reads at 3.1:1 as text on white (a 'warning' button) and under
      // white text (a 'warning' chip), below WCAG's 4.5:1; this darker one reads at 5:1 both ways.
      // The light shade stays MUI's own: the warning alerts' text and background and the
      // environment banner are made from it.
      warning: { main: '#b35300', light: '#ff9800' },
    },
    // Someone whose device asks for less motion (WCAG 2.3.3) gets panels, dialogs and menus that
    // appear at once instead of sliding or growing.
    motion: { reducedMotion: 'system' },
    components: {
      // A help text may hold a token or an address longer than a phone is wide (WCAG 1.4.10):
      // it breaks inside the word rather than widening the page.
      MuiFormHelperText: { styleOverrides: { root: { overflowWrap: 'anywhere' } } },
    },
  },
  nlNL,
);
