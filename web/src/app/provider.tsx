import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { TermsWall } from '@/features/terms/components/terms-wall';
import { theme } from './theme';

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {children}
      {/*
        Beside the router rather than in its layout: screens' loaders wait for the terms to be
        accepted, and until the first screen has loaded the router renders only its fallback.
      */}
      <TermsWall />
    </ThemeProvider>
  );
}
