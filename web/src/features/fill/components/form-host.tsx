import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Registration } from '@/lib/api/types';
import type { FormElement, FormValues, Rule } from '@/lib/form-logic';
import type { SendTarget } from '../api';
import type { FillEnvironment } from '../fill-environment';
import { SubformDialog } from './subform-dialog';

/** Spec 000 section 9: the submit button waits this long after a subform modal closes. */
export const SUBFORM_COOLDOWN_MS = 1000;

type Open<T> = { resolve(result: T | null): void };
type SubformRequest = Open<FormValues> & { subform: FormElement; entry: FormValues | null };
type LinkedRequest = Open<Registration> & { formId: string };

export type RenderLinkedForm = (formId: string, onDone: (registration: Registration | null) => void) => ReactNode;

interface FormHostOptions {
  target: SendTarget;
  rules: readonly Rule[];
  values: FormValues;
  /** Renders a linked form in the modal variant; absent where linked forms cannot open (guests). */
  renderLinkedForm?: RenderLinkedForm;
  /** Names of the users workflow transitions hand registrations to. */
  assigneeName?: (userId: string) => string | undefined;
  /** The form designer's preview (see FillEnvironment.adminMode). */
  adminMode?: boolean;
}

const NO_NAMES = () => undefined;

/**
 * The modals a form opens for its elements (subform entries, linked forms) and the environment
 * that lets elements ask for them. `coolingDown` is true for a second after a subform modal
 * closes, so the tap that closed it cannot also send the form.
 */
export function useFormHost({ target, rules, values, renderLinkedForm, assigneeName = NO_NAMES, adminMode = false }: FormHostOptions) {
  const [subformRequest, setSubformRequest] = useState<SubformRequest | null>(null);
  const [linkedRequest, setLinkedRequest] = useState<LinkedRequest | null>(null);
  const [coolingDown, setCoolingDown] = useState(false);
  const cooldownTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(cooldownTimer.current), []);

  const editSubformEntry = useCallback(
    (subform: FormElement, entry: FormValues | null) =>
      new Promise<FormValues | null>((resolve) => setSubformRequest({ subform, entry, resolve })),
    [],
  );
  const fillLinkedForm = useCallback(
    (formId: string) => new Promise<Registration | null>((resolve) => setLinkedRequest({ formId, resolve })),
    [],
  );
  const environment = useMemo<FillEnvironment>(
    () => ({ target, editSubformEntry, fillLinkedForm: renderLinkedForm ? fillLinkedForm : null, assigneeName, adminMode }),
    [target, editSubformEntry, fillLinkedForm, renderLinkedForm, assigneeName, adminMode],
  );

  const closeSubform = (entry: FormValues | null) => {
    subformRequest?.resolve(entry);
    setSubformRequest(null);
    setCoolingDown(true);
    clearTimeout(cooldownTimer.current);
    cooldownTimer.current = setTimeout(() => setCoolingDown(false), SUBFORM_COOLDOWN_MS);
  };
  const closeLinked = (registration: Registration | null) => {
    linkedRequest?.resolve(registration);
    setLinkedRequest(null);
  };

  const dialogs = (
    <>
      {subformRequest && (
        <SubformDialog
          subform={subformRequest.subform}
          entry={subformRequest.entry}
          mainRules={rules}
          outerValues={values}
          onDone={closeSubform}
        />
      )}
      {linkedRequest && renderLinkedForm?.(linkedRequest.formId, closeLinked)}
    </>
  );

  return { environment, dialogs, coolingDown, modalOpen: subformRequest !== null || linkedRequest !== null };
}
