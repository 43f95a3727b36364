import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { ThemeProvider } from '@mui/material/styles';
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
});
