/**
 * The whole schema checked before a save: each element (in subforms too) with the dialog's
 * checks, names unique per level. The server checks again (422 with details).
 */
import type { FormElement } from '@/lib/form-logic';
import { checkElement } from './element-validation';

/** Labels (or names) of the elements that need attention, subform elements as 'subform › name'. */
export function invalidElements(schema: readonly FormElement[], path = ''): string[] {
  const invalid: string[] = [];
  schema.forEach((element, index) => {
    const others = schema.filter((_, i) => i !== index).map((other) => other.name);
    const name = `${path}${element.label || element.name}`;
    if (Object.keys(checkElement(element, others).errors).length > 0) invalid.push(name);
    if (element.elementType === 'subform') invalid.push(...invalidElements(element.subform?.schema ?? [], `${name} › `));
  });
  return invalid;
}
