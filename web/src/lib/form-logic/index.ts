/**
 * Pure form logic shared with the server (`domain` crate): rules, calculations, computed values, tokens,
 * summary sanitizing and the value model. Both sides run the vectors in `domain/testdata/`.
 */
export * from './form';
export { evaluateFormula, type CalcResult, type CalcState } from './calc';
export { computeValue, fillComputed } from './computed';
export { formLogicMessages } from './messages';
export {
  evaluateRules,
  operatorsFor,
  REGISTRATION_PHASE,
  type ElementState,
  type RuleContext,
  type RuleOutcome,
} from './rules';
export { sanitizeSummaryHtml } from './sanitize';
export {
  defaultSummary,
  displayValue,
  escapeHtml,
  formatDisplayDate,
  formatPrice,
  renderSummary,
  renderTokens,
  type RenderOptions,
  type TokenContext,
} from './tokens';
export { isEmptyValue, normalizeDecimal, renumberSubform, round2, SUBFORM_INDEX } from './values';
