//! The two replicated system keyspaces Cassandra 2.2 created on every
//! node at start-up, whatever authenticator was configured:
//! `system_auth` (its role tables; SimpleStrategy, one replica) and
//! `system_distributed` (repair history; three replicas). Thrift's
//! `describe_keyspaces` listed both, so every 2.2 client saw them at
//! connect; Thrift was shown the two role tables that have no column
//! outside their primary key, the others being CQL 3 tables it could not
//! handle.
//!
//! Each table is compiled from its CREATE TABLE statement, as 2.2 did,
//! with the options 2.2 gave the tables of its own keyspaces: no read
//! repair, flushed hourly, LZ4, a 99th-percentile speculative retry; the
//! role tables kept 90 days of gc grace, the repair tables none.
//!
//! Owns the two definitions; it must not serve their rows (a node
//! answered as keeps no roles and runs no repairs) nor accept writes.

use crate::cql::ast::Statement;
use crate::cql::exec::local::LocalFacts;
use crate::cql::exec::tables::table_spec;
use crate::cql::parse;
use crate::cql::table::Table;
use crate::schema::system19::{keyspace, SIMPLE_STRATEGY};
use crate::schema::{cf_from_spec, CfDef, KeyspaceDef};
use std::collections::BTreeMap;

/// 2.2's role keyspace.
pub const AUTH: &str = "system_auth";
/// 2.2's repair-history keyspace.
pub const DISTRIBUTED: &str = "system_distributed";

/// Ninety days, the role tables' gc grace.
const ROLE_GC_GRACE_SECONDS: i32 = 90 * 24 * 3600;

/// (comment, CREATE TABLE) of `system_auth`'s tables.
const AUTH_TABLES: [(&str, &str); 4] = [
    (
        "role definitions",
        "CREATE TABLE roles (role text, is_superuser boolean, can_login boolean, \
         salted_hash text, member_of set<text>, PRIMARY KEY(role))",
    ),
    (
        "role memberships lookup table",
        "CREATE TABLE role_members (role text, member text, PRIMARY KEY(role, member))",
    ),
    (
        "permissions granted to db roles",
        "CREATE TABLE role_permissions (role text, resource text, permissions set<text>, \
         PRIMARY KEY(role, resource))",
    ),
    (
        "index of db roles with permissions granted on a resource",
        "CREATE TABLE resource_role_permissons_index (resource text, role text, \
         PRIMARY KEY(resource, role))",
    ),
];

/// (comment, CREATE TABLE) of `system_distributed`'s tables.
const DISTRIBUTED_TABLES: [(&str, &str); 2] = [
    (
        "Repair history",
        "CREATE TABLE repair_history (keyspace_name text, columnfamily_name text, \
         id timeuuid, parent_id timeuuid, range_begin text, range_end text, \
         coordinator inet, participants set<inet>, exception_message text, \
         exception_stacktrace text, status text, started_at timestamp, \
         finished_at timestamp, PRIMARY KEY ((keyspace_name, columnfamily_name), id))",
    ),
    (
        "Repair history",
        "CREATE TABLE parent_repair_history (parent_id timeuuid, keyspace_name text, \
         columnfamily_names set<text>, started_at timestamp, finished_at timestamp, \
         exception_message text, exception_stacktrace text, requested_ranges set<text>, \
         successful_ranges set<text>, PRIMARY KEY (parent_id))",
    ),
];

/// Whether a node claiming `local`'s release has both keyspaces (2.2
/// introduced them; 3.0's schema tables are another module's).
pub fn exists_in(local: &LocalFacts) -> bool {
    local.claims_at_least((2, 2, 0))
}

/// Whether `keyspace` is one of the two on a node claiming `local`'s
/// release and has no table `name` (2.2's role tables replaced 2.1's
/// `users`, `credentials` and `permissions`): a statement naming it met
/// an unconfigured table, not a missing keyspace.
pub fn lacks_table(local: &LocalFacts, keyspace: &str, name: &str) -> bool {
    let tables: &[(&str, &str)] = match keyspace {
        AUTH => &AUTH_TABLES,
        DISTRIBUTED => &DISTRIBUTED_TABLES,
        _ => return false,
    };
    exists_in(local)
        && !tables
            .iter()
            .any(|(_, create)| create.split_whitespace().nth(2) == Some(name))
}

/// Both keyspaces, `system_auth` first.
pub fn keyspaces() -> Vec<KeyspaceDef> {
    vec![
        built(AUTH, "1", &AUTH_TABLES, ROLE_GC_GRACE_SECONDS),
        built(DISTRIBUTED, "3", &DISTRIBUTED_TABLES, 0),
    ]
}

fn built(name: &str, rf: &str, tables: &[(&str, &str)], gc_grace: i32) -> KeyspaceDef {
    let cfs = tables
        .iter()
        .map(|(comment, create)| compiled(name, comment, create, gc_grace))
        .collect();
    keyspace(name, SIMPLE_STRATEGY, &[("replication_factor", rf)], cfs)
}

/// A table as 2.2 compiled one of its own keyspaces' (see the header).
fn compiled(keyspace: &str, comment: &str, create: &str, gc_grace: i32) -> CfDef {
    let parsed = parse(create).expect("a built-in CREATE TABLE parses");
    let Statement::CreateTable(ct) = parsed.statement else {
        unreachable!("a built-in CREATE TABLE is one")
    };
    let table = Table::from_create(keyspace, &ct).expect("a built-in table compiles");
    let mut spec = table_spec(&table);
    spec.comment = Some(comment.to_string());
    spec.read_repair_chance = Some(0.0);
    spec.dclocal_read_repair_chance = Some(0.0);
    spec.gc_grace_seconds = Some(gc_grace);
    spec.memtable_flush_period_in_ms = Some(3_600_000);
    spec.speculative_retry = Some("99.0PERCENTILE".to_string());
    spec.bloom_filter_fp_chance = Some(0.01);
    spec.compression_options = Some(BTreeMap::from([(
        "sstable_compression".to_string(),
        "org.apache.cassandra.io.compress.LZ4Compressor".to_string(),
    )]));
    let mut cf = cf_from_spec(&spec).expect("a built-in table's options resolve");
    cf.keyspace = keyspace.to_string();
    cf
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_keyspaces_exist_from_2_2() {
        assert!(!exists_in(&LocalFacts::claiming("2.1.22")));
        assert!(exists_in(&LocalFacts::claiming("2.2.19")));
        let ks = keyspaces();
        let names: Vec<&str> = ks.iter().map(|k| k.name.as_str()).collect();
        assert_eq!(names, [AUTH, DISTRIBUTED]);
        assert_eq!(ks[1].strategy_options["replication_factor"], "3");
        assert!(ks.iter().all(|k| k.durable_writes));
    }

    #[test]
    fn thrift_sees_only_the_role_tables_without_regular_columns() {
        let ks = keyspaces();
        let visible = |k: &KeyspaceDef| -> Vec<String> {
            k.cfs
                .values()
                .filter(|cf| !cf.is_thrift_incompatible())
                .map(|cf| cf.name.clone())
                .collect()
        };
        assert_eq!(
            visible(&ks[0]),
            ["resource_role_permissons_index", "role_members"]
        );
        assert!(visible(&ks[1]).is_empty());
        let members = &ks[0].cfs["role_members"];
        assert_eq!(members.gc_grace_seconds, 7_776_000);
        assert_eq!(
            members.comparator.class_name(),
            "org.apache.cassandra.db.marshal.CompositeType(\
             org.apache.cassandra.db.marshal.UTF8Type,org.apache.cassandra.db.marshal.UTF8Type)"
        );
        assert_eq!(members.options.key_aliases, [b"role".to_vec()]);
        assert_eq!(ks[1].cfs["repair_history"].gc_grace_seconds, 0);
    }
}
