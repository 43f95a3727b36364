/**
 * Problems of a list of e-mail settings or integrations, keyed by their path inside the list
 * (`0/to_addresses/1`), the way the server names them (domain/src/notifications.rs). Found by
 * the client before saving or answered by the server as JSON pointers
 * (`/email_settings/0/to_addresses/1`): both land in one map, shown beside the fields.
 */

/** Path inside the list -> the Dutch text to show there. */
export type Problems = Readonly<Record<string, string>>;

/** The two parts of a form these tabs edit. */
export type NotificationPart = 'email_settings' | 'webhook_integrations';

/** One entry of the server's `errors` (api/src/error.rs FieldError). */
export interface ServerDetail {
  detail: string;
  source?: { pointer?: string } | null;
}

/**
 * The server's 422 details for `part`: those that point inside the list become problems at
 * their path; the rest (about the whole list, or another part) are returned as lines to show
 * above the list.
 */
export function serverProblems(part: NotificationPart, details: readonly ServerDetail[]): { problems: Problems; other: string[] } {
  const problems: Record<string, string> = {};
  const other: string[] = [];
  const prefix = `/${part}/`;
  for (const { detail, source } of details) {
    const pointer = source?.pointer ?? '';
    const path = pointer.startsWith(prefix) ? pointer.slice(prefix.length) : '';
    // The first problem of a field is the one to fix first, as on the client.
    if (/^\d+\//.test(path)) problems[path] ??= detail;
    else other.push(detail);
  }
  return { problems, other };
}

/** Whether any problem lies inside entry `index`. */
export function hasProblemsIn(problems: Problems, index: number): boolean {
  const prefix = `${index}/`;
  return Object.keys(problems).some((path) => path.startsWith(prefix));
}

/** The problems with every path inside entry `index` left out (that entry was changed). */
export function withoutEntry(problems: Problems, index: number): Problems {
  const prefix = `${index}/`;
  return Object.fromEntries(Object.entries(problems).filter(([path]) => !path.startsWith(prefix)));
}

/** The entries with a problem, first to last. */
export function entriesWithProblems(problems: Problems): number[] {
  const found = new Set<number>();
  for (const path of Object.keys(problems)) {
    const index = Number.parseInt(path, 10);
    if (Number.isInteger(index)) found.add(index);
  }
  return [...found].sort((a, b) => a - b);
}
