import { createContext, useContext } from 'react';
import type { Registration } from '@/lib/api/types';
import type { FormElement, FormValues } from '@/lib/form-logic';
import type { SendTarget } from './api';

/**
 * What elements need from the form they are in, beyond their own value: where uploads go, and
 * the modals of subform entries and linked forms (owned by the form, so elements never import
 * the form renderer they are rendered by).
 */
export interface FillEnvironment {
  target: SendTarget;
  /** Opens the modal of a subform entry (null: a new one); its values, or null when cancelled. */
  editSubformEntry(subform: FormElement, entry: FormValues | null): Promise<FormValues | null>;
  /**
   * Fills in another form in the modal variant; the stored registration, or null when cancelled.
   * Null where linked forms cannot be opened (guest forms: the linked form needs a sign-in).
   */
  fillLinkedForm: ((formId: string) => Promise<Registration | null>) | null;
  /** The e-mail address of a user a workflow transition hands the registration to, if known. */
  assigneeName(userId: string): string | undefined;
  /**
   * Spec 000 section 5 'admin mode': the form designer's preview, where GPS and tracking stay
   * off (no location prompt while building a form). Absent: a real fill-in.
   */
  adminMode?: boolean;
}

export const FillEnvironmentContext = createContext<FillEnvironment | null>(null);

export function useFillEnvironment(): FillEnvironment {
  const environment = useContext(FillEnvironmentContext);
  if (!environment) throw new Error('useFillEnvironment outside a form');
  return environment;
}
