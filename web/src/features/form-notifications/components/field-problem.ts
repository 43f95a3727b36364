import type { Problems } from '../problems';

/**
 * The props that show a problem beside a text field: red, `aria-invalid`, the text as helper
 * (which MUI ties to the field with `aria-describedby`). Without a problem, `help` is shown.
 */
export function problemProps(problems: Problems, path: string, help?: string): { error: boolean; helperText?: string } {
  const problem = problems[path];
  return problem ? { error: true, helperText: problem } : { error: false, helperText: help };
}
