import { isLayoutType, type FormElement } from '@/lib/form-logic';
import { nl } from '@/messages/nl-admin';

export interface SummaryToken {
  token: string;
  label: string;
}

/** The registration tokens and one per value-holding element (spec 001 section 3). */
export function summaryTokens(schema: readonly FormElement[]): SummaryToken[] {
  const registration: SummaryToken[] = [
    { token: '$registratie.registratiedatum$', label: nl.formAdmin.summary.tokenDate },
    { token: '$registratie.invuller$', label: nl.formAdmin.summary.tokenUser },
    { token: '$registratie.formuliernaam$', label: nl.formAdmin.summary.tokenFormName },
    { token: '$registratie.serienummer$', label: nl.formAdmin.summary.tokenSerial },
  ];
  const elements = schema
    .filter((element) => !isLayoutType(element.elementType) && element.elementType !== 'subform')
    .map((element) => ({ token: `$${element.name}$`, label: typeof element.label === 'string' && element.label ? element.label : element.name }));
  return [...registration, ...elements];
}

/** `text` with `token` in place of the selection [start, end); the caret goes after the token. */
export function insertToken(text: string, start: number, end: number, token: string): { text: string; caret: number } {
  const from = Math.max(0, Math.min(start, text.length));
  const to = Math.max(from, Math.min(end, text.length));
  return { text: text.slice(0, from) + token + text.slice(to), caret: from + token.length };
}
