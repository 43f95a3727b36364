import { createBrowserRouter, redirect, type LoaderFunction, type RouteObject } from 'react-router';
import { PageLoading } from '@/components/page-loading';
import { paths, type RouteAccess } from '@/config/paths';
import { accessForPath, homeTarget, resolveGuard } from '@/lib/auth/guards';
import { restoreSession } from '@/lib/auth/session';
import { afterTermsAccepted } from '@/lib/auth/terms';
import { NotFoundRoute } from '@/features/errors/routes/not-found';
import { RouteErrorBoundary } from '@/features/errors/routes/route-error-boundary';
import { formFillLoader } from '@/features/fill/routes/form-fill-loader';
import { guestFormLoader } from '@/features/fill/routes/guest-form-loader';
import { RootLayout } from './root-layout';

/**
 * Guard loader: restores the stored session first (guards wait for it), then redirects as the
 * route's access demands. Runs on every navigation, so signing in or out is seen at once.
 */
function guard(access: RouteAccess): LoaderFunction {
  return () => {
    const target = resolveGuard(access, restoreSession());
    if (target) throw redirect(target);
    return null;
  };
}

/**
 * A guard followed by the screen's own loader, fetched with the screen's code: the loader runs
 * only once the guard let the visitor through and, on signed-in screens (the client's content),
 * once the client's terms are accepted (spec 000 screen 15).
 */
function guardedLoader(access: RouteAccess, load: () => Promise<LoaderFunction>): LoaderFunction {
  return async (args) => {
    await guard(access)(args);
    const loader = await load();
    if (access === 'public' || access === 'guest') return loader(args);
    return afterTermsAccepted(async () => loader(args), args.request.signal);
  };
}

/**
 * Only routes whose screens exist are registered; the rest of `paths` falls through to the
 * catch-all 404 (still behind its guard) until its screen lands. Screens load lazily (each its
 * own chunk, all precached).
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    ErrorBoundary: RouteErrorBoundary,
    HydrateFallback: PageLoading,
    loader: () => {
      restoreSession();
      return null;
    },
    children: [
      {
        index: true,
        loader: () => redirect(homeTarget(restoreSession())),
        // Never seen for long: the loader always redirects.
        Component: PageLoading,
      },
      {
        path: paths.dashboard.path,
        loader: guard(paths.dashboard.access),
        ErrorBoundary: RouteErrorBoundary,
        lazy: async () => ({ Component: (await import('@/features/dashboard/routes/dashboard')).DashboardRoute }),
      },
      {
        path: paths.login.path,
        loader: guard(paths.login.access),
        ErrorBoundary: RouteErrorBoundary,
        lazy: async () => {
          const { LoginRoute, loginAction } = await import('@/features/auth/routes/login');
          return { Component: LoginRoute, action: loginAction };
        },
      },
      {
        path: paths.logout.path,
        ErrorBoundary: RouteErrorBoundary,
        lazy: async () => ({ Component: (await import('@/features/auth/routes/logout')).LogoutRoute }),
      },
      {
        path: paths.password_forgotten.path,
        loader: guard(paths.password_forgotten.access),
        ErrorBoundary: RouteErrorBoundary,
        lazy: async () => {
          const module = await import('@/features/auth/routes/password-forgotten');
          return { Component: module.PasswordForgottenRoute, action: module.passwordForgottenAction };
        },
      },
      {
        path: paths.password_reset.path,
        loader: guard(paths.password_reset.access),
        ErrorBoundary: RouteErrorBoundary,
        lazy: async () => {
          const module = await import('@/features/auth/routes/password-reset');
          return { Component: module.PasswordResetRoute, action: module.passwordResetAction };
        },
      },
      {
        path: paths.user_join.path,
        loader: guardedLoader(paths.user_join.access, async () => (await import('@/features/user-register/routes/user-join')).userJoinLoader),
        ErrorBoundary: RouteErrorBoundary,
        lazy: async () => {
          const module = await import('@/features/user-register/routes/user-join');
          return { Component: module.UserJoinRoute, action: module.userJoinAction };
        },
      },
      {
        path: paths.folder_list.path,
        loader: guardedLoader(paths.folder_list.access, async () => (await import('@/features/fill/routes/folder-list')).folderListLoader),
        ErrorBoundary: RouteErrorBoundary,
        lazy: async () => ({ Component: (await import('@/features/fill/routes/folder-list')).FolderListRoute }),
      },
      {
        path: paths.form_fill.path,
        // The fill-in's loaders come with the router, not with their screen's code: a field user's
        // first load then asks for the form at once, beside that code, instead of after it
        // (a round trip and more on a weak signal; decision 025).
        loader: guardedLoader(paths.form_fill.access, async () => formFillLoader),
        ErrorBoundary: RouteErrorBoundary,
        lazy: async () => ({ Component: (await import('@/features/fill/routes/form-fill')).FormFillRoute }),
      },
      {
        path: paths.form_fill_workflow.path,
        loader: guardedLoader(paths.form_fill_workflow.access, async () => (await import('@/features/fill/routes/form-fill-workflow')).formFillWorkflowLoader),
        ErrorBoundary: RouteErrorBoundary,
        lazy: async () => ({ Component: (await import('@/features/fill/routes/form-fill-workflow')).FormFillWorkflowRoute }),
      },
      {
        path: paths.assigned_registration_list.path,
        loader: guardedLoader(
          paths.assigned_registration_list.access,
          async () => (await import('@/features/fill/routes/assigned-registration-list')).assignedRegistrationListLoader,
        ),
        ErrorBoundary: RouteErrorBoundary,
        lazy: async () => ({ Component: (await import('@/features/fill/routes/assigned-registration-list')).AssignedRegistrationListRoute }),
      },
      {
        path: paths.guest_form.path,
        loader: guardedLoader(paths.guest_form.access, async () => guestFormLoader),
        ErrorBoundary: RouteErrorBoundary,
        lazy: async () => ({ Component: (await import('@/features/fill/routes/guest-form')).GuestFormRoute }),
      },
      ...[paths.guest_map, paths.guest_map_form].map((route) => ({
        path: route.path,
        loader: guardedLoader(route.access, async () => (await import('@/features/maps/routes/guest-map')).guestMapLoader),
        ErrorBoundary: RouteErrorBoundary,
        lazy: async () => ({ Component: (await import('@/features/maps/routes/guest-map')).GuestMapRoute }),
      })),
      {
        path: paths.my_registration_list.path,
        loader: guard(paths.my_registration_list.access),
        ErrorBoundary: RouteErrorBoundary,
        lazy: async () => ({
          Component: (await import('@/features/registrations/routes/my-registrations')).MyRegistrationsRoute,
        }),
      },
      {
        path: paths.map_tracking.path,
        loader: guardedLoader(paths.map_tracking.access, async () => (await import('@/features/registrations/routes/map-tracking')).mapTrackingLoader),
        ErrorBoundary: RouteErrorBoundary,
        lazy: async () => ({ Component: (await import('@/features/registrations/routes/map-tracking')).MapTrackingRoute }),
      },
      {
        path: paths.unsend_registration_list.path,
        loader: guard(paths.unsend_registration_list.access),
        ErrorBoundary: RouteErrorBoundary,
        lazy: async () => ({
          Component: (await import('@/features/saved-registrations/routes/unsend-registration-list')).UnsendRegistrationListRoute,
        }),
      },
      {
        path: paths.user_register.path,
        loader: guardedLoader(
          paths.user_register.access,
          async () => (await import('@/features/user-register/routes/user-register')).userRegisterLoader,
        ),
        ErrorBoundary: RouteErrorBoundary,
        lazy: async () => ({ Component: (await import('@/features/user-register/routes/user-register')).UserRegisterRoute }),
      },
      {
        path: paths.ios_debugging.path,
        loader: guard(paths.ios_debugging.access),
        ErrorBoundary: RouteErrorBoundary,
        lazy: async () => ({ Component: (await import('@/features/debug/routes/ios-debugging')).IosDebuggingRoute }),
      },
      {
        path: paths.unsaved_registrations_debug.path,
        loader: guard(paths.unsaved_registrations_debug.access),
        ErrorBoundary: RouteErrorBoundary,
        lazy: async () => ({
          Component: (await import('@/features/debug/routes/unsaved-registrations-debug')).UnsavedRegistrationsDebugRoute,
        }),
      },
      // Form builder administration (spec 001 screens 1-9).
      {
        path: paths.form_list_admin.path,
        loader: guardedLoader(paths.form_list_admin.access, async () => (await import('@/features/form-admin/routes/form-list-admin')).formListAdminLoader),
        ErrorBoundary: RouteErrorBoundary,
        lazy: async () => ({ Component: (await import('@/features/form-admin/routes/form-list-admin')).FormListAdminRoute }),
      },
      {
        path: paths.folder_list_admin.path,
        loader: guardedLoader(
          paths.folder_list_admin.access,
          async () => (await import('@/features/form-admin/routes/folder-list-admin')).folderListAdminLoader,
        ),
        ErrorBoundary: RouteErrorBoundary,
        lazy: async () => ({ Component: (await import('@/features/form-admin/routes/folder-list-admin')).FolderListAdminRoute }),
      },
      {
        path: paths.form_create.path,
        loader: guardedLoader(paths.form_create.access, async () => (await import('@/features/form-admin/routes/form-create')).formCreateLoader),
        ErrorBoundary: RouteErrorBoundary,
        lazy: async () => ({ Component: (await import('@/features/form-admin/routes/form-create')).FormCreateRoute }),
      },
      {
        path: paths.folder_create.path,
        loader: guardedLoader(paths.folder_create.access, async () => (await import('@/features/form-admin/routes/folder-create')).folderCreateLoader),
        ErrorBoundary: RouteErrorBoundary,
        lazy: async () => ({ Component: (await import('@/features/form-admin/routes/folder-create')).FolderCreateRoute }),
      },
      {
        // The shell loads the form and hands it to its children (`useAdminForm`); child paths are
        // relative here, absolute in `paths`.
        id: 'form',
        path: paths.form.path,
        loader: guardedLoader(paths.form.access, async () => (await import('@/features/form-admin/routes/form-shell')).formShellLoader),
        ErrorBoundary: RouteErrorBoundary,
        lazy: async () => ({ Component: (await import('@/features/form-admin/routes/form-shell')).FormShellRoute }),
        children: [
          {
            index: true,
            ErrorBoundary: RouteErrorBoundary,
            lazy: async () => ({ Component: (await import('@/features/form-admin/routes/form-view')).FormViewRoute }),
          },
          {
            path: 'edit',
            ErrorBoundary: RouteErrorBoundary,
            lazy: async () => ({ Component: (await import('@/features/form-editor/routes/form-edit')).FormEditRoute }),
          },
          {
            path: 'rules',
            ErrorBoundary: RouteErrorBoundary,
            lazy: async () => ({ Component: (await import('@/features/form-rules/routes/form-rules')).FormRulesRoute }),
          },
          {
            path: 'remove',
            loader: guardedLoader(paths.form_remove.access, async () => (await import('@/features/form-admin/routes/form-remove')).formRemoveLoader),
            ErrorBoundary: RouteErrorBoundary,
            lazy: async () => ({ Component: (await import('@/features/form-admin/routes/form-remove')).FormRemoveRoute }),
          },
          {
            path: 'registrations',
            loader: guardedLoader('auth', async () => (await import('@/features/form-admin/session')).permissionLoader('eform manage form registrations')),
            ErrorBoundary: RouteErrorBoundary,
            lazy: async () => ({ Component: (await import('@/features/form-registrations/routes/form-registrations')).FormRegistrationsRoute }),
          },
          {
            path: 'registrations/:registration_id',
            // The registration comes from the loader, so a resend or the polling of queued
            // deliveries revalidates it (spec 001 screen 13).
            loader: guardedLoader('auth', async () =>
              (await import('@/features/form-registrations/routes/form-registration-view')).formRegistrationViewLoader,
            ),
            ErrorBoundary: RouteErrorBoundary,
            lazy: async () => ({
              Component: (await import('@/features/form-registrations/routes/form-registration-view')).FormRegistrationViewRoute,
            }),
          },
          // The form comes from the shell; the action saves only the tab's part of the form.
          {
            path: 'emails',
            loader: guardedLoader('auth', async () => (await import('@/features/form-admin/session')).permissionLoader('eform manage form emails')),
            ErrorBoundary: RouteErrorBoundary,
            lazy: async () => {
              const module = await import('@/features/form-notifications/routes/form-emails');
              return { Component: module.FormEmailsRoute, action: module.formEmailsAction };
            },
          },
          {
            path: 'integrations',
            loader: guardedLoader('auth', async () =>
              (await import('@/features/form-admin/session')).permissionLoader('eform manage form integrations'),
            ),
            ErrorBoundary: RouteErrorBoundary,
            lazy: async () => {
              const module = await import('@/features/form-notifications/routes/form-integrations');
              return { Component: module.FormIntegrationsRoute, action: module.formIntegrationsAction };
            },
          },
        ],
      },
      // Clients (spec 002 screens 1 to 15).
      {
        path: paths.client_list_assigned.path,
        loader: guardedLoader(
          paths.client_list_assigned.access,
          async () => (await import('@/features/clients/routes/client-list-assigned')).clientListAssignedLoader,
        ),
        ErrorBoundary: RouteErrorBoundary,
        lazy: async () => ({ Component: (await import('@/features/clients/routes/client-list-assigned')).ClientListAssignedRoute }),
      },
      {
        path: paths.client_list_admin.path,
        loader: guardedLoader(paths.client_list_admin.access, async () => (await import('@/features/clients/routes/client-list-admin')).clientListAdminLoader),
        ErrorBoundary: RouteErrorBoundary,
        lazy: async () => ({ Component: (await import('@/features/clients/routes/client-list-admin')).ClientListAdminRoute }),
      },
      {
        path: paths.client_create.path,
        loader: guardedLoader(paths.client_create.access, async () => (await import('@/features/clients/routes/client-create')).clientCreateLoader),
        ErrorBoundary: RouteErrorBoundary,
        lazy: async () => {
          const module = await import('@/features/clients/routes/client-create');
          return { Component: module.ClientCreateRoute, action: module.clientCreateAction };
        },
      },
      {
        // The shell loads the client and the user's rights there and hands both to its tabs
        // (`useClientShell`); it also refuses a tab the rights do not allow. Child paths are
        // relative here, absolute in `paths`; tabs without a screen yet fall through to the 404.
        id: 'client',
        path: paths.client.path,
        loader: guardedLoader(paths.client.access, async () => (await import('@/features/clients/routes/client-shell')).clientShellLoader),
        ErrorBoundary: RouteErrorBoundary,
        lazy: async () => {
          const module = await import('@/features/clients/routes/client-shell');
          return { Component: module.ClientShellRoute, shouldRevalidate: module.clientShellShouldRevalidate };
        },
        children: [
          {
            index: true,
            ErrorBoundary: RouteErrorBoundary,
            lazy: async () => ({ Component: (await import('@/features/clients/routes/client-view')).ClientViewRoute }),
          },
          {
            path: 'edit',
            loader: guardedLoader('auth', async () => (await import('@/features/clients/routes/client-edit')).clientEditLoader),
            ErrorBoundary: RouteErrorBoundary,
            lazy: async () => {
              const module = await import('@/features/clients/routes/client-edit');
              return { Component: module.ClientEditRoute, action: module.clientEditAction };
            },
          },
          {
            path: 'users',
            loader: guardedLoader('auth', async () => (await import('@/features/clients/routes/client-users')).clientUsersLoader),
            ErrorBoundary: RouteErrorBoundary,
            lazy: async () => ({ Component: (await import('@/features/clients/routes/client-users')).ClientUsersRoute }),
          },
          {
            path: 'user-add',
            ErrorBoundary: RouteErrorBoundary,
            lazy: async () => {
              const module = await import('@/features/clients/routes/client-user-add');
              return { Component: module.ClientUserAddRoute, action: module.clientUserAddAction };
            },
          },
          {
            path: 'user/:user_id/edit',
            loader: guardedLoader('auth', async () => (await import('@/features/clients/routes/client-user-edit')).clientUserEditLoader),
            ErrorBoundary: RouteErrorBoundary,
            lazy: async () => {
              const module = await import('@/features/clients/routes/client-user-edit');
              return { Component: module.ClientUserEditRoute, action: module.clientUserEditAction };
            },
          },
          {
            path: 'user-groups',
            loader: guardedLoader('auth', async () => (await import('@/features/clients/routes/client-user-groups')).clientUserGroupsLoader),
            ErrorBoundary: RouteErrorBoundary,
            lazy: async () => ({ Component: (await import('@/features/clients/routes/client-user-groups')).ClientUserGroupsRoute }),
          },
          {
            path: 'user-group-add',
            ErrorBoundary: RouteErrorBoundary,
            lazy: async () => {
              const module = await import('@/features/clients/routes/client-user-group-add');
              return { Component: module.ClientUserGroupAddRoute, action: module.clientUserGroupAddAction };
            },
          },
          {
            path: 'group/:group_id/edit',
            loader: guardedLoader('auth', async () => (await import('@/features/clients/routes/client-user-group-edit')).clientUserGroupEditLoader),
            ErrorBoundary: RouteErrorBoundary,
            lazy: async () => {
              const module = await import('@/features/clients/routes/client-user-group-edit');
              return { Component: module.ClientUserGroupEditRoute, action: module.clientUserGroupEditAction };
            },
          },
          // Credits, buying and the manual addition (spec 002 screens 8 to 11).
          {
            path: 'credits',
            loader: guardedLoader('auth', async () => (await import('@/features/clients/routes/client-credits')).clientCreditsLoader),
            ErrorBoundary: RouteErrorBoundary,
            lazy: async () => ({ Component: (await import('@/features/clients/routes/client-credits')).ClientCreditsRoute }),
          },
          {
            path: 'credits-buy',
            loader: guardedLoader('auth', async () => (await import('@/features/clients/routes/client-credits-buy')).clientCreditsBuyLoader),
            ErrorBoundary: RouteErrorBoundary,
            lazy: async () => {
              const module = await import('@/features/clients/routes/client-credits-buy');
              return { Component: module.ClientCreditsBuyRoute, action: module.clientCreditsBuyAction };
            },
          },
          {
            path: 'credits-admin-add',
            loader: guardedLoader('auth', async () => (await import('@/features/clients/routes/client-credits-admin-add')).clientCreditsAdminAddLoader),
            ErrorBoundary: RouteErrorBoundary,
            lazy: async () => {
              const module = await import('@/features/clients/routes/client-credits-admin-add');
              return { Component: module.ClientCreditsAdminAddRoute, action: module.clientCreditsAdminAddAction };
            },
          },
          {
            path: 'modules-buy',
            loader: guardedLoader('auth', async () => (await import('@/features/clients/routes/client-modules-buy')).clientModulesBuyLoader),
            ErrorBoundary: RouteErrorBoundary,
            lazy: async () => {
              const module = await import('@/features/clients/routes/client-modules-buy');
              return { Component: module.ClientModulesBuyRoute, action: module.clientModulesBuyAction };
            },
          },
          {
            path: 'remove',
            ErrorBoundary: RouteErrorBoundary,
            lazy: async () => ({ Component: (await import('@/features/clients/routes/client-remove')).ClientRemoveRoute }),
          },
        ],
      },
      // Datasources (spec 002 screens 16 to 20).
      {
        path: paths.datasource_list.path,
        loader: guardedLoader(paths.datasource_list.access, async () => (await import('@/features/datasources/routes/datasource-list')).datasourceListLoader),
        ErrorBoundary: RouteErrorBoundary,
        lazy: async () => ({ Component: (await import('@/features/datasources/routes/datasource-list')).DatasourceListRoute }),
      },
      {
        path: paths.datasource_create.path,
        loader: guardedLoader(paths.datasource_create.access, async () => (await import('@/features/datasources/routes/datasource-create')).datasourceCreateLoader),
        ErrorBoundary: RouteErrorBoundary,
        lazy: async () => ({ Component: (await import('@/features/datasources/routes/datasource-create')).DatasourceCreateRoute }),
      },
      {
        // The shell loads the datasource and hands it to its tabs (`useDatasourceShell`); child
        // paths are relative here, absolute in `paths`.
        id: 'datasource',
        path: paths.datasource.path,
        loader: guardedLoader(paths.datasource.access, async () => (await import('@/features/datasources/routes/datasource-shell')).datasourceShellLoader),
        ErrorBoundary: RouteErrorBoundary,
        lazy: async () => {
          const module = await import('@/features/datasources/routes/datasource-shell');
          return { Component: module.DatasourceShellRoute, shouldRevalidate: module.datasourceShellShouldRevalidate };
        },
        children: [
          {
            index: true,
            ErrorBoundary: RouteErrorBoundary,
            lazy: async () => ({ Component: (await import('@/features/datasources/routes/datasource-view')).DatasourceViewRoute }),
          },
          {
            path: 'edit',
            ErrorBoundary: RouteErrorBoundary,
            lazy: async () => ({ Component: (await import('@/features/datasources/routes/datasource-edit')).DatasourceEditRoute }),
          },
          {
            path: 'remove',
            ErrorBoundary: RouteErrorBoundary,
            lazy: async () => ({ Component: (await import('@/features/datasources/routes/datasource-remove')).DatasourceRemoveRoute }),
          },
        ],
      },
      // The platform admins' dashboard (spec 002 screen 21).
      {
        path: paths.admin_dashboard.path,
        loader: guardedLoader(paths.admin_dashboard.access, async () => (await import('@/features/admin-dashboard/routes/admin-dashboard')).adminDashboardLoader),
        ErrorBoundary: RouteErrorBoundary,
        lazy: async () => ({ Component: (await import('@/features/admin-dashboard/routes/admin-dashboard')).AdminDashboardRoute }),
      },
      { path: paths.not_found.path, Component: NotFoundRoute, ErrorBoundary: RouteErrorBoundary },
      {
        path: '*',
        loader: (args) => guard(accessForPath(new URL(args.request.url).pathname))(args),
        Component: NotFoundRoute,
        ErrorBoundary: RouteErrorBoundary,
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
