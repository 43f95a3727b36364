import { generatePath } from 'react-router';

/**
 * Who may open a route. The router turns this into a guard (see `lib/auth/guards.ts`):
 * - `auth`: requires sign-in, otherwise login;
 * - `admin`: requires the global admin role, otherwise login;
 * - `guest`: only when signed out, otherwise the dashboard;
 * - `public`: anyone (guest links, 404, logout).
 */
export type RouteAccess = 'auth' | 'admin' | 'guest' | 'public';

type Params<P extends string> = Parameters<typeof generatePath<P>>[1];

export interface RouteDef<P extends string> {
  /** Absolute path pattern as the router matches it. */
  readonly path: P;
  readonly access: RouteAccess;
  /** Builds a concrete URL; optional query parameters are appended. */
  build(params?: Params<P>, query?: Record<string, string | undefined>): string;
}

function route<P extends string>(path: P, access: RouteAccess): RouteDef<P> {
  return {
    path,
    access,
    build(params, query) {
      const url = generatePath(path, params);
      const search = new URLSearchParams();
      for (const [key, value] of Object.entries(query ?? {})) {
        if (value !== undefined) search.set(key, value);
      }
      const qs = search.toString();
      return qs ? `${url}?${qs}` : url;
    },
  };
}

/**
 * The complete route table of the three specification documents, keyed by the spec's route
 * names. Screens arrive issue by issue; a route here without a screen renders the 404 page
 * until its screen is registered in `app/router.tsx`. Child routes of the client, form and
 * datasource shells are written as absolute paths so links never depend on nesting.
 */
export const paths = {
  // Document 000: app shell and fill-in side.
  home: route('/', 'public'),
  dashboard: route('/dashboard', 'auth'),
  login: route('/login', 'guest'),
  logout: route('/logout', 'public'),
  folder_list: route('/folders', 'auth'),
  /** `force_reload` is '0' unless a fresh copy must be fetched; query: fill_token, registration_id. */
  form_fill: route('/form/:form_id/:force_reload', 'auth'),
  form_fill_workflow: route('/form-workflow/:form_id/:registration_id', 'auth'),
  unsend_registration_list: route('/unsend-registration-list', 'auth'),
  assigned_registration_list: route('/assigned-registration-list', 'auth'),
  my_registration_list: route('/my-registration-list', 'auth'),
  user_register: route('/register/:client_uuid/:form_id?', 'public'),
  guest_map: route('/guest/map/:map_uuid', 'public'),
  guest_map_form: route('/guest/map/:form_id/:element_name', 'public'),
  guest_form: route('/guest/form/:guest_id', 'public'),
  map_tracking: route('/map/tracking/:form_id/:registration_id', 'auth'),
  ios_debugging: route('/debug/ios-debugging', 'auth'),
  unsaved_registrations_debug: route('/debug/unsaved-registrations', 'auth'),
  not_found: route('/404', 'public'),

  // Account flows (not in the spec's tables; reached from the login screen and e-mails).
  password_forgotten: route('/user/password-forgotten', 'guest'),
  password_reset: route('/user/reset-password/:token', 'guest'),
  /**
   * An existing account confirms joining a client it self-registered with. Public: the mailed
   * token is the authority, whoever is signed in on this browser.
   */
  user_join: route('/user/join/:token', 'public'),

  // Document 001: form building and administration.
  form: route('/admin/form/:form_id', 'auth'),
  form_view: route('/admin/form/:form_id', 'auth'),
  form_edit: route('/admin/form/:form_id/edit', 'auth'),
  form_remove: route('/admin/form/:form_id/remove', 'auth'),
  form_emails: route('/admin/form/:form_id/emails', 'auth'),
  form_rules: route('/admin/form/:form_id/rules', 'auth'),
  form_registrations: route('/admin/form/:form_id/registrations', 'auth'),
  form_registrations_view: route('/admin/form/:form_id/registrations/:registration_id', 'auth'),
  form_integrations: route('/admin/form/:form_id/integrations', 'auth'),
  form_list_admin: route('/admin/form-list', 'auth'),
  folder_list_admin: route('/admin/folder-list', 'auth'),
  /** Query: folder_id preselects the folder. */
  form_create: route('/admin/form-create', 'auth'),
  folder_create: route('/admin/folder-create', 'auth'),

  // Document 002: clients, users, credits, datasources, admin dashboard.
  client_list_admin: route('/clients/admin', 'admin'),
  client_list_assigned: route('/clients/assigned', 'auth'),
  client_create: route('/clients/create', 'auth'),
  client: route('/clients/:client_id', 'auth'),
  client_view: route('/clients/:client_id', 'auth'),
  client_edit: route('/clients/:client_id/edit', 'auth'),
  client_users: route('/clients/:client_id/users', 'auth'),
  client_credits: route('/clients/:client_id/credits', 'auth'),
  client_credits_admin_add: route('/clients/:client_id/credits-admin-add', 'auth'),
  client_credits_buy: route('/clients/:client_id/credits-buy', 'auth'),
  /** Query: module preselects the module to buy. */
  client_modules_buy: route('/clients/:client_id/modules-buy', 'auth'),
  client_user_add: route('/clients/:client_id/user-add', 'auth'),
  client_user_edit: route('/clients/:client_id/user/:user_id/edit', 'auth'),
  client_user_groups: route('/clients/:client_id/user-groups', 'auth'),
  client_user_group_add: route('/clients/:client_id/user-group-add', 'auth'),
  client_user_group_edit: route('/clients/:client_id/group/:group_id/edit', 'auth'),
  client_remove: route('/clients/:client_id/remove', 'auth'),
  datasource_list: route('/datasources', 'auth'),
  /** `datasource_type` is map_features or search. */
  datasource_create: route('/datasources/create/:datasource_type', 'auth'),
  datasource: route('/datasources/:datasource_type/:datasource_id', 'auth'),
  datasource_view: route('/datasources/:datasource_type/:datasource_id', 'auth'),
  datasource_edit: route('/datasources/:datasource_type/:datasource_id/edit', 'auth'),
  datasource_remove: route('/datasources/:datasource_type/:datasource_id/remove', 'auth'),
  admin_dashboard: route('/admin/dashboard', 'admin'),
} as const;

export type RouteName = keyof typeof paths;
