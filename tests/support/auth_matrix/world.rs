//! The world the matrix runs in: a server with SimpleAuthenticator
//! (alice=secret, bob=hunter2), the target keyspace `mtx` with the column
//! families and tables the rows use, spare keyspaces that rows create,
//! alter or drop, seeded rows the rows must not change, and statements
//! alice prepared (the prepared caches are the server's, so bob can name
//! their ids). Also the probes the rows use to look for traces.

use super::{creds, TARGET};
use crate::support::wire::{conformance_config, connect19, Client19, Server};
use std::collections::BTreeMap;
use supercolumn::thrift::gen::cassandra19::{self as t, TCassandraSyncClient};

/// Keyspaces alice may create or change, besides the target.
pub const ALICE_SPARES: [&str; 8] = [
    "fresh1", "doomed1", "doomed2", "fresh3", "altks3", "doomed3", "fresh2", "doomed2b",
];

/// The ids of the CQL 3 statements the admin prepared, which every
/// connection may run (CQL 2's were each connection's own: its rows
/// prepare them on the connection that runs them).
pub struct Prepared {
    pub select3: i32,
    pub insert3: i32,
}

pub struct World {
    pub server: Server,
    pub admin: Client19,
    pub prepared: Prepared,
    _dir: tempfile::TempDir,
}

fn cql2(c: &mut Client19, q: &str) {
    c.execute_cql_query(q.as_bytes().to_vec(), t::Compression::NONE)
        .unwrap_or_else(|e| panic!("{q}: {e:?}"));
}

pub fn cql3(c: &mut Client19, q: &str) -> t::CqlResult {
    c.execute_cql3_query(
        q.as_bytes().to_vec(),
        t::Compression::NONE,
        t::ConsistencyLevel::ONE,
    )
    .unwrap_or_else(|e| panic!("{q}: {e:?}"))
}

pub fn ks_def(name: &str) -> t::KsDef {
    t::KsDef::new(
        name.to_string(),
        "SimpleStrategy".to_string(),
        BTreeMap::from([("replication_factor".to_string(), "1".to_string())]),
        None,
        vec![],
        None,
    )
}

pub fn login19(port: u16, user: &str, password: &str) -> Client19 {
    let mut c = connect19(port);
    c.login(t::AuthenticationRequest::new(creds(user, password)))
        .unwrap();
    c
}

impl World {
    pub fn new() -> World {
        let dir = tempfile::tempdir().unwrap();
        let passwd = dir.path().join("passwd.properties");
        let access = dir.path().join("access.properties");
        std::fs::write(&passwd, "alice=secret\nbob=hunter2\n").unwrap();
        let mut grants = format!("{TARGET}=alice\n{}=bob\n", super::OWN);
        for ks in ALICE_SPARES {
            grants.push_str(&format!("{ks}=alice\n"));
        }
        std::fs::write(&access, grants).unwrap();
        let base = std::fs::read_to_string(conformance_config("storage-conf-v19.xml")).unwrap();
        let auth = format!(
            "<Authenticator PasswdProperties=\"{}\" AccessProperties=\"{}\">org.apache.cassandra.auth.SimpleAuthenticator</Authenticator>",
            passwd.display(),
            access.display()
        );
        let conf = dir.path().join("storage-conf.xml");
        let text = base.replace(
            "<Authenticator>org.apache.cassandra.auth.AllowAllAuthenticator</Authenticator>",
            &auth,
        );
        assert_ne!(text, base, "the config names its authenticator");
        std::fs::write(&conf, text).unwrap();
        let server = Server::start(&["--config", conf.to_str().unwrap(), "--in-memory"]);

        let mut bob = login19(server.port, "bob", "hunter2");
        bob.system_add_keyspace(ks_def(super::OWN)).unwrap();
        cql3(
            &mut bob,
            "CREATE TABLE mtx_bob.b3 (k text PRIMARY KEY, v text)",
        );

        let mut admin = login19(server.port, "alice", "secret");
        for ks in [
            TARGET, "doomed1", "doomed2", "altks3", "doomed3", "doomed2b",
        ] {
            admin.system_add_keyspace(ks_def(ks)).unwrap();
        }
        admin.set_keyspace(TARGET.into()).unwrap();
        let text =
            "(KEY text PRIMARY KEY, c text) WITH comparator = text AND default_validation = text";
        for cf in [
            "U", "Trunc", "Drop1", "Upd", "Trunc2", "Drop2", "Alt2", "Idx2", "Idx2b",
        ] {
            cql2(&mut admin, &format!("CREATE COLUMNFAMILY {cf} {text}"));
        }
        cql2(&mut admin, "CREATE INDEX ON U (c)");
        cql2(&mut admin, "CREATE INDEX idx2b_c ON Idx2b (c)");
        cql2(
            &mut admin,
            "CREATE COLUMNFAMILY Hits (KEY text PRIMARY KEY) WITH comparator = text AND default_validation = counter",
        );
        for table in ["t3", "trunc3", "alt3", "drop3", "idx3"] {
            cql3(
                &mut admin,
                &format!("CREATE TABLE mtx.{table} (k text PRIMARY KEY, v text)"),
            );
        }
        // Seeds: what reads would reveal and what deletions would remove.
        for (cf, key) in [
            ("U", "secret"),
            ("U", "victim_rm"),
            ("U", "victim06"),
            ("U", "victim2"),
            ("U", "victim2b"),
            ("Trunc", "k"),
            ("Trunc2", "k"),
        ] {
            cql2(
                &mut admin,
                &format!("INSERT INTO {cf} (KEY, c) VALUES ('{key}', 'v')"),
            );
        }
        cql2(
            &mut admin,
            "UPDATE Hits SET n = n + 5 WHERE KEY = 'victim_rc'",
        );
        for (table, key) in [
            ("t3", "victim3"),
            ("t3", "victim3b"),
            ("t3", "victim3lwt"),
            ("trunc3", "k"),
        ] {
            cql3(
                &mut admin,
                &format!("INSERT INTO mtx.{table} (k, v) VALUES ('{key}', 'orig')"),
            );
        }
        let prepare3 = |c: &mut Client19, q: &str| {
            c.prepare_cql3_query(q.as_bytes().to_vec(), t::Compression::NONE)
                .unwrap()
                .item_id
        };
        let prepared = Prepared {
            select3: prepare3(&mut admin, "SELECT * FROM mtx.t3 WHERE k = ?"),
            insert3: prepare3(&mut admin, "INSERT INTO mtx.t3 (k, v) VALUES (?, ?)"),
        };
        World {
            server,
            admin,
            prepared,
            _dir: dir,
        }
    }
}

/// The columns of row `key` of the target's column family `cf`.
pub fn row(admin: &mut Client19, cf: &str, key: &str) -> Vec<t::ColumnOrSuperColumn> {
    admin
        .get_slice(
            key.as_bytes().to_vec(),
            t::ColumnParent::new(cf.to_string(), None),
            t::SlicePredicate::new(None, t::SliceRange::new(vec![], vec![], false, 100)),
            t::ConsistencyLevel::ONE,
        )
        .unwrap()
}

/// Whether keyspace `ks` exists.
pub fn keyspace_exists(admin: &mut Client19, ks: &str) -> bool {
    match admin.describe_keyspace(ks.to_string()) {
        Ok(_) => true,
        Err(thrift::Error::User(e)) if e.downcast_ref::<t::NotFoundException>().is_some() => false,
        Err(e) => panic!("describe_keyspace {ks}: {e:?}"),
    }
}

/// The target's column family `cf`, if it exists.
pub fn cf(admin: &mut Client19, ks: &str, cf: &str) -> Option<t::CfDef> {
    admin
        .describe_keyspace(ks.to_string())
        .unwrap()
        .cf_defs
        .into_iter()
        .find(|d| d.name == cf)
}

/// The rows a CQL3 query returns.
pub fn rows3(admin: &mut Client19, q: &str) -> usize {
    cql3(admin, q).rows.map_or(0, |r| r.len())
}
