import { useCallback, useEffect, useMemo, useState } from 'react';
import type { FormElement, FormValues, Rule, RuleContext } from '@/lib/form-logic';
import { deriveForm } from './form-model';
import { validateValues, type FieldErrors } from './validation';

const NO_CONTEXT: RuleContext = {};

/**
 * The live state of one form (or one subform entry): values with rules and calculations applied
 * on every change, field errors, and whether the user changed anything.
 */
export function useFormModel(
  schema: readonly FormElement[],
  rules: readonly Rule[],
  initial: () => FormValues,
  outerValues?: FormValues,
  /** What rules know of the registration: the workflow phase ('registration_phase'). */
  ctx: RuleContext = NO_CONTEXT,
) {
  // Rule `set` actions are stored with the input, so what the user sees is what is sent.
  const [input, setInput] = useState(() => deriveForm(schema, rules, initial(), ctx, outerValues).values);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [dirty, setDirty] = useState(false);
  const derived = useMemo(() => deriveForm(schema, rules, input, ctx, outerValues), [schema, rules, input, ctx, outerValues]);

  // Spec 000 section 5: a broken rule (e.g. an unknown operator) is reported, the form still works.
  const ruleErrors = derived.ruleErrors.join('\n');
  useEffect(() => {
    if (ruleErrors) console.error(`form rules: ${ruleErrors}`);
  }, [ruleErrors]);

  const setValue = useCallback(
    (name: string, value: unknown) => {
      setInput((previous) => deriveForm(schema, rules, { ...previous, [name]: value }, ctx, outerValues).values);
      setDirty(true);
      // The user is fixing this field: its old message (and its entries' messages) no longer apply.
      setErrors((previous) => {
        const kept = Object.entries(previous).filter(([key]) => key !== name && !key.startsWith(`${name}.`));
        return kept.length === Object.keys(previous).length ? previous : Object.fromEntries(kept);
      });
    },
    [schema, rules, ctx, outerValues],
  );

  const validate = useCallback((): FieldErrors => {
    const found = validateValues(schema, derived.values, derived.states);
    setErrors(found);
    return found;
  }, [schema, derived]);

  /** The values were stored (offline save): leaving no longer loses anything. */
  const markSaved = useCallback(() => setDirty(false), []);

  return { values: derived.values, states: derived.states, errors, setErrors, setValue, validate, dirty, markSaved };
}

export type FormModel = ReturnType<typeof useFormModel>;
