/**
 * Element types whose code loads only when a form has them: each pulls in a big library or a
 * part of the screen most forms lack (MUI's Autocomplete with its popper, the maps feature,
 * geolocation tracking, the camera and QR decoder). A field user's first load of a plain form on
 * a weak signal then carries none of it (issue 17 item 5, decision 025). Apart from the registry
 * so a route loader can ask for these without loading every element component.
 */
import { createElement, use } from 'react';
import { subformSchema, type ElementType, type FormElement } from '@/lib/form-logic/form';
import type { ElementComponent, ElementProps } from './types';

interface Deferred {
  /** Renders the element; suspends until its code is there, unless `load` already brought it. */
  component: ElementComponent;
  load(): Promise<ElementComponent>;
}

function deferred(importer: () => Promise<ElementComponent>): Deferred {
  let loaded: ElementComponent | undefined;
  let loading: Promise<ElementComponent> | undefined;
  const load = () =>
    (loading ??= importer().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // A chunk lost to a dropped connection is asked for again on the next render or load.
        loading = undefined;
        throw error;
      },
    ));
  function DeferredElement(props: ElementProps) {
    return createElement(loaded ?? use(load()), props);
  }
  return { component: DeferredElement, load };
}

export const deferredElements = {
  autocomplete: deferred(async () => (await import('./autocomplete-element')).AutocompleteElement),
  search: deferred(async () => (await import('./search-element')).SearchElement),
  map: deferred(async () => (await import('./map-element')).MapElement),
  gps: deferred(async () => (await import('./gps-element')).GpsElement),
  tracking: deferred(async () => (await import('./tracking-element')).TrackingElement),
  qrCodeScanner: deferred(async () => (await import('./qr-scanner-element')).QrScannerElement),
} satisfies Partial<Record<ElementType, Deferred>>;

function isDeferred(type: string): type is keyof typeof deferredElements {
  return Object.hasOwn(deferredElements, type);
}

/**
 * Loads the code of the deferred types a schema uses, subform entries included. Loaders wait for
 * it next to the form's data, so the form renders whole instead of element by element.
 */
export async function loadElements(schema: readonly FormElement[]): Promise<void> {
  const types = new Set<string>();
  const collect = (elements: readonly FormElement[]) => {
    for (const element of elements) {
      types.add(element.elementType);
      collect(subformSchema(element));
    }
  };
  collect(schema);
  await Promise.all([...types].filter(isDeferred).map((type) => deferredElements[type].load()));
}
