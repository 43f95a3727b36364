import { useOutletContext } from 'react-router';
import type { AdminForm } from './api';

/**
 * What the form shell (`/admin/form/:form_id`) hands its child routes: the loaded form and
 * ways to bring it up to date after a child saved something.
 */
export interface AdminFormContext {
  form: AdminForm;
  /** Fetches the form again (e.g. after a save whose answer is not the whole form). */
  refresh(): Promise<AdminForm>;
  /** Puts a form the server answered (PATCH, publish, add_user...) in place without a fetch. */
  replace(form: AdminForm): void;
}

/** For child routes of the form shell only. */
export function useAdminForm(): AdminFormContext {
  return useOutletContext<AdminFormContext>();
}
