//! What a request needs to be allowed: a permission on a resource, named
//! as Cassandra 1.2 named them, and the refusal texts it gave.
//!
//! The grants themselves are per keyspace (access.properties lists who may
//! use each keyspace, as 0.6 wrote it), so a grant for a keyspace gives
//! every permission on it and on its tables; the permission and the table
//! are kept only so that a refusal reads as 1.2's did. Both the CQL layers
//! (which say what a statement needs) and the server (which checks it per
//! connection) use these types; this module must not know about
//! connections or protocols.

use std::fmt;

/// 1.2's data permissions, plus `Use` for choosing a session keyspace
/// (`set_keyspace`, `USE`), which 1.2 did not check at all.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Permission {
    Select,
    Modify,
    Create,
    Alter,
    Drop,
    Use,
}

impl fmt::Display for Permission {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Permission::Select => "SELECT",
            Permission::Modify => "MODIFY",
            Permission::Create => "CREATE",
            Permission::Alter => "ALTER",
            Permission::Drop => "DROP",
            Permission::Use => "USE",
        })
    }
}

/// 1.2's `DataResource` below the root: a keyspace or one of its tables.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Resource {
    Keyspace(String),
    Table { keyspace: String, table: String },
}

impl Resource {
    pub fn keyspace(&self) -> &str {
        match self {
            Resource::Keyspace(ks) | Resource::Table { keyspace: ks, .. } => ks,
        }
    }
}

impl fmt::Display for Resource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Resource::Keyspace(ks) => write!(f, "<keyspace {ks}>"),
            Resource::Table { keyspace, table } => write!(f, "<table {keyspace}.{table}>"),
        }
    }
}

/// One thing a request must be allowed to do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Access {
    pub permission: Permission,
    pub resource: Resource,
}

/// The system tables 1.2.9 let every logged-in user SELECT, whatever the
/// grants (cqlsh and drivers read the schema from them).
const READABLE_SYSTEM_TABLES: [&str; 6] = [
    "local",
    "peers",
    "peers_v2",
    "schema_keyspaces",
    "schema_columnfamilies",
    "schema_columns",
];

impl Access {
    pub fn new(permission: Permission, resource: Resource) -> Access {
        Access {
            permission,
            resource,
        }
    }

    pub fn keyspace(permission: Permission, keyspace: impl Into<String>) -> Access {
        Access::new(permission, Resource::Keyspace(keyspace.into()))
    }

    pub fn table(
        permission: Permission,
        keyspace: impl Into<String>,
        table: impl Into<String>,
    ) -> Access {
        Access::new(
            permission,
            Resource::Table {
                keyspace: keyspace.into(),
                table: table.into(),
            },
        )
    }

    /// 1.2's `READABLE_SYSTEM_RESOURCES`: a login is enough (and, as for
    /// 3.0+, to read the schema keyspaces a node claiming 3.0+ serves).
    pub fn needs_only_login(&self) -> bool {
        match &self.resource {
            Resource::Table { keyspace, table } => {
                self.permission == Permission::Select
                    && ((keyspace == crate::schema::SYSTEM_KEYSPACE
                        && READABLE_SYSTEM_TABLES.contains(&table.as_str()))
                        || keyspace == "system_schema"
                        || keyspace == "system_virtual_schema")
            }
            Resource::Keyspace(_) => false,
        }
    }

    /// The refusal for `user`: 1.2's `ensureHasPermission` text, or for
    /// `Use` (which 1.2 never refused) SimpleAuthenticator's own words.
    pub fn denial(&self, user: &str) -> String {
        match self.permission {
            Permission::Use => format!(
                "User {user} could not be authorized to use keyspace {}",
                self.resource.keyspace()
            ),
            p => format!(
                "User {user} has no {p} permission on {} or any of its parents",
                self.resource
            ),
        }
    }
}

/// 1.2's `validateLogin` refusal (an InvalidRequestException).
pub const NOT_LOGGED_IN: &str = "You have not logged in";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refusals_read_as_1_2_wrote_them() {
        assert_eq!(
            Access::table(Permission::Select, "CT", "StdBytes").denial("bob"),
            "User bob has no SELECT permission on <table CT.StdBytes> or any of its parents"
        );
        assert_eq!(
            Access::keyspace(Permission::Create, "ks").denial("bob"),
            "User bob has no CREATE permission on <keyspace ks> or any of its parents"
        );
        assert_eq!(
            Access::keyspace(Permission::Use, "Blog").denial("alice"),
            "User alice could not be authorized to use keyspace Blog"
        );
        assert_eq!(
            Access::table(Permission::Modify, "a", "b")
                .resource
                .keyspace(),
            "a"
        );
    }

    #[test]
    fn only_selects_of_the_schema_tables_need_only_a_login() {
        assert!(Access::table(Permission::Select, "system", "schema_columns").needs_only_login());
        assert!(!Access::table(Permission::Modify, "system", "schema_columns").needs_only_login());
        assert!(!Access::table(Permission::Select, "system", "LocationInfo").needs_only_login());
        assert!(!Access::table(Permission::Select, "CT", "schema_columns").needs_only_login());
        assert!(!Access::keyspace(Permission::Select, "system").needs_only_login());
    }
}
