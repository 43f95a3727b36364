/** The paid modules of a client (spec 002 sections 1 and 9), shared by the client screens and the admin dashboard. */
import { nl } from '@/messages/nl-admin';

/** The paid modules a client can hold (spec 002 sections 1 and 9), in the spec's order. */
export const CLIENT_MODULES = ['word', 'map_element', 'location', 'tracking', 'qr_code'] as const;

/** The Dutch name of a module; one the app does not know keeps its own name. */
export function moduleLabel(module: string): string {
  return nl.clients.modules[module] ?? module;
}

/** The names of a client's modules in the spec's order (unknown ones last), or 'Geen'. */
export function moduleSummary(modules: readonly string[]): string {
  if (modules.length === 0) return nl.clients.noModules;
  const rank = (module: string) => {
    const index = (CLIENT_MODULES as readonly string[]).indexOf(module);
    return index < 0 ? CLIENT_MODULES.length : index;
  };
  return [...new Set(modules)]
    .sort((a, b) => rank(a) - rank(b))
    .map(moduleLabel)
    .join(', ');
}
