/**
 * Dutch texts of the form logic. They are the same as in `domain/src/messages.rs` (rule
 * errors are compared by the shared test vectors), so they live next to the logic rather
 * than in `src/messages/nl.ts`.
 */
export const formLogicMessages = {
  // Spec, document 000 section 5.
  calculationIncomplete: 'Berekening wordt nog niet uitgevoerd omdat niet alle velden zijn ingevuld.',
  calculationError: 'Fout',

  // ours: problems in a form's rules, reported by the rule engine
  ruleUnknownElement: (rule: string, name: string) => `Regel '${rule}': element '${name}' bestaat niet.`,
  ruleUnknownSubform: (rule: string, subform: string) =>
    `Regel '${rule}': subformulier '${subform}' bestaat niet.`,
  ruleOperatorNotAllowed: (rule: string, operator: string, name: string, elementType: string) =>
    `Regel '${rule}': operator '${operator}' is niet toegestaan voor element '${name}' (${elementType}).`,
  ruleUnknownMethod: (rule: string, method: string) =>
    `Regel '${rule}': methode '${method}' is onbekend; kies AND of OR.`,
  ruleUnknownConditionType: (rule: string, conditionType: string) =>
    `Regel '${rule}': voorwaardetype '${conditionType}' is onbekend.`,
  ruleUnknownAction: (rule: string, method: string) => `Regel '${rule}': actie '${method}' is onbekend.`,
  ruleSetNotAllowed: (rule: string, name: string, elementType: string) =>
    `Regel '${rule}': element '${name}' (${elementType}) kan geen waarde krijgen.`,
  ruleSetNotANumber: (rule: string, name: string, value: string) =>
    `Regel '${rule}': waarde '${value}' voor element '${name}' is geen getal.`,
} as const;
