import { evaluateRules, type FormElement, type Rule } from '@/lib/form-logic';

/** Spec 001 sections 4 and 9: workflow phases 1 to 9. */
export const PHASES = ['1', '2', '3', '4', '5', '6', '7', '8', '9'] as const;

export type PhaseWarning = { kind: 'none' } | { kind: 'several'; count: number } | null;

/**
 * The state-transition elements a registration in `phase` shows: the rules on
 * 'registration_phase' decide which elements each phase has.
 */
export function transitionsInPhase(schema: readonly FormElement[], rules: readonly Rule[], phase: string): FormElement[] {
  const { states } = evaluateRules(schema, rules, {}, { registration: { phase } });
  return schema.filter((element) => element.elementType === 'stateTransition' && !states[element.name]?.hidden);
}

/**
 * Spec 001 section 4: without a state-transition element submitting in that phase is final;
 * more than one in a phase is not allowed.
 */
export function phaseWarning(schema: readonly FormElement[], rules: readonly Rule[], phase: string): PhaseWarning {
  const count = transitionsInPhase(schema, rules, phase).length;
  if (count === 0) return { kind: 'none' };
  if (count > 1) return { kind: 'several', count };
  return null;
}
