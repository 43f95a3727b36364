//! The policy table: one line per route of the API, keyed by its OpenAPI operation id.
//!
//! Handlers pass their line to the policy functions and use its `op` as the operation id of
//! their `#[utoipa::path]`, so the served document, the live checks and the matrix test all
//! read this one table. A route that is not here cannot be documented (`openapi::document`
//! refuses it) and fails the matrix test.

use super::{
    DATASOURCE_MANAGERS, EXPORT_PERMISSIONS, FORM_PART_PERMISSIONS, MANAGE_ANY_FORM, Need, Rule,
    USER_READERS,
};
use domain::access::Permission as P;

/// One route: its operation id and who may call it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Route {
    /// The OpenAPI operation id.
    pub op: &'static str,
    pub rule: Rule,
}

const fn route(op: &'static str, rule: Rule) -> Route {
    Route { op, rule }
}

const fn perm(op: &'static str, permission: P) -> Route {
    route(op, Rule::In(Need::Perm(permission)))
}

// Sign-in, the user's own session and account links.
pub const USER_LOGIN: Route = route("user_login", Rule::Public);
pub const USER_LOGOUT: Route = route("user_logout", Rule::SignedIn);
pub const USER_INFO: Route = route("user_info", Rule::SignedIn);
pub const USER_PASSWORD_FORGOTTEN: Route = route("user_password_forgotten", Rule::Public);
pub const USER_PASSWORD_RESET: Route = route("user_password_reset", Rule::Public);
pub const USER_REGISTER: Route = route("user_register", Rule::Public);
pub const USER_JOIN_SHOW: Route = route("user_join_show", Rule::Public);
pub const USER_JOIN: Route = route("user_join", Rule::Public);
pub const CLIENT_PUBLIC: Route = route("client_public", Rule::Public);

// A client as its users see it.
pub const CLIENT_SHOW: Route = route("client_show", Rule::In(Need::Reach));
pub const CLIENT_INFO: Route = route("client_info", Rule::In(Need::Reach));
pub const CLIENT_ACCEPT_TERMS: Route = route("client_accept_terms", Rule::In(Need::Reach));
pub const CLIENT_RESEND_WELCOME_MAIL: Route = perm("client_resend_welcome_mail", P::ClientAddUsers);
pub const CLIENTS_LIST: Route = route("clients_list", Rule::SignedIn);
pub const CLIENT_CREATE: Route = route("client_create", Rule::Platform);
pub const CLIENT_UPDATE: Route = perm("client_update", P::EditClient);
pub const CLIENT_USERS: Route = perm("client_users", P::ClientAddUsers);
pub const CLIENT_ADD_USER: Route = perm("client_add_user", P::ClientAddUsers);
pub const CLIENT_REMOVE_USER: Route = perm("client_remove_user", P::ClientRemoveUsers);
/// A client's users as JSON:API resources (its own filter names the client).
pub const USERS_LIST: Route = route("users_list", Rule::In(Need::AnyOf(USER_READERS)));
/// One user, as far as the caller reads users in the user's clients (checked per client by
/// the handler, 404 when nowhere).
pub const USER_SHOW: Route = route("user_show", Rule::SignedIn);
pub const USER_PERMISSIONS_LIST: Route = perm("user_permissions_list", P::ClientAddUsers);
pub const USER_PERMISSION_CREATE: Route = perm("user_permission_create", P::ClientAddUsers);
pub const USER_PERMISSION_UPDATE: Route = perm("user_permission_update", P::ClientAddUsers);
pub const USER_GROUPS_LIST: Route = perm("user_groups_list", P::ViewUserGroup);
pub const USER_GROUP_SHOW: Route = perm("user_group_show", P::ViewUserGroup);
pub const USER_GROUP_FORMS: Route = perm("user_group_forms", P::ViewUserGroup);
pub const USER_GROUP_CREATE: Route = perm("user_group_create", P::CreateUserGroup);
pub const USER_GROUP_UPDATE: Route = perm("user_group_update", P::CreateUserGroup);
pub const USER_GROUP_DELETE: Route = perm("user_group_delete", P::CreateUserGroup);
pub const USER_GROUP_ADD_USER: Route = perm("user_group_add_user", P::CreateUserGroup);
pub const USER_GROUP_REMOVE_USER: Route = perm("user_group_remove_user", P::CreateUserGroup);
pub const CLIENT_DELETE: Route = perm("client_delete", P::DeleteClientEntities);
/// Whole clients out of and into the platform (decision 021).
pub const CLIENT_SNAPSHOT: Route = route("client_snapshot", Rule::Admin);
pub const CLIENT_SNAPSHOT_FILE: Route = route("client_snapshot_file", Rule::Admin);
pub const CLIENT_RESTORE: Route = route("client_restore", Rule::Admin);
// Credits, purchases and the dashboard (issue 14, decision 022).
pub const CREDITS_LIST: Route = perm("credits_list", P::ViewCreditEntities);
pub const CREDIT_CREATE: Route = perm("credit_create", P::AdminAddClientCredits);
pub const CREDIT_BUNDLES: Route = perm("credit_bundles", P::AddClientCredits);
pub const CREDIT_BUY: Route = perm("credit_buy", P::AddClientCredits);
pub const CLIENT_MODULES: Route = perm("client_modules", P::EditClient);
pub const MODULE_BUY: Route = perm("module_buy", P::EditClient);
pub const CLIENT_PURCHASES: Route = perm("client_purchases", P::ViewCreditEntities);
pub const PURCHASES_OPEN: Route = route("purchases_open", Rule::Admin);
pub const PURCHASE_CONFIRM: Route = route("purchase_confirm", Rule::Admin);
/// Mollie's call: believed only after the payment is read from Mollie itself.
pub const PAYMENT_WEBHOOK: Route = route("payment_webhook", Rule::Public);
pub const OFFER_BUNDLES: Route = route("offer_bundles", Rule::Admin);
pub const OFFER_BUNDLE_CREATE: Route = route("offer_bundle_create", Rule::Admin);
pub const OFFER_BUNDLE_UPDATE: Route = route("offer_bundle_update", Rule::Admin);
pub const OFFER_MODULES: Route = route("offer_modules", Rule::Admin);
pub const OFFER_MODULE_UPDATE: Route = route("offer_module_update", Rule::Admin);
pub const DASHBOARD_REPORTS: Route = route("dashboard_reports", Rule::Admin);
/// One client's chart; `all` (every client) is for admins (checked by the handler).
pub const CREDIT_CHART: Route = perm("credit_chart", P::ViewCreditEntities);
// Datasources (issue 15, decision 023).
pub const DATASOURCES_LIST: Route = route(
    "datasources_list",
    Rule::In(Need::AnyOf(DATASOURCE_MANAGERS)),
);
pub const DATASOURCE_SHOW: Route = route(
    "datasource_show",
    Rule::In(Need::AnyOf(DATASOURCE_MANAGERS)),
);
pub const DATASOURCE_CREATE: Route = perm("datasource_create", P::CreateDatasources);
pub const DATASOURCE_UPDATE: Route = perm("datasource_update", P::EditDatasources);
pub const DATASOURCE_DELETE: Route = perm("datasource_delete", P::EditDatasources);
pub const DATASOURCE_IMPORT: Route = perm("datasource_import", P::EditDatasources);
pub const DATASOURCE_PICKER: Route =
    route("datasource_picker", Rule::In(Need::AnyOf(MANAGE_ANY_FORM)));
pub const DATASOURCE_PROPERTIES: Route = route(
    "datasource_properties",
    Rule::In(Need::AnyOf(MANAGE_ANY_FORM)),
);
pub const DATASOURCE_TOKENS: Route =
    route("datasource_tokens", Rule::In(Need::AnyOf(MANAGE_ANY_FORM)));
/// The fill-in's map and search elements read a datasource: any member.
pub const DATASOURCE_READ: Route = route("datasource_read", Rule::In(Need::Member));
/// Exports: whoever may see the datasource; the file and stopping are the starter's only
/// (checked by the handler).
pub const DATASOURCE_EXPORT: Route = route(
    "datasource_export",
    Rule::In(Need::AnyOf(DATASOURCE_MANAGERS)),
);
pub const DATASOURCE_EXPORT_FILE: Route = route(
    "datasource_export_file",
    Rule::In(Need::AnyOf(DATASOURCE_MANAGERS)),
);
pub const DATASOURCE_EXPORT_STOP: Route = route(
    "datasource_export_stop",
    Rule::In(Need::AnyOf(DATASOURCE_MANAGERS)),
);
pub const FILE_UPLOAD_DATASOURCE: Route = route(
    "file_upload_datasource",
    Rule::In(Need::AnyOf(DATASOURCE_MANAGERS)),
);
/// A batch's progress: its own starter only (checked by the handler).
pub const BATCH_PROCESS: Route = route("batch_process", Rule::SignedIn);

// Folders.
pub const FOLDER_USER_TREE: Route = route("folder_user_tree", Rule::In(Need::Member));
pub const FOLDER_TREE: Route = route("folder_tree", Rule::In(Need::AnyOf(MANAGE_ANY_FORM)));
pub const FOLDER_ADMIN_TREE: Route =
    route("folder_admin_tree", Rule::In(Need::AnyOf(MANAGE_ANY_FORM)));
pub const FOLDER_CREATE: Route = perm("folder_create", P::ManageForms);
pub const FOLDER_DELETE: Route = perm("folder_delete", P::ManageForms);
pub const FOLDER_SET_HIDDEN: Route = route(
    "folder_set_hidden",
    Rule::In(Need::AllOf(&[P::ManageForms, P::ViewHiddenFolders])),
);
pub const FOLDER_RENAME: Route = perm("folder_rename", P::ManageForms);

// Forms as the fill-in side reads them.
pub const FORM_SHOW: Route = route("form_show", Rule::In(Need::Fill));
pub const FORM_ANONYMOUS: Route = route("form_anonymous", Rule::Public);
pub const FORM_METADATA: Route = route("form_metadata", Rule::In(Need::Fill));
pub const FORMS_PUBLISHED: Route = route("forms_published", Rule::In(Need::Member));

// Form management (decision 010).
pub const FORM_CREATE: Route = perm("form_create", P::ManageForms);
pub const FORM_UPDATE: Route = route("form_update", Rule::In(Need::AnyOf(FORM_PART_PERMISSIONS)));
pub const FORM_DELETE: Route = perm("form_delete", P::ManageFormDelete);
pub const FORM_PUBLISH: Route = perm("form_publish", P::ManageFormPublish);
pub const FORM_UNPUBLISH: Route = perm("form_unpublish", P::ManageFormUnpublish);
pub const FORM_REVISIONS: Route = perm("form_revisions", P::ManageFormRevisionsView);
pub const FORM_REVISION_RESTORE: Route = route(
    "form_revision_restore",
    Rule::In(Need::AllOf(&[
        P::ManageFormRevisionsView,
        P::ManageFormEdit,
    ])),
);
pub const FORM_COPY: Route = perm("form_copy", P::ManageFormEdit);
pub const FORM_USERS: Route = perm("form_users", P::ManageFormUsers);
pub const FORM_USER_ADD: Route = perm("form_user_add", P::ManageFormUsers);
pub const FORM_USER_REMOVE: Route = perm("form_user_remove", P::ManageFormUsers);
pub const FORM_GROUPS: Route = perm("form_groups", P::ManageFormUsers);
pub const FORM_GROUP_ADD: Route = perm("form_group_add", P::ManageFormUsers);
pub const FORM_GROUP_REMOVE: Route = perm("form_group_remove", P::ManageFormUsers);
pub const FORM_ASSIGNED_USERS: Route = route("form_assigned_users", Rule::In(Need::Fill));
pub const FAVORITES_LIST: Route = perm("favorites_list", P::ManageFormEdit);
pub const FAVORITE_CREATE: Route = perm("favorite_create", P::ManageFormEdit);
pub const FAVORITE_DELETE: Route = perm("favorite_delete", P::ManageFormEdit);

// Registrations on the fill-in side.
pub const REGISTRATION_SEND: Route = route("registration_send", Rule::In(Need::Fill));
pub const GUEST_SEND: Route = route("guest_send", Rule::Public);
pub const MY_REGISTRATIONS: Route = route("my_registrations", Rule::SignedIn);
pub const REGISTRATION_SHOW: Route = route("registration_show", Rule::In(Need::Registration));
pub const REGISTRATION_SEARCH: Route = route("registration_search", Rule::In(Need::Fill));
pub const GUEST_FORM: Route = route("guest_form", Rule::Public);
pub const GUEST_SEARCH: Route = route("guest_search", Rule::Public);
/// Guest maps: public while the map element's guest map switch is on (checked in the route).
pub const GUEST_MAP_BY_UUID: Route = route("guest_map_by_uuid", Rule::Public);
pub const GUEST_MAP_BY_ELEMENT: Route = route("guest_map_by_element", Rule::Public);
/// A QR png of a location: it holds only the numbers of its own address.
pub const QR_LOCATION: Route = route("qr_location", Rule::Public);
pub const SAVED_REGISTRATIONS_SYNC: Route = route("saved_registrations_sync", Rule::SignedIn);
/// Workflow registrations waiting for the user, in every client of the user (each checked).
pub const ASSIGNED_REGISTRATIONS: Route = route("assigned_registrations", Rule::SignedIn);
pub const ASSIGNED_REGISTRATION_SHOW: Route = route("assigned_registration_show", Rule::SignedIn);

// Registrations review (document 001 screens 12 and 13).
pub const REGISTRATIONS_LIST: Route = perm("registrations_list", P::ManageFormRegistrations);
pub const REGISTRATION_TRASH: Route = perm("registration_trash", P::ManageFormRegistrationsDelete);
pub const REGISTRATION_UNTRASH: Route =
    perm("registration_untrash", P::ManageFormRegistrationsDelete);
pub const REGISTRATION_RESEND: Route = perm("registration_resend", P::ManageFormRegistrations);
/// What the registration's e-mails carried: a link, then the zip.
pub const REGISTRATION_DOWNLOAD_EMAILS: Route =
    perm("registration_download_emails", P::ManageFormRegistrations);
pub const REGISTRATION_EMAILS_ZIP: Route =
    perm("registration_emails_zip", P::ManageFormRegistrations);
/// Downloads: the route needs either download permission; each kind then its own.
pub const REGISTRATIONS_EXPORT: Route = route(
    "registrations_export",
    Rule::In(Need::AnyOf(EXPORT_PERMISSIONS)),
);
pub const REGISTRATIONS_EXPORT_PROGRESS: Route = route(
    "registrations_export_progress",
    Rule::In(Need::AnyOf(EXPORT_PERMISSIONS)),
);
pub const REGISTRATIONS_EXPORT_FILE: Route = route(
    "registrations_export_file",
    Rule::In(Need::AnyOf(EXPORT_PERMISSIONS)),
);
pub const REGISTRATIONS_EXPORT_CANCEL: Route = route(
    "registrations_export_cancel",
    Rule::In(Need::AnyOf(EXPORT_PERMISSIONS)),
);

// Files.
pub const FILE_UPLOAD: Route = route("file_upload", Rule::GuestOr(Need::Member));
pub const FILE_UPLOAD_HD: Route = route("file_upload_hd", Rule::GuestOr(Need::Member));
pub const FILE_UPLOAD_IMAGETAG: Route = perm("file_upload_imagetag", P::ManageFormEdit);
pub const FILE_UPLOAD_STATIC: Route = perm("file_upload_static_file", P::ManageFormEdit);
pub const FILE_UPLOAD_EMAIL_WORD: Route = perm("file_upload_email_word", P::ManageFormEmails);
/// Processing an uploaded Word template for one of the form's e-mail settings.
pub const WORD_FILE_PROCESS: Route = perm("word_file_process", P::ManageFormEmails);
pub const FILE_DOWNLOAD: Route = route("file_download", Rule::In(Need::Member));
pub const FILE_FIND_BY_DIGEST: Route = route("file_find_by_digest", Rule::GuestOr(Need::Member));

// Operations.
pub const HEALTHZ: Route = route("healthz", Rule::Public);
pub const READYZ: Route = route("readyz", Rule::Public);
pub const METRICS: Route = route("metrics", Rule::Operator);
pub const OPENAPI: Route = route("openapi", Rule::Public);

/// Every route of the API.
pub const ALL: &[Route] = &[
    USER_LOGIN,
    USER_LOGOUT,
    USER_INFO,
    USER_PASSWORD_FORGOTTEN,
    USER_PASSWORD_RESET,
    USER_REGISTER,
    USER_JOIN_SHOW,
    USER_JOIN,
    CLIENT_PUBLIC,
    CLIENT_SHOW,
    CLIENT_INFO,
    CLIENT_ACCEPT_TERMS,
    CLIENT_RESEND_WELCOME_MAIL,
    CLIENTS_LIST,
    CLIENT_CREATE,
    CLIENT_UPDATE,
    CLIENT_USERS,
    CLIENT_ADD_USER,
    CLIENT_REMOVE_USER,
    USERS_LIST,
    USER_SHOW,
    USER_PERMISSIONS_LIST,
    USER_PERMISSION_CREATE,
    USER_PERMISSION_UPDATE,
    USER_GROUPS_LIST,
    USER_GROUP_SHOW,
    USER_GROUP_FORMS,
    USER_GROUP_CREATE,
    USER_GROUP_UPDATE,
    USER_GROUP_DELETE,
    USER_GROUP_ADD_USER,
    USER_GROUP_REMOVE_USER,
    CLIENT_DELETE,
    CLIENT_SNAPSHOT,
    CLIENT_SNAPSHOT_FILE,
    CLIENT_RESTORE,
    CREDITS_LIST,
    CREDIT_CREATE,
    CREDIT_BUNDLES,
    CREDIT_BUY,
    CLIENT_MODULES,
    MODULE_BUY,
    CLIENT_PURCHASES,
    PURCHASES_OPEN,
    PURCHASE_CONFIRM,
    PAYMENT_WEBHOOK,
    OFFER_BUNDLES,
    OFFER_BUNDLE_CREATE,
    OFFER_BUNDLE_UPDATE,
    OFFER_MODULES,
    OFFER_MODULE_UPDATE,
    DASHBOARD_REPORTS,
    CREDIT_CHART,
    DATASOURCES_LIST,
    DATASOURCE_SHOW,
    DATASOURCE_CREATE,
    DATASOURCE_UPDATE,
    DATASOURCE_DELETE,
    DATASOURCE_IMPORT,
    DATASOURCE_PICKER,
    DATASOURCE_PROPERTIES,
    DATASOURCE_TOKENS,
    DATASOURCE_READ,
    DATASOURCE_EXPORT,
    DATASOURCE_EXPORT_FILE,
    DATASOURCE_EXPORT_STOP,
    FILE_UPLOAD_DATASOURCE,
    BATCH_PROCESS,
    FOLDER_USER_TREE,
    FOLDER_TREE,
    FOLDER_ADMIN_TREE,
    FOLDER_CREATE,
    FOLDER_DELETE,
    FOLDER_SET_HIDDEN,
    FOLDER_RENAME,
    FORM_SHOW,
    FORM_ANONYMOUS,
    FORM_METADATA,
    FORMS_PUBLISHED,
    FORM_CREATE,
    FORM_UPDATE,
    FORM_DELETE,
    FORM_PUBLISH,
    FORM_UNPUBLISH,
    FORM_REVISIONS,
    FORM_REVISION_RESTORE,
    FORM_COPY,
    FORM_USERS,
    FORM_USER_ADD,
    FORM_USER_REMOVE,
    FORM_GROUPS,
    FORM_GROUP_ADD,
    FORM_GROUP_REMOVE,
    FORM_ASSIGNED_USERS,
    FAVORITES_LIST,
    FAVORITE_CREATE,
    FAVORITE_DELETE,
    REGISTRATION_SEND,
    GUEST_SEND,
    MY_REGISTRATIONS,
    REGISTRATION_SHOW,
    REGISTRATION_SEARCH,
    GUEST_FORM,
    GUEST_SEARCH,
    GUEST_MAP_BY_UUID,
    GUEST_MAP_BY_ELEMENT,
    QR_LOCATION,
    SAVED_REGISTRATIONS_SYNC,
    ASSIGNED_REGISTRATIONS,
    ASSIGNED_REGISTRATION_SHOW,
    REGISTRATIONS_LIST,
    REGISTRATION_TRASH,
    REGISTRATION_UNTRASH,
    REGISTRATION_RESEND,
    REGISTRATION_DOWNLOAD_EMAILS,
    REGISTRATION_EMAILS_ZIP,
    REGISTRATIONS_EXPORT,
    REGISTRATIONS_EXPORT_PROGRESS,
    REGISTRATIONS_EXPORT_FILE,
    REGISTRATIONS_EXPORT_CANCEL,
    FILE_UPLOAD,
    FILE_UPLOAD_HD,
    FILE_UPLOAD_IMAGETAG,
    FILE_UPLOAD_STATIC,
    FILE_UPLOAD_EMAIL_WORD,
    WORD_FILE_PROCESS,
    FILE_DOWNLOAD,
    FILE_FIND_BY_DIGEST,
    HEALTHZ,
    READYZ,
    METRICS,
    OPENAPI,
];

/// The route with this operation id.
pub fn find(op: &str) -> Option<&'static Route> {
    ALL.iter().find(|route| route.op == op)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn operation_ids_are_unique() {
        for (i, a) in ALL.iter().enumerate() {
            assert!(
                ALL[i + 1..].iter().all(|b| b.op != a.op),
                "{} twice in the policy table",
                a.op
            );
        }
    }
}
