import { useCallback, useEffect, useState } from 'react';
import type { FillableForm } from '@/lib/api/types';
import { loadAssignedUsers, type SendTarget } from './api';

/**
 * The e-mail addresses of the users a workflow form's transitions hand registrations to, for the
 * stateTransition element's text. Only workflow forms filled in by a signed-in user ask; without
 * an answer the element says 'een collega'.
 */
export function useAssignees(form: FillableForm, target: SendTarget): (userId: string) => string | undefined {
  const [names, setNames] = useState<Map<string, string>>(() => new Map());
  const wanted = form.form_type === 'workflow' && target.kind === 'user';
  useEffect(() => {
    if (!wanted) return;
    let current = true;
    loadAssignedUsers(form.form_id).then(
      (users) => current && setNames(new Map(users.map((user) => [user.user_id, user.email]))),
      (error: unknown) => console.warn('the assignees of the form could not be loaded', error),
    );
    return () => {
      current = false;
    };
  }, [wanted, form.form_id]);
  return useCallback((userId: string) => names.get(userId), [names]);
}
