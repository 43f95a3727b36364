import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { emphasize, getContrastRatio, ThemeProvider } from '@mui/material/styles';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { theme } from './theme';

describe('theme', () => {
  it("gives MUI's own button texts in Dutch", () => {
    render(
      <ThemeProvider theme={theme}>
        <Autocomplete
          options={['Kerkstraat']}
          value="Kerkstraat"
          renderInput={(params) => <TextField {...params} label="Straat" />}
        />
        <Alert onClose={() => {}}>Opgeslagen</Alert>
      </ThemeProvider>,
    );
    expect(screen.getByRole('button', { name: 'Openen' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sluiten' })).toBeTruthy();
  });

  it('has the colours of buttons, chips and texts on the page read at 4.5:1 on white and under their own text', () => {
    for (const colour of [theme.palette.primary, theme.palette.error, theme.palette.warning]) {
      expect(getContrastRatio(colour.main, theme.palette.background.paper)).toBeGreaterThanOrEqual(4.5);
      expect(getContrastRatio(colour.main, colour.contrastText)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it("has the update notice's button read at 4.5:1 on the snackbar's dark grey", () => {
    // MUI draws a snackbar in the page's background colour, emphasised this much.
    const snackbar = emphasize(theme.palette.background.default, 0.8);
    expect(getContrastRatio(theme.palette.secondary.light, snackbar)).toBeGreaterThanOrEqual(4.5);
  });
});
