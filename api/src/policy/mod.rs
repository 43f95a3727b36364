//! The one authorisation policy: who may call each route, and the only road from a request
//! to a client's data.
//!
//! Every route names its [`Route`] in [`table`] (its rule, keyed by the OpenAPI operation id).
//! Handlers hand that route to one of the functions below ([`client`], [`owner`], [`form`],
//! [`guest_form`], [`my_clients`]), which load the client, judge the user's standing there
//! with [`judge`] and only then open the tenant database. The tenant registry itself lives in
//! [`Tenants`], whose handle no request handler can reach, so "the policy is the only road to
//! a tenant" is a fact of the code, not a convention (`tests/policy_boundary.rs` keeps the
//! route modules away from the operations back door).
//!
//! [`judge`] is pure: the same function decides live requests and the expected answers of the
//! tenant x role x endpoint matrix test (`tests/matrix.rs`). Decision 011 records the rules.

pub mod table;

use crate::AppState;
use crate::cache::{CachedForm, Membership};
use crate::error::{AppError, Result};
use crate::extract::AuthUser;
use domain::access::{Access, Permission, Role};
use domain::ids::ClientId;
use std::sync::Arc;
use tenancy::platform::clients::Client;
use tenancy::platform::{clients, directory, memberships, terms};
use tenancy::tenant::forms::Form;
use tenancy::tenant::user_groups;
use tenancy::{TenantDb, TenantRegistry};

pub use table::Route;

/// Who may call a route.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rule {
    /// Anyone, without signing in: sign-in itself, password links, guest links, public pages.
    Public,
    /// Any signed-in user; the call touches only the user's own data.
    SignedIn,
    /// The platform's operators: `/metrics` (a token, or the machine itself; decision 011).
    Operator,
    /// A signed-in user working in the client the route names, with this need.
    In(Need),
    /// `In(need)` with an api key; without one, a guest through a form's guest link.
    GuestOr(Need),
    /// A signed-in user with a platform role (admin, eform_employee): work on the platform
    /// itself, such as making a client.
    Platform,
    /// A signed-in platform admin: whole clients taken out of or put into the platform
    /// (snapshots).
    Admin,
}

/// What a user must have in the client a route works in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Need {
    /// Any relation to the client (membership, or a platform role): account calls that
    /// must work before the terms are accepted (roles, credits, accepting the terms).
    Reach,
    /// The client's content: a member (or a platform admin) who accepted the terms.
    Member,
    /// A member who may fill in this form (published and open to the user or one of the
    /// user's groups), or anyone who manages the client's forms.
    Fill,
    /// [`Need::Fill`], and the registration is the user's own or the user manages the form's
    /// registrations.
    Registration,
    /// This permission in the client (terms accepted).
    Perm(Permission),
    /// At least one of these permissions.
    AnyOf(&'static [Permission]),
    /// Every one of these permissions.
    AllOf(&'static [Permission]),
}

/// Permissions that let a user open every form of the client, published or not, and get
/// the admin shape of a form.
pub const MANAGE_ANY_FORM: &[Permission] = &[
    Permission::ManageForms,
    Permission::ManageFormRegistrations,
    Permission::ManageFormUsers,
];

/// Either download of a form's registrations (each kind needs its own).
pub const EXPORT_PERMISSIONS: &[Permission] = &[
    Permission::ManageFormRegistrationsDownload,
    Permission::ManageFormRegistrationsDownloadWithAttachments,
];

/// Permissions that let a user manage datasources.
pub const DATASOURCE_MANAGERS: &[Permission] =
    &[Permission::EditDatasources, Permission::CreateDatasources];

/// Permissions that let a user read a client's users: managing them, or editing the client
/// (whose terms dialog lists them).
pub const USER_READERS: &[Permission] = &[Permission::ClientAddUsers, Permission::EditClient];

/// Permissions that change a part of a form through `PATCH api/form/{id}` (decision 010).
pub const FORM_PART_PERMISSIONS: &[Permission] = &[
    Permission::ManageFormName,
    Permission::ManageFormEdit,
    Permission::ManageFormConditions,
    Permission::ManageFormEmails,
    Permission::ManageFormIntegrations,
    Permission::ManageFormSearch,
    Permission::ManageFormRegistrationsWeeklyMail,
];

/// A user's standing in one client: everything [`judge`] needs to know about the user.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Standing {
    /// Global roles plus the membership's roles ('Formulier invuller' always).
    pub access: Access,
    /// True when the user has a membership in the client.
    pub member: bool,
    /// True when the user has a platform role (admin, eform_employee).
    pub platform_role: bool,
    /// True while the user must still accept the client's terms.
    pub terms_pending: bool,
}

impl Standing {
    /// The standing of a user with these global roles and this membership (None: no member).
    pub fn new(global: &[Role], membership: Option<&[Role]>, terms_pending: bool) -> Standing {
        let roles = global.iter().chain(membership.unwrap_or_default()).copied();
        Standing {
            access: Access::new(roles),
            member: membership.is_some(),
            platform_role: !global.is_empty(),
            terms_pending,
        }
    }

    /// True when the user may see the client's content: members and platform admins.
    /// An eform_employee without membership reaches the client's administration only.
    pub fn content(&self) -> bool {
        self.member || self.access.is_admin()
    }

    /// True when the user may open every form of the client.
    pub fn manages_forms(&self) -> bool {
        MANAGE_ANY_FORM.iter().any(|p| self.access.may(*p))
    }
}

/// Facts about the resource that some needs depend on.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Facts {
    /// The form is published and open to this user (directly, by group, or to everyone).
    pub fillable: bool,
    /// The registration was sent by this user.
    pub own: bool,
}

/// The policy's answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    Allow,
    /// 403 'U hebt geen rechten om deze content te bekijken.'
    Forbidden,
    /// 403 until the client's terms are accepted.
    TermsRequired,
}

impl Verdict {
    pub(crate) fn into_result(self) -> Result<()> {
        match self {
            Verdict::Allow => Ok(()),
            Verdict::Forbidden => Err(AppError::Forbidden),
            Verdict::TermsRequired => Err(AppError::TermsRequired),
        }
    }
}

/// The rule of every route, applied to one user's standing in one client. Pure: the live
/// checks and the matrix test's expectations both come from here.
pub fn judge(need: Need, standing: &Standing, facts: Facts) -> Verdict {
    let allow = |yes: bool| {
        if yes {
            Verdict::Allow
        } else {
            Verdict::Forbidden
        }
    };
    if !standing.member && !standing.platform_role {
        return Verdict::Forbidden;
    }
    if need == Need::Reach {
        return Verdict::Allow;
    }
    if standing.terms_pending {
        return Verdict::TermsRequired;
    }
    let may = |p: &Permission| standing.access.may(*p);
    match need {
        Need::Reach => Verdict::Allow,
        Need::Member => allow(standing.content()),
        Need::Fill => allow(standing.content() && (facts.fillable || standing.manages_forms())),
        Need::Registration => allow(
            standing.content()
                && (facts.fillable || standing.manages_forms())
                && (facts.own || may(&Permission::ManageFormRegistrations)),
        ),
        Need::Perm(p) => allow(may(&p)),
        Need::AnyOf(all) => allow(all.iter().any(may)),
        Need::AllOf(all) => allow(all.iter().all(may)),
    }
}

/// [`Rule::Platform`] for a user with these global roles. Pure, like [`judge`].
pub fn judge_platform(global: &[Role]) -> Verdict {
    if global.is_empty() {
        Verdict::Forbidden
    } else {
        Verdict::Allow
    }
}

/// [`Rule::Admin`] for a user with these global roles. Pure, like [`judge`].
pub fn judge_admin(global: &[Role]) -> Verdict {
    if global.contains(&Role::Admin) {
        Verdict::Allow
    } else {
        Verdict::Forbidden
    }
}

/// Refuses anyone but a platform admin ([`Rule::Admin`]).
pub fn require_admin(auth: &AuthUser) -> Result<()> {
    judge_admin(&auth.user.global_roles).into_result()
}

/// Every client's files, for a platform admin ([`Rule::Admin`]): whole clients taken out
/// or put in (snapshots), and the figures of all clients (the dashboard's chart).
pub fn admin_tenants<'a>(state: &'a AppState, auth: &AuthUser) -> Result<&'a TenantRegistry> {
    require_admin(auth)?;
    Ok(&state.tenants.0)
}

/// Makes a new client for a platform user ([`Rule::Platform`]): its own database file
/// first, then its platform row, so a client that is listed can always be opened (a crash
/// in between leaves only an empty folder no one refers to); its maker becomes a member.
pub async fn create_client(state: &AppState, auth: &AuthUser, name: &str) -> Result<Client> {
    judge_platform(&auth.user.global_roles).into_result()?;
    let client = clients::new_client(name);
    state.tenants.for_operations().create(&client.id).await?;
    clients::upsert(&state.platform, &client).await?;
    // Its maker works in it next (users, groups, forms): the new client is one of theirs.
    memberships::set_roles(&state.platform, &auth.user.id, &client.id, &[]).await?;
    Ok(client)
}

/// The gate in front of the tenant registry: opened only by this module for requests that
/// passed [`judge`], and by [`Tenants::for_operations`] for the command line, the demo seed
/// and jobs, which act for the platform rather than for a request.
#[derive(Debug, Clone)]
pub struct Tenants(Arc<TenantRegistry>);

impl Tenants {
    /// Guards this registry.
    pub fn new(registry: TenantRegistry) -> Tenants {
        Tenants(Arc::new(registry))
    }

    /// The registry without any check, for work the platform does itself (the `eform`
    /// command, seeding, jobs). Never for a request: `tests/policy_boundary.rs` fails when a
    /// route module calls it.
    pub fn for_operations(&self) -> &Arc<TenantRegistry> {
        &self.0
    }

    /// Number of open tenant pools (metrics).
    pub fn open_count(&self) -> usize {
        self.0.open_count()
    }
}

/// A signed-in user working in one client whose route the policy allowed: the client, the
/// user's access there and the tenant database.
#[derive(Debug, Clone)]
pub struct ClientCtx {
    pub auth: AuthUser,
    pub client: Client,
    pub access: Access,
    standing: Standing,
    db: TenantDb,
}

impl ClientCtx {
    /// The client's database.
    pub fn db(&self) -> &TenantDb {
        &self.db
    }

    /// 403 unless the user also holds `permission` here: for calls whose parts need more than
    /// the route's rule (each changed part of a form, the target client of a copy).
    pub fn require(&self, permission: Permission) -> Result<()> {
        judge(Need::Perm(permission), &self.standing, Facts::default()).into_result()
    }

    /// True when the user may open every form of the client.
    pub fn manages_forms(&self) -> bool {
        self.standing.manages_forms()
    }

    /// Checks a registration-scoped route ([`Need::Registration`]) once the registration is
    /// known: its sender, or someone who manages the form's registrations.
    pub fn allow_registration(&self, sender: Option<&str>) -> Result<()> {
        let facts = Facts {
            fillable: true,
            own: sender == Some(self.auth.user.id.as_str()),
        };
        judge(Need::Registration, &self.standing, facts).into_result()
    }
}

/// Whether the user may send on a workflow registration that waits for `assigned_to`: its
/// user, anyone who may fill in the form when it waits for nobody (the route's rule checked
/// that), or a manager of the form's registrations.
pub fn may_send_on(ctx: &ClientCtx, assigned_to: Option<&str>) -> Result<()> {
    let mine = assigned_to.is_none_or(|user| user == ctx.auth.user.id.as_str());
    if mine {
        return Ok(());
    }
    ctx.require(Permission::ManageFormRegistrations)
}

/// Whether the user may fill in this form of the context's client (published and open to
/// them or one of their groups), or manages the client's forms.
pub async fn fills(state: &AppState, ctx: &ClientCtx, form_id: &str) -> Result<bool> {
    if ctx.manages_forms() {
        return Ok(true);
    }
    let cached = state.caches.form(ctx.db(), form_id).await?;
    may_fill(ctx.db(), &cached, ctx.auth.user.id.as_str()).await
}

/// A form whose route the policy allowed, with its client.
#[derive(Debug, Clone)]
pub struct FormCtx {
    pub ctx: ClientCtx,
    pub form: Arc<CachedForm>,
}

/// The need of a route that works in a client; a route of another kind here is our bug.
fn need_of(route: &Route) -> Result<Need> {
    match route.rule {
        Rule::In(need) | Rule::GuestOr(need) => Ok(need),
        other => Err(AppError::internal(format!(
            "route {} ({other:?}) does not work in a client",
            route.op
        ))),
    }
}

/// The client and the user's membership in it, from the short-lived cache.
async fn membership(state: &AppState, auth: &AuthUser, client_id: &ClientId) -> Result<Membership> {
    let key = (auth.user.id.clone(), client_id.clone());
    if let Some(known) = state.caches.access.get(&key) {
        return Ok(known);
    }
    let client = clients::find(&state.platform, client_id)
        .await?
        .ok_or(AppError::NotFound)?;
    let roles = memberships::roles_in_client(&state.platform, &auth.user.id, client_id).await?;
    let terms_pending = terms::pending(&state.platform, client_id, &auth.user.id).await?;
    let known = Membership {
        client,
        roles,
        terms_pending,
    };
    state.caches.access.insert(key, known.clone());
    Ok(known)
}

/// Judges `need` for the user in the client and opens its database when allowed.
async fn enter(
    state: &AppState,
    auth: AuthUser,
    client_id: &ClientId,
    need: Need,
    facts: Facts,
) -> Result<ClientCtx> {
    let known = membership(state, &auth, client_id).await?;
    let standing = Standing::new(
        &auth.user.global_roles,
        known.roles.as_deref(),
        known.terms_pending,
    );
    judge(need, &standing, facts).into_result()?;
    let db = state.tenants.0.open(client_id).await?;
    Ok(ClientCtx {
        access: standing.access.clone(),
        auth,
        client: known.client,
        standing,
        db,
    })
}

/// The client named by the route (path or body), for a route whose need does not depend on
/// a form. 404 for an unknown client, 403 when the rule refuses.
pub async fn client(
    state: &AppState,
    auth: AuthUser,
    client_id: &ClientId,
    route: &Route,
) -> Result<ClientCtx> {
    enter(state, auth, client_id, need_of(route)?, Facts::default()).await
}

/// [`client`] for a client id as written in a path or body: anything that is not a
/// canonical client id is a 404.
pub async fn client_by_id(
    state: &AppState,
    auth: AuthUser,
    raw: &str,
    route: &Route,
) -> Result<ClientCtx> {
    let client_id = ClientId::parse(raw).ok_or(AppError::NotFound)?;
    client(state, auth, &client_id, route).await
}

/// The client owning a globally addressable id ("form", "folder", ...), for the route:
/// 404 when the id is unknown.
pub async fn owner(
    state: &AppState,
    auth: AuthUser,
    kind: &str,
    id: &str,
    route: &Route,
) -> Result<ClientCtx> {
    let client_id = owner_of(state, kind, id).await?;
    client(state, auth, &client_id, route).await
}

/// A form and its client for a form-scoped route: 404 when unknown (or deleted), 403 when the
/// rule refuses. [`Need::Fill`] and [`Need::Registration`] look at whether this user may fill
/// it in (published and open to the user or a group of the user).
pub async fn form(
    state: &AppState,
    auth: AuthUser,
    form_id: &str,
    route: &Route,
) -> Result<FormCtx> {
    let need = need_of(route)?;
    let client_id = owner_of(state, "form", form_id).await?;
    let known = membership(state, &auth, &client_id).await?;
    let standing = Standing::new(
        &auth.user.global_roles,
        known.roles.as_deref(),
        known.terms_pending,
    );
    // Refuse before touching the tenant when the standing alone decides.
    let optimistic = Facts {
        fillable: true,
        own: true,
    };
    judge(need, &standing, optimistic).into_result()?;
    let db = state.tenants.0.open_for_form(&client_id).await?;
    let cached = state.caches.form(&db, form_id).await?;
    let fillable = if matches!(need, Need::Fill | Need::Registration) && !standing.manages_forms() {
        may_fill(&db, &cached, auth.user.id.as_str()).await?
    } else {
        true
    };
    judge(
        need,
        &standing,
        Facts {
            fillable,
            own: true,
        },
    )
    .into_result()?;
    Ok(FormCtx {
        ctx: ClientCtx {
            access: standing.access.clone(),
            auth,
            client: known.client,
            standing,
            db,
        },
        form: cached,
    })
}

/// True when the (published) form is open to this user: to everyone of the client when it
/// names no users or groups, else to its users and the members of its groups.
async fn may_fill(db: &TenantDb, form: &CachedForm, user: &str) -> Result<bool> {
    // Group membership is only read for forms that are limited to groups.
    let groups = if form.allowed_groups.is_empty() {
        Vec::new()
    } else {
        user_groups::of_user(db, user).await?
    };
    Ok(form.may_fill(user, &groups))
}

/// Every client the user may see the content of, for calls that span the user's clients
/// (my registrations, the saved-registration list). Clients whose terms are pending are
/// left out.
pub async fn my_clients(state: &AppState, auth: &AuthUser) -> Result<Vec<ClientCtx>> {
    let mut contexts = Vec::new();
    for client in memberships::clients_of_user(&state.platform, &auth.user.id).await? {
        match enter(
            state,
            auth.clone(),
            &client.id,
            Need::Member,
            Facts::default(),
        )
        .await
        {
            Ok(ctx) => contexts.push(ctx),
            Err(AppError::Forbidden | AppError::TermsRequired | AppError::NotFound) => {}
            Err(other) => return Err(other),
        }
    }
    Ok(contexts)
}

/// [`client`] for one entry of a call that spans clients (a saved registration in a sync):
/// the client's content, judged like [`Need::Member`].
pub async fn member_of(
    state: &AppState,
    auth: AuthUser,
    client_id: &ClientId,
) -> Result<ClientCtx> {
    enter(state, auth, client_id, Need::Member, Facts::default()).await
}

/// A form opened through its guest link, without sign-in.
#[derive(Debug, Clone)]
pub struct GuestCtx {
    pub client: Client,
    pub form: Form,
    db: TenantDb,
}

impl GuestCtx {
    /// The client's database.
    pub fn db(&self) -> &TenantDb {
        &self.db
    }
}

/// The form behind a guest id, only while guest access is on and the form is published:
/// the guest id is the capability, so anything else is a 404.
pub async fn guest_form(state: &AppState, guest_id: &str) -> Result<GuestCtx> {
    let client_id = owner_of(state, "guest", guest_id).await?;
    let client = clients::find(&state.platform, &client_id)
        .await?
        .ok_or(AppError::NotFound)?;
    let db = state.tenants.0.open(&client_id).await?;
    let form = tenancy::tenant::forms::find_by_guest_id(&db, guest_id)
        .await?
        .ok_or(AppError::NotFound)?;
    let enabled = form
        .settings
        .get("guestAccess")
        .and_then(serde_json::Value::as_bool)
        .unwrap_or(false);
    if !enabled || form.published_at.is_none() {
        return Err(AppError::NotFound);
    }
    Ok(GuestCtx { client, form, db })
}

/// A form's client and name for the public self-registration page, which shows both for
/// any form id (nothing else of the form leaves through here).
pub async fn public_form(state: &AppState, form_id: &str) -> Result<(Client, Form)> {
    let client_id = owner_of(state, "form", form_id).await?;
    let client = clients::find(&state.platform, &client_id)
        .await?
        .ok_or(AppError::NotFound)?;
    let db = state.tenants.0.open(&client_id).await?;
    let form = tenancy::tenant::forms::find(&db, form_id)
        .await?
        .ok_or(AppError::NotFound)?;
    Ok((client, form))
}

/// The database of the client owning a globally addressable id, for public calls that check
/// for themselves what they may show (guest maps: published forms with the switch on).
pub async fn public_tenant(state: &AppState, kind: &str, id: &str) -> Result<TenantDb> {
    let client_id = owner_of(state, kind, id).await?;
    Ok(state.tenants.0.open(&client_id).await?)
}

/// The client owning a globally addressable id (cached: ids never move between clients).
pub async fn owner_of(state: &AppState, kind: &str, id: &str) -> Result<ClientId> {
    let key = (kind.to_owned(), id.to_owned());
    if let Some(client) = state.caches.directory.get(&key) {
        return Ok(client);
    }
    let client = directory::client_of(&state.platform, kind, id)
        .await?
        .ok_or(AppError::NotFound)?;
    state.caches.directory.insert(key, client.clone());
    Ok(client)
}

#[cfg(test)]
mod tests {
    use super::*;
    use Permission as P;

    fn standing(global: &[Role], membership: Option<&[Role]>) -> Standing {
        Standing::new(global, membership, false)
    }

    /// (who, need, facts, expected): role x permission x resource, from decisions 002 and 011.
    #[test]
    fn the_policy_table() {
        let filler = standing(&[], Some(&[]));
        let reader = standing(&[], Some(&[Role::FormViewRegistrations]));
        let forms = standing(&[], Some(&[Role::FormManager]));
        let manager = standing(&[], Some(&[Role::ClientManager]));
        let outsider = standing(&[], None);
        let admin_elsewhere = standing(&[Role::Admin], None);
        let employee_elsewhere = standing(&[Role::EformEmployee], None);
        let employee_member = standing(&[Role::EformEmployee], Some(&[]));
        let pending = Standing::new(&[], Some(&[]), true);
        let open = Facts {
            fillable: true,
            own: false,
        };
        let closed = Facts::default();
        let mine = Facts {
            fillable: true,
            own: true,
        };
        use Verdict::{Allow, Forbidden, TermsRequired};
        let cases: &[(&str, &Standing, Need, Facts, Verdict)] = &[
            ("filler reaches", &filler, Need::Reach, closed, Allow),
            ("filler content", &filler, Need::Member, closed, Allow),
            ("filler fills open form", &filler, Need::Fill, open, Allow),
            (
                "filler not a closed form",
                &filler,
                Need::Fill,
                closed,
                Forbidden,
            ),
            (
                "filler own registration",
                &filler,
                Need::Registration,
                mine,
                Allow,
            ),
            (
                "filler other's registration",
                &filler,
                Need::Registration,
                open,
                Forbidden,
            ),
            (
                "filler no manage forms",
                &filler,
                Need::Perm(P::ManageForms),
                closed,
                Forbidden,
            ),
            (
                "reader other's registration",
                &reader,
                Need::Registration,
                open,
                Allow,
            ),
            (
                "reader opens closed form",
                &reader,
                Need::Fill,
                closed,
                Allow,
            ),
            (
                "reader may not patch a form",
                &reader,
                Need::AnyOf(FORM_PART_PERMISSIONS),
                closed,
                Forbidden,
            ),
            (
                "form manager patches",
                &forms,
                Need::AnyOf(FORM_PART_PERMISSIONS),
                closed,
                Allow,
            ),
            (
                "form manager no hidden folders",
                &forms,
                Need::AllOf(&[P::ManageForms, P::ViewHiddenFolders]),
                closed,
                Forbidden,
            ),
            (
                "client manager hidden folders",
                &manager,
                Need::AllOf(&[P::ManageForms, P::ViewHiddenFolders]),
                closed,
                Allow,
            ),
            (
                "outsider reaches nothing",
                &outsider,
                Need::Reach,
                open,
                Forbidden,
            ),
            (
                "outsider no content",
                &outsider,
                Need::Member,
                open,
                Forbidden,
            ),
            (
                "admin everywhere",
                &admin_elsewhere,
                Need::Fill,
                closed,
                Allow,
            ),
            (
                "admin other's registration",
                &admin_elsewhere,
                Need::Registration,
                closed,
                Allow,
            ),
            (
                "employee reaches every client",
                &employee_elsewhere,
                Need::Reach,
                closed,
                Allow,
            ),
            (
                "employee edits every client",
                &employee_elsewhere,
                Need::Perm(P::EditClient),
                closed,
                Allow,
            ),
            (
                "employee no content without membership",
                &employee_elsewhere,
                Need::Member,
                closed,
                Forbidden,
            ),
            (
                "employee does not fill without membership",
                &employee_elsewhere,
                Need::Fill,
                open,
                Forbidden,
            ),
            (
                "employee member fills",
                &employee_member,
                Need::Fill,
                open,
                Allow,
            ),
            ("pending terms reach", &pending, Need::Reach, open, Allow),
            (
                "pending terms no content",
                &pending,
                Need::Member,
                open,
                TermsRequired,
            ),
            (
                "pending terms no fill",
                &pending,
                Need::Fill,
                open,
                TermsRequired,
            ),
        ];
        for (name, who, need, facts, expected) in cases {
            assert_eq!(judge(*need, who, *facts), *expected, "{name}");
        }
    }

    #[test]
    fn every_role_and_permission_in_a_client() {
        // A member holding exactly one role passes Perm(p) exactly when the role grants p.
        for role in Role::ALL.into_iter().filter(|r| !r.is_global()) {
            let who = standing(&[], Some(&[role]));
            for p in Permission::all() {
                let expected = domain::access::permissions_of_role(role).contains(&p);
                assert_eq!(
                    judge(Need::Perm(p), &who, Facts::default()) == Verdict::Allow,
                    expected,
                    "{} {}",
                    role.as_str(),
                    p.as_string()
                );
            }
        }
    }
}
