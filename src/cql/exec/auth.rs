//! What a node answered to the user, permission and role statements: a
//! stock node (AllowAllAuthenticator, AllowAllAuthorizer) gives every
//! session the anonymous user, which is no superuser and may manage no
//! user, so each statement is refused; the refusal is the first of the
//! release's checks that the anonymous user fails, in the release's order
//! (1.2 ran a statement's `validate` before its `checkAccess`, 2.0 the
//! other way round; 2.2 made users roles, with the role manager's checks).

use super::LocalFacts;
use crate::cql::ast::{AuthStatement, RoleOptions};
use crate::cql::error::CqlError;
use crate::release::{Behaviour, Release};

/// The name of the anonymous user (`AuthenticatedUser.ANONYMOUS_USERNAME`).
const ANONYMOUS: &str = "anonymous";

const NOT_ANONYMOUS: &str = "You have to be logged in and not anonymous to perform this request";

/// The refusal of `statement` to an anonymous session of the release
/// `local` claims.
pub(super) fn refusal(local: &LocalFacts, statement: &AuthStatement) -> CqlError {
    let does = |b| Release::find(&local.release_version).is_some_and(|r| r.does(b));
    let outcome = if does(Behaviour::UserStatementsAreRoles) {
        as_roles(statement)
    } else if does(Behaviour::UserStatementValidatedFirst) {
        validated_first(statement)
    } else {
        access_first(statement)
    };
    outcome.err().unwrap_or_else(|| unauthorized(NOT_ANONYMOUS))
}

type Checked = Result<(), CqlError>;

fn unauthorized(why: &str) -> CqlError {
    CqlError::Unauthorized(why.to_string())
}

/// 1.2: `validate` (the options the authenticator supports, then the
/// login), then `checkAccess`, never reached.
fn validated_first(statement: &AuthStatement) -> Checked {
    match statement {
        AuthStatement::Create { name, options } => {
            if name.is_empty() {
                return Err(CqlError::invalid("Username can't be an empty string"));
            }
            user_options(options)
        }
        AuthStatement::Alter { options, .. } => {
            user_options(options)?;
            alter_not_empty(options)
        }
        AuthStatement::Drop { .. } | AuthStatement::Listing => Ok(()),
    }
}

/// 2.0 and 2.1: `checkAccess` (a superuser's statements), then `validate`.
fn access_first(statement: &AuthStatement) -> Checked {
    match statement {
        AuthStatement::Create { .. } => Err(unauthorized(
            "Only superusers are allowed to perform CREATE USER queries",
        )),
        AuthStatement::Drop { .. } => Err(unauthorized(
            "Only superusers are allowed to perform DROP USER queries",
        )),
        AuthStatement::Alter { name, options } => {
            if options.superuser.is_some() {
                return Err(unauthorized(if name == ANONYMOUS {
                    "You aren't allowed to alter your own superuser status"
                } else {
                    "Only superusers are allowed to alter superuser status"
                }));
            }
            if name != ANONYMOUS {
                return Err(unauthorized("You aren't allowed to alter this user"));
            }
            // No option is alterable through AllowAllAuthenticator.
            if options.password {
                return Err(unauthorized("You aren't allowed to alter PASSWORD option"));
            }
            alter_not_empty(options)
        }
        AuthStatement::Listing => Ok(()),
    }
}

/// 2.2: role statements; the role manager (CassandraRoleManager) supports
/// LOGIN and SUPERUSER only beside AllowAllAuthenticator.
fn as_roles(statement: &AuthStatement) -> Checked {
    match statement {
        AuthStatement::Create { name, options } => {
            if options.superuser == Some(true) {
                return Err(unauthorized(
                    "Only superusers can create a role with superuser status",
                ));
            }
            role_options(options)?;
            if name.is_empty() {
                return Err(CqlError::invalid("Role name can't be an empty string"));
            }
            Ok(())
        }
        AuthStatement::Alter { name, options } => {
            if options.superuser.is_some() {
                return Err(unauthorized(
                    "Only superusers are allowed to alter superuser status",
                ));
            }
            if name == ANONYMOUS {
                if options.password {
                    return Err(unauthorized("You aren't allowed to alter PASSWORD"));
                }
                if options.custom {
                    return Err(unauthorized("You aren't allowed to alter OPTIONS"));
                }
                if options.login.is_some() {
                    return Err(unauthorized("You aren't allowed to alter LOGIN"));
                }
            }
            role_options(options)?;
            if options == &RoleOptions::default() {
                return Err(CqlError::invalid("ALTER [ROLE|USER] can't be empty"));
            }
            Ok(())
        }
        AuthStatement::Drop { .. } | AuthStatement::Listing => Ok(()),
    }
}

/// 1.2 to 2.1's `UserOptions.validate`: AllowAllAuthenticator supports no
/// option.
fn user_options(options: &RoleOptions) -> Checked {
    if options.password {
        return Err(CqlError::invalid(
            "org.apache.cassandra.auth.AllowAllAuthenticator doesn't support PASSWORD option",
        ));
    }
    Ok(())
}

fn alter_not_empty(options: &RoleOptions) -> Checked {
    if options.superuser.is_none() && !options.password {
        return Err(CqlError::invalid("ALTER USER can't be empty"));
    }
    Ok(())
}

/// 2.2's `RoleOptions.validate` against the role manager's options.
fn role_options(options: &RoleOptions) -> Checked {
    let unsupported = if options.password {
        "PASSWORD"
    } else if options.custom {
        "OPTIONS"
    } else {
        return Ok(());
    };
    Err(CqlError::invalid(format!(
        "org.apache.cassandra.auth.CassandraRoleManager doesn't support {unsupported}"
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn facts(version: &str) -> LocalFacts {
        LocalFacts::claiming(version)
    }

    fn create(password: bool, superuser: Option<bool>) -> AuthStatement {
        AuthStatement::Create {
            name: "app".into(),
            options: RoleOptions {
                password,
                superuser,
                ..RoleOptions::default()
            },
        }
    }

    #[test]
    fn each_release_refuses_create_user_in_its_order() {
        let with_password = create(true, Some(false));
        assert_eq!(
            refusal(&facts("1.2.9"), &with_password).to_string(),
            "org.apache.cassandra.auth.AllowAllAuthenticator doesn't support PASSWORD option"
        );
        assert_eq!(
            refusal(&facts("1.2.9"), &create(false, None)).to_string(),
            NOT_ANONYMOUS
        );
        assert_eq!(
            refusal(&facts("2.0.17"), &with_password).to_string(),
            "Only superusers are allowed to perform CREATE USER queries"
        );
        assert_eq!(
            refusal(&facts("2.2.19"), &with_password).to_string(),
            "org.apache.cassandra.auth.CassandraRoleManager doesn't support PASSWORD"
        );
        assert_eq!(
            refusal(&facts("2.2.19"), &create(true, Some(true))).to_string(),
            "Only superusers can create a role with superuser status"
        );
    }

    #[test]
    fn alter_of_another_user_and_listings() {
        let alter = AuthStatement::Alter {
            name: "app".into(),
            options: RoleOptions {
                password: true,
                ..RoleOptions::default()
            },
        };
        assert_eq!(
            refusal(&facts("2.1.22"), &alter).to_string(),
            "You aren't allowed to alter this user"
        );
        for v in ["1.2.9", "2.0.17", "2.2.19"] {
            assert_eq!(
                refusal(&facts(v), &AuthStatement::Listing).to_string(),
                NOT_ANONYMOUS
            );
        }
        assert_eq!(
            refusal(&facts("2.2.19"), &AuthStatement::Drop { name: "x".into() }).to_string(),
            NOT_ANONYMOUS
        );
    }
}
