import { useEffect, useRef, useState, type RefObject } from 'react';
import { useFetcher } from 'react-router';
import { useAdminForm } from '@/features/form-admin/form-context';
import { showToast } from '@/lib/toast';
import type { SaveResult } from './api';
import { entriesWithProblems, withoutEntry, type NotificationPart, type Problems } from './problems';

/** What a tab edits and how: the form part, its reading, tidying and checks. */
export interface ListEditorConfig<T> {
  part: NotificationPart;
  /** The stored part as the page edits it. */
  read(value: unknown): T[];
  /** One entry as it is saved (`workflow`: the form has phases). */
  tidy(item: T, workflow: boolean): T;
  /** The client's checks, at the server's paths; entries as shown (blank addresses are skipped). */
  check(items: readonly T[]): Problems;
  messages: { saved: string; saveFailed: string };
}

export interface ListEditor<T> {
  items: readonly T[];
  /** A stable key per entry, for React and for the collapsed state. */
  ids: readonly string[];
  workflow: boolean;
  dirty: boolean;
  saving: boolean;
  /** Shown once the user tried to save: the client's checks, live, and the server's answer. */
  problems: Problems;
  /** Problems the server reported that belong to no field. */
  otherProblems: readonly string[];
  /** Whether the last save attempt was refused (the summary above the list). */
  refused: boolean;
  expanded: ReadonlySet<string>;
  /** Where the first invalid field is looked for after a refused save. */
  containerRef: RefObject<HTMLDivElement | null>;
  change(index: number, next: T): void;
  add(item: T): void;
  remove(index: number): void;
  toggle(id: string): void;
  save(): void;
}

let lastId = 0;
const newId = () => `entry-${++lastId}`;

interface Entries<T> {
  items: T[];
  ids: string[];
}

/**
 * The state of the E-mails or Integraties tab: the form's list, edited locally, saved through
 * the route's action (`PATCH` with only this part), the form shell told about the saved form.
 * A form the shell reloads meanwhile replaces the list only while nothing is changed.
 */
export function useListEditor<T>(config: ListEditorConfig<T>): ListEditor<T> {
  const { form, replace } = useAdminForm();
  const { part, read, tidy, check, messages } = config;
  const workflow = form.form_type === 'workflow';
  const storedKey = JSON.stringify(form[part] ?? []);

  const [source, setSource] = useState(storedKey);
  const [base, setBase] = useState(() => JSON.stringify(read(form[part])));
  const [entries, setEntries] = useState<Entries<T>>(() => {
    const items = read(form[part]);
    return { items, ids: items.map(newId) };
  });
  // One entry opens by itself; of several, the user opens the one to change.
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set(entries.ids.length === 1 ? entries.ids : []));
  const [submitted, setSubmitted] = useState(false);
  const [refused, setRefused] = useState(false);
  const [server, setServer] = useState<{ problems: Problems; other: string[] }>({ problems: {}, other: [] });
  const [focusRequest, setFocusRequest] = useState(0);
  const containerRef = useRef<HTMLDivElement>(null);
  const fetcher = useFetcher<SaveResult>();
  const handled = useRef<SaveResult | undefined>(undefined);
  /** The list as it went to the server, to tell whether the user typed on while it saved. */
  const sent = useRef('');

  const dirty = JSON.stringify(entries.items) !== base;

  // The shell reloaded the form (another tab saved, or coming back here): take its list
  // unless the user is in the middle of changing this one.
  if (storedKey !== source) {
    setSource(storedKey);
    if (!dirty) {
      const items = read(form[part]);
      setBase(JSON.stringify(items));
      setEntries((current) => ({ items, ids: items.length === current.ids.length ? current.ids : items.map(newId) }));
    }
  }

  const problems: Problems = submitted ? { ...server.problems, ...check(entries.items) } : {};

  const refuse = (found: Problems) => {
    setRefused(true);
    const open = entriesWithProblems(found).map((index) => entries.ids[index]).filter((id): id is string => id !== undefined);
    setExpanded((current) => new Set([...current, ...open]));
    setFocusRequest((n) => n + 1);
    showToast(messages.saveFailed, { severity: 'error' });
  };

  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== 'idle' || !result || handled.current === result) return;
    handled.current = result;
    if (result.status === 'saved') {
      const items = read(result.form[part]);
      setBase(JSON.stringify(items));
      setSource(JSON.stringify(result.form[part] ?? []));
      // Changes made while the save ran stay (and stay unsaved).
      setEntries((current) =>
        JSON.stringify(current.items) !== sent.current
          ? current
          : { items, ids: items.length === current.ids.length ? current.ids : items.map(newId) },
      );
      setSubmitted(false);
      setRefused(false);
      setServer({ problems: {}, other: [] });
      replace(result.form);
      showToast(messages.saved, { severity: 'success' });
    } else if (result.status === 'invalid') {
      setServer({ problems: result.problems, other: result.other });
      refuse(result.problems);
    } else if (!result.quiet) {
      showToast(messages.saveFailed, { severity: 'error' });
    }
    // Only a new answer of the action is reacted to; `refuse` and the config are read fresh.
  }, [fetcher.state, fetcher.data]);

  // After a refused save: the first invalid field gets the focus once its panel is open.
  useEffect(() => {
    if (focusRequest === 0) return;
    const frame = requestAnimationFrame(() => {
      containerRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [focusRequest]);

  const update = (next: Entries<T>) => setEntries(next);

  return {
    items: entries.items,
    ids: entries.ids,
    workflow,
    dirty,
    saving: fetcher.state !== 'idle',
    problems,
    otherProblems: submitted ? server.other : [],
    refused: submitted && refused && Object.keys(problems).length + server.other.length > 0,
    expanded,
    containerRef,
    change(index, next) {
      update({ ...entries, items: entries.items.map((item, i) => (i === index ? next : item)) });
      setServer((current) => ({ ...current, problems: withoutEntry(current.problems, index) }));
    },
    add(item) {
      const id = newId();
      update({ items: [...entries.items, item], ids: [...entries.ids, id] });
      setExpanded((current) => new Set([...current, id]));
      // Paths shift with the list: the server's answer no longer applies.
      setServer({ problems: {}, other: [] });
    },
    remove(index) {
      update({ items: entries.items.filter((_, i) => i !== index), ids: entries.ids.filter((_, i) => i !== index) });
      setServer({ problems: {}, other: [] });
    },
    toggle(id) {
      setExpanded((current) => {
        const next = new Set(current);
        if (!next.delete(id)) next.add(id);
        return next;
      });
    },
    save() {
      if (fetcher.state !== 'idle') return;
      const items = entries.items.map((item) => tidy(item, workflow));
      update({ ...entries, items });
      setSubmitted(true);
      setServer({ problems: {}, other: [] });
      const found = check(items);
      if (Object.keys(found).length > 0) {
        refuse(found);
        return;
      }
      setRefused(false);
      sent.current = JSON.stringify(items);
      void fetcher.submit({ [part]: items } as never, { method: 'post', encType: 'application/json' });
    },
  };
}
