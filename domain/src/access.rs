//! Roles and permissions: which permission strings of the specification a role holds,
//! and the one function that answers "may this user do P in this client".
//!
//! A user's roles in a client are the global roles (admin, eform_employee) plus the roles
//! of the membership in that client plus 'Formulier invuller', which is always on.
//! The mapping is recorded in `ops/decisions/002-roles-and-permissions.md`.

use serde::{Deserialize, Serialize};

/// A role. Machine names are stable: they are stored and sent to the web app.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    /// 'Formulier invuller': every user has it in every client.
    FormFiller,
    /// Platform administrator: every permission in every client.
    Admin,
    /// Employee of the platform: client edit sections, credits by hand, client removal.
    EformEmployee,
    /// 'Klant beheerder'.
    ClientManager,
    Financial,
    FormManager,
    FormViewRegistrations,
    UserManager,
}

impl Role {
    /// Every role, in the order the web app lists them.
    pub const ALL: [Role; 8] = [
        Role::FormFiller,
        Role::Admin,
        Role::EformEmployee,
        Role::ClientManager,
        Role::Financial,
        Role::FormManager,
        Role::FormViewRegistrations,
        Role::UserManager,
    ];

    /// Roles that live on the user across all clients rather than on a membership.
    pub fn is_global(self) -> bool {
        matches!(self, Role::Admin | Role::EformEmployee)
    }

    /// The stored machine name.
    pub fn as_str(self) -> &'static str {
        match self {
            Role::FormFiller => "form_filler",
            Role::Admin => "admin",
            Role::EformEmployee => "eform_employee",
            Role::ClientManager => "client_manager",
            Role::Financial => "financial",
            Role::FormManager => "form_manager",
            Role::FormViewRegistrations => "form_view_registrations",
            Role::UserManager => "user_manager",
        }
    }

    /// Parses a stored machine name.
    pub fn parse(raw: &str) -> Option<Role> {
        Role::ALL.into_iter().find(|role| role.as_str() == raw)
    }

    /// The Dutch name shown to users.
    pub fn label(self) -> &'static str {
        match self {
            Role::FormFiller => "Formulier invuller",
            Role::Admin => "Beheerder",
            Role::EformEmployee => "eform medewerker",
            Role::ClientManager => "Klant beheerder",
            Role::Financial => "Financieel",
            Role::FormManager => "Formulier beheerder",
            Role::FormViewRegistrations => "Registraties bekijken",
            Role::UserManager => "Gebruikers beheerder",
        }
    }
}

/// A permission string of the specification.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Permission {
    ManageFormEdit,
    ManageFormEmails,
    ManageFormConditions,
    ManageFormIntegrations,
    ManageFormRegistrations,
    ManageFormRegistrationsDelete,
    ManageFormRegistrationsDownload,
    ManageFormRegistrationsDownloadWithAttachments,
    ManageFormRegistrationsWeeklyMail,
    ManageForms,
    ManageFormPublish,
    ManageFormUnpublish,
    ManageFormRevisionsView,
    ManageFormUsers,
    ManageFormName,
    ManageFormSearch,
    ManageFormDelete,
    ViewHiddenFolders,
    ViewClient,
    EditClient,
    ClientAddUsers,
    ClientRemoveUsers,
    ViewUserGroup,
    CreateUserGroup,
    ViewCreditEntities,
    AddClientCredits,
    AdminAddClientCredits,
    DeleteClientEntities,
    EditDatasources,
    CreateDatasources,
    /// 'assign {role} role'.
    AssignRole(Role),
}

use Permission as P;

/// The form permissions of document 2, section 6: what 'full forms' means.
const FORM_PERMISSIONS: [Permission; 17] = [
    P::ManageFormEdit,
    P::ManageFormEmails,
    P::ManageFormConditions,
    P::ManageFormIntegrations,
    P::ManageFormRegistrations,
    P::ManageFormRegistrationsDelete,
    P::ManageFormRegistrationsDownload,
    P::ManageFormRegistrationsDownloadWithAttachments,
    P::ManageFormRegistrationsWeeklyMail,
    P::ManageForms,
    P::ManageFormPublish,
    P::ManageFormUnpublish,
    P::ManageFormRevisionsView,
    P::ManageFormUsers,
    P::ManageFormName,
    P::ManageFormSearch,
    P::ManageFormDelete,
];

const DATASOURCE_PERMISSIONS: [Permission; 2] = [P::EditDatasources, P::CreateDatasources];
const USER_PERMISSIONS: [Permission; 2] = [P::ClientAddUsers, P::ClientRemoveUsers];
const GROUP_PERMISSIONS: [Permission; 2] = [P::ViewUserGroup, P::CreateUserGroup];

/// Roles a user manager or form manager may hand out: none that reach credits or the client.
const TEAM_ROLES: [Role; 3] = [
    Role::FormManager,
    Role::FormViewRegistrations,
    Role::UserManager,
];

impl Permission {
    /// Every permission, `assign {role} role` included for each role.
    pub fn all() -> Vec<Permission> {
        let mut all: Vec<Permission> = FORM_PERMISSIONS.to_vec();
        all.extend([
            P::ViewHiddenFolders,
            P::ViewClient,
            P::EditClient,
            P::ClientAddUsers,
            P::ClientRemoveUsers,
            P::ViewUserGroup,
            P::CreateUserGroup,
            P::ViewCreditEntities,
            P::AddClientCredits,
            P::AdminAddClientCredits,
            P::DeleteClientEntities,
            P::EditDatasources,
            P::CreateDatasources,
        ]);
        all.extend(Role::ALL.into_iter().map(P::AssignRole));
        all
    }

    /// The exact permission string of the specification.
    pub fn as_string(self) -> String {
        let fixed = match self {
            P::ManageFormEdit => "eform manage form edit",
            P::ManageFormEmails => "eform manage form emails",
            P::ManageFormConditions => "eform manage form conditions",
            P::ManageFormIntegrations => "eform manage form integrations",
            P::ManageFormRegistrations => "eform manage form registrations",
            P::ManageFormRegistrationsDelete => "eform manage form registrations delete",
            P::ManageFormRegistrationsDownload => "eform manage form registrations download",
            P::ManageFormRegistrationsDownloadWithAttachments => {
                "eform manage form registrations download with attachments"
            }
            P::ManageFormRegistrationsWeeklyMail => "eform manage form registrations weekly mail",
            P::ManageForms => "eform manage forms",
            P::ManageFormPublish => "eform manage form publish",
            P::ManageFormUnpublish => "eform manage form unpublish",
            P::ManageFormRevisionsView => "eform manage form revisions view",
            P::ManageFormUsers => "eform manage form users",
            P::ManageFormName => "eform manage form name",
            P::ManageFormSearch => "eform manage form search",
            P::ManageFormDelete => "eform manage form delete",
            P::ViewHiddenFolders => "eform view hidden folders",
            P::ViewClient => "eform view client",
            P::EditClient => "eform edit client",
            P::ClientAddUsers => "eform client add users",
            P::ClientRemoveUsers => "eform client remove users",
            P::ViewUserGroup => "view user group",
            P::CreateUserGroup => "create user group",
            P::ViewCreditEntities => "view credit entities",
            P::AddClientCredits => "add client credits",
            P::AdminAddClientCredits => "admin add client credits",
            P::DeleteClientEntities => "delete client entities",
            P::EditDatasources => "eform edit datasources",
            P::CreateDatasources => "eform create datasources",
            P::AssignRole(role) => return format!("assign {} role", role.as_str()),
        };
        fixed.to_owned()
    }

    /// Parses a permission string of the specification.
    pub fn parse(raw: &str) -> Option<Permission> {
        Permission::all().into_iter().find(|p| p.as_string() == raw)
    }
}

/// The permissions a single role grants (admin: all of them).
pub fn permissions_of_role(role: Role) -> Vec<Permission> {
    let mut granted: Vec<Permission> = Vec::new();
    match role {
        Role::Admin => return Permission::all(),
        Role::FormFiller => {}
        Role::EformEmployee => granted.extend([
            P::ViewClient,
            P::EditClient,
            P::ViewCreditEntities,
            P::AddClientCredits,
            P::AdminAddClientCredits,
            P::DeleteClientEntities,
        ]),
        Role::ClientManager => {
            granted.extend(FORM_PERMISSIONS);
            granted.push(P::ViewHiddenFolders);
            granted.extend(DATASOURCE_PERMISSIONS);
            granted.extend(USER_PERMISSIONS);
            granted.extend(GROUP_PERMISSIONS);
            granted.extend([
                P::ViewClient,
                P::EditClient,
                P::ViewCreditEntities,
                P::AddClientCredits,
            ]);
            granted.extend(
                [Role::ClientManager, Role::Financial]
                    .into_iter()
                    .chain(TEAM_ROLES)
                    .map(P::AssignRole),
            );
        }
        Role::Financial => {
            granted.extend([P::ViewClient, P::ViewCreditEntities, P::AddClientCredits])
        }
        Role::FormManager => {
            granted.extend(FORM_PERMISSIONS);
            granted.extend(DATASOURCE_PERMISSIONS);
            granted.extend(USER_PERMISSIONS);
            granted.extend(GROUP_PERMISSIONS);
            granted.extend(TEAM_ROLES.map(P::AssignRole));
        }
        Role::UserManager => {
            granted.extend(USER_PERMISSIONS);
            granted.extend(GROUP_PERMISSIONS);
            granted.extend(TEAM_ROLES.map(P::AssignRole));
        }
        Role::FormViewRegistrations => granted.push(P::ManageFormRegistrations),
    }
    granted
}

/// What one user holds in one client: the effective roles and nothing else, so the
/// answer to every permission question is derived, never stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Access {
    roles: Vec<Role>,
}

impl Access {
    /// Effective access from global and membership roles; 'Formulier invuller' is always added.
    pub fn new(roles: impl IntoIterator<Item = Role>) -> Access {
        let mut all = vec![Role::FormFiller];
        for role in roles {
            if !all.contains(&role) {
                all.push(role);
            }
        }
        Access { roles: all }
    }

    /// The effective roles, 'Formulier invuller' first.
    pub fn roles(&self) -> &[Role] {
        &self.roles
    }

    /// True when the user is a platform administrator.
    pub fn is_admin(&self) -> bool {
        self.roles.contains(&Role::Admin)
    }

    /// The one question: may this user do `permission` in this client?
    pub fn may(&self, permission: Permission) -> bool {
        self.roles
            .iter()
            .any(|role| permissions_of_role(*role).contains(&permission))
    }

    /// Every permission string held, sorted and without repeats (for `api/client/{id}/info`).
    pub fn permission_strings(&self) -> Vec<String> {
        let mut all: Vec<String> = Permission::all()
            .into_iter()
            .filter(|p| self.may(*p))
            .map(Permission::as_string)
            .collect();
        all.sort();
        all
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_permission_string_round_trips_and_is_unique() {
        let all = Permission::all();
        let mut strings: Vec<String> = all.iter().map(|p| p.as_string()).collect();
        for p in &all {
            assert_eq!(Permission::parse(&p.as_string()), Some(*p));
        }
        strings.sort();
        strings.dedup();
        assert_eq!(strings.len(), all.len());
        assert_eq!(all.len(), 30 + Role::ALL.len());
    }

    #[test]
    fn role_names_round_trip() {
        for role in Role::ALL {
            assert_eq!(Role::parse(role.as_str()), Some(role));
        }
        assert_eq!(Role::parse("superuser"), None);
        assert_eq!(Role::ClientManager.label(), "Klant beheerder");
        assert_eq!(Role::FormFiller.label(), "Formulier invuller");
    }

    /// (role, permission string, expected) — the specification's role descriptions.
    const TABLE: &[(Role, &str, bool)] = &[
        (Role::Admin, "eform manage forms", true),
        (Role::Admin, "delete client entities", true),
        (Role::Admin, "assign admin role", true),
        (Role::Admin, "admin add client credits", true),
        (Role::FormFiller, "eform manage forms", false),
        (Role::FormFiller, "eform view client", false),
        (Role::FormFiller, "eform manage form registrations", false),
        (Role::ClientManager, "eform manage forms", true),
        (Role::ClientManager, "eform manage form delete", true),
        (Role::ClientManager, "eform view hidden folders", true),
        (Role::ClientManager, "eform create datasources", true),
        (Role::ClientManager, "eform client add users", true),
        (Role::ClientManager, "create user group", true),
        (Role::ClientManager, "eform edit client", true),
        (Role::ClientManager, "add client credits", true),
        (Role::ClientManager, "assign client_manager role", true),
        (Role::ClientManager, "assign admin role", false),
        (Role::ClientManager, "assign eform_employee role", false),
        (Role::ClientManager, "admin add client credits", false),
        (Role::ClientManager, "delete client entities", false),
        (Role::Financial, "eform view client", true),
        (Role::Financial, "view credit entities", true),
        (Role::Financial, "add client credits", true),
        (Role::Financial, "eform edit client", false),
        (Role::Financial, "eform manage forms", false),
        (Role::Financial, "eform client add users", false),
        (Role::FormManager, "eform manage forms", true),
        (Role::FormManager, "eform manage form publish", true),
        (Role::FormManager, "eform edit datasources", true),
        (Role::FormManager, "eform client add users", true),
        (Role::FormManager, "view user group", true),
        (Role::FormManager, "assign form_manager role", true),
        (Role::FormManager, "eform view hidden folders", false),
        (Role::FormManager, "eform view client", false),
        (Role::FormManager, "add client credits", false),
        (Role::FormManager, "assign client_manager role", false),
        (Role::UserManager, "eform client add users", true),
        (Role::UserManager, "eform client remove users", true),
        (Role::UserManager, "create user group", true),
        (Role::UserManager, "assign user_manager role", true),
        (Role::UserManager, "eform manage forms", false),
        (Role::UserManager, "assign financial role", false),
        (
            Role::FormViewRegistrations,
            "eform manage form registrations",
            true,
        ),
        (
            Role::FormViewRegistrations,
            "eform manage form registrations delete",
            false,
        ),
        (Role::FormViewRegistrations, "eform manage form edit", false),
        (Role::FormViewRegistrations, "eform manage forms", false),
        (Role::EformEmployee, "eform edit client", true),
        (Role::EformEmployee, "admin add client credits", true),
        (Role::EformEmployee, "delete client entities", true),
        (Role::EformEmployee, "eform manage forms", false),
        (Role::EformEmployee, "assign admin role", false),
    ];

    #[test]
    fn role_permission_table() {
        for (role, permission, expected) in TABLE {
            let parsed = Permission::parse(permission);
            assert!(parsed.is_some(), "unknown permission string {permission}");
            let Some(parsed) = parsed else { continue };
            assert_eq!(
                Access::new([*role]).may(parsed),
                *expected,
                "{} / {permission}",
                role.as_str()
            );
        }
    }

    #[test]
    fn admin_holds_every_permission() {
        let admin = Access::new([Role::Admin]);
        assert!(admin.is_admin());
        assert_eq!(admin.permission_strings().len(), Permission::all().len());
    }

    #[test]
    fn form_filler_is_always_on_and_roles_combine() {
        let access = Access::new([Role::Financial, Role::FormManager, Role::Financial]);
        assert_eq!(
            access.roles(),
            &[Role::FormFiller, Role::Financial, Role::FormManager]
        );
        assert!(access.may(Permission::ViewClient));
        assert!(access.may(Permission::ManageForms));
        assert!(!access.may(Permission::ViewHiddenFolders));
        assert!(Access::new([]).permission_strings().is_empty());
    }
}
