//! API 19.x `login` and `set_keyspace`: who the connection is and which
//! keyspace it works in, the two things every other call's access check
//! starts from (see `thrift::access`). The generated trait's methods in
//! `mod.rs` delegate here.

use super::{describe, methods, Handler};
use crate::auth::access::{Access, Permission};
use crate::auth::AuthError;
use crate::thrift::access;
use crate::thrift::error::ApiError;
use crate::thrift::gen::cassandra19 as t;

impl Handler<'_> {
    /// 1.2's login names no keyspace: it authenticates the user, and
    /// replaces whoever was logged in (nobody is, when it fails). A
    /// keyspace already set (some clients call `set_keyspace` first) is
    /// checked at once, so a user barred from it hears so from `login`.
    pub(super) fn login(&self, auth_request: t::AuthenticationRequest) -> thrift::Result<()> {
        let auth = &self.node.auth;
        let ks = self.session.borrow().api19.keyspace.clone();
        let attempt = auth
            .authenticate(&auth_request.credentials)
            .and_then(|user| match &ks {
                Some(ks) if access::enforced(self.node) => match auth.may_use(&user, ks) {
                    Ok(true) => Ok(user),
                    Ok(false) => Err(AuthError::Authorization(
                        Access::keyspace(Permission::Use, ks.as_str())
                            .denial(user.username.as_deref().unwrap_or_default()),
                    )),
                    Err(e) => Err(e),
                },
                _ => Ok(user),
            });
        self.wrap(
            methods::LOGIN.name(),
            access::login(&mut self.session.borrow_mut(), None, attempt),
        )
    }

    /// Before a login, any name is kept without looking it up (as 1.2 did,
    /// for clients that call `set_keyspace` first; `login` then checks
    /// it). After one, the keyspace must exist and be granted.
    pub(super) fn set_keyspace(&self, keyspace: String) -> thrift::Result<()> {
        if self.logged_in().is_ok() {
            let exists = self.node.schema().keyspace(&keyspace).is_some()
                || describe::keyspace(self.node, &keyspace).is_ok();
            let r = if exists {
                self.allowed(&[Access::keyspace(Permission::Use, keyspace.as_str())])
            } else {
                Err(ApiError::invalid(format!(
                    "Keyspace '{keyspace}' does not exist"
                )))
            };
            if r.is_err() {
                return self.wrap(methods::SET_KEYSPACE.name(), r);
            }
        }
        let mut session = self.session.borrow_mut();
        if let Some(cql) = session.api19.cql.as_mut() {
            cql.set_keyspace(keyspace.clone());
        }
        session.api19.keyspace = Some(keyspace);
        Ok(())
    }
}
