import { createContext, useContext } from 'react';
import type { FormElement, Rule } from '@/lib/form-logic';
import type { FavouriteElement } from './api';

/** What every level of the element editor (main form and nested subforms) shares. */
export interface EditorContextValue {
  clientId: string;
  formId: string;
  admin: boolean;
  modules: readonly string[];
  favourites: readonly FavouriteElement[];
  /** The form's rules, to warn when an element they use is renamed or removed. */
  rules: readonly Rule[];
  /** Stores the element as a favourite; resolves true when stored. */
  saveFavourite(name: string, element: FormElement): Promise<boolean>;
  removeFavourite(favourite: FavouriteElement): Promise<void>;
}

export const EditorContext = createContext<EditorContextValue | null>(null);

export function useEditorContext(): EditorContextValue {
  const value = useContext(EditorContext);
  if (!value) throw new Error('useEditorContext outside the element editor');
  return value;
}
