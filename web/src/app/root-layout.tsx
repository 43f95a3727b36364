import { Outlet } from 'react-router';
import { Toaster } from '@/components/toaster';
import { AppShell } from '@/features/shell';
import { SessionEffects } from './session-effects';

export function RootLayout() {
  return (
    <>
      <SessionEffects />
      <AppShell>
        <Outlet />
      </AppShell>
      <Toaster />
    </>
  );
}
