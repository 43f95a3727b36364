import { useCallback } from 'react';
import { useNavigate } from 'react-router';

/**
 * The back button of a form: where the user came from within the app, or `fallback` when the
 * form was opened directly (a link in an e-mail, a new tab) and there is nothing to go back to.
 */
export function useBack(fallback: string): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    // The data router numbers its history entries; 0 is the first page of this tab.
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) void navigate(-1);
    else void navigate(fallback);
  }, [navigate, fallback]);
}
