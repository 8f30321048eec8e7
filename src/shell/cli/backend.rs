//! The server calls `supercolumn cli` (1.2 mode) makes over API 19.x: the
//! calls cassandra-cli 1.2 made, including its
//! `system.schema_columnfamilies` query for CQL3 tables that
//! `describe_keyspace` leaves out. (`--api 0.6` is another shell, `cli06`,
//! with its own client.)

use crate::shell::cli::render::CfView;
use crate::thrift::client::{connect19, Client19, Timeouts};
use crate::thrift::client_error::{CallError, Classify};
use crate::thrift::gen::cassandra19 as api19;
use crate::thrift::gen::cassandra19::TCassandraSyncClient as _;

/// Which Thrift API generation to speak.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Api {
    /// Thrift API 19.x (Cassandra 1.2), framed.
    #[value(name = "1.2")]
    V12,
    /// Thrift API 2.2.0 (Cassandra 0.6), unframed.
    #[value(name = "0.6")]
    Api2,
}

pub enum Backend {
    Api19(Client19),
}

/// A keyspace as the cli shows and uses it.
#[derive(Debug, Clone)]
pub struct KsInfo {
    pub name: String,
    pub cfs: Vec<CfView>,
    /// The 19.x definition (for `describe`), when the server speaks 19.x.
    pub def19: Option<api19::KsDef>,
}

pub fn cf_view19(cf: &api19::CfDef) -> CfView {
    CfView {
        name: cf.name.clone(),
        is_super: cf.column_type.as_deref() == Some("Super"),
        comparator: cf
            .comparator_type
            .clone()
            .unwrap_or_else(|| "BytesType".into()),
        subcomparator: cf.subcomparator_type.clone(),
        key_validator: cf.key_validation_class.clone(),
        default_validator: cf.default_validation_class.clone(),
        columns: cf
            .column_metadata
            .iter()
            .flatten()
            .map(|c| (c.name.clone(), c.validation_class.clone()))
            .collect(),
    }
}

thread_local! {
    /// The level of `consistencylevel as`: the shell is one thread and one
    /// connection, and every 19.x call it makes uses this level.
    static LEVEL19: std::cell::Cell<api19::ConsistencyLevel> =
        const { std::cell::Cell::new(api19::ConsistencyLevel::ONE) };
}

fn level19() -> api19::ConsistencyLevel {
    LEVEL19.with(|l| l.get())
}

impl Backend {
    /// Sets the consistency level of every later 19.x call.
    pub fn set_level(&mut self, level: api19::ConsistencyLevel) {
        LEVEL19.with(|l| l.set(level));
    }

    /// The 19.x client, for the statements only that API has.
    pub fn client19(&mut self) -> Option<&mut Client19> {
        match self {
            Backend::Api19(c) => Some(c),
        }
    }

    pub fn connect(host: &str, port: u16) -> Result<Backend, String> {
        let mut c = connect19(host, port, Timeouts::INTERACTIVE).map_err(|e| e.to_string())?;
        // A call only 19.x has, first: it tells a server that serves both
        // generations which one this connection speaks (calls such as
        // describe_keyspaces look the same in both), and it finds out early
        // when the server only speaks 0.6.
        c.describe_snitch().classified().map_err(|e| match e {
            CallError::NotThrift(_) => e.to_string(),
            e => format!(
                "The server does not answer the 19.x API ({e}); for a 0.6 server use --api 0.6"
            ),
        })?;
        Ok(Backend::Api19(c))
    }

    pub fn cluster_name(&mut self) -> Result<String, CallError> {
        match self {
            Backend::Api19(c) => c.describe_cluster_name().classified(),
        }
    }

    pub fn version(&mut self) -> Result<String, CallError> {
        match self {
            Backend::Api19(c) => c.describe_version().classified(),
        }
    }

    /// `release_version` of `system.local`, if the server answers it.
    pub fn local_release_version(&mut self) -> Option<String> {
        let Backend::Api19(c) = self;
        let result = c
            .execute_cql3_query(
                b"SELECT release_version FROM system.local".to_vec(),
                api19::Compression::NONE,
                api19::ConsistencyLevel::ONE,
            )
            .ok()?;
        let row = result.rows?.into_iter().next()?;
        let cell = row
            .columns
            .into_iter()
            .find(|c| c.name == b"release_version")?;
        String::from_utf8(cell.value?).ok()
    }

    pub fn keyspace_names(&mut self) -> Result<Vec<String>, CallError> {
        match self {
            Backend::Api19(c) => Ok(c
                .describe_keyspaces()
                .classified()?
                .into_iter()
                .map(|k| k.name)
                .collect()),
        }
    }

    /// `login` with SimpleAuthenticator's credentials (19.x names no keyspace).
    pub fn login(&mut self, user: &str, password: &str) -> Result<(), CallError> {
        let credentials = std::collections::BTreeMap::from([
            ("username".to_string(), user.to_string()),
            ("password".to_string(), password.to_string()),
        ]);
        match self {
            Backend::Api19(c) => c
                .login(api19::AuthenticationRequest::new(credentials))
                .classified(),
        }
    }

    /// `trace_next_query`: the tracing session id (16 bytes).
    pub fn trace_next_query(&mut self) -> Result<Vec<u8>, CallError> {
        match self {
            Backend::Api19(c) => c.trace_next_query().classified(),
        }
    }

    pub fn set_keyspace(&mut self, ks: &str) -> Result<(), CallError> {
        match self {
            Backend::Api19(c) => c.set_keyspace(ks.to_string()).classified(),
            // 0.6 names the keyspace in every call; just check it exists.
        }
    }

    pub fn keyspace(&mut self, ks: &str) -> Result<KsInfo, CallError> {
        match self {
            Backend::Api19(c) => {
                let def = c.describe_keyspace(ks.to_string()).classified()?;
                let mut cfs: Vec<CfView> = def.cf_defs.iter().map(cf_view19).collect();
                // CQL3 tables are absent from describe_keyspace; cassandra-cli
                // read them from the schema table. A server without it just
                // has none to offer.
                let query = format!(
                    "SELECT columnfamily_name, comparator, default_validator, key_validator FROM system.schema_columnfamilies WHERE keyspace_name='{}'",
                    ks.replace('\'', "''")
                );
                if let Ok(result) = c
                    .execute_cql3_query(query.into_bytes(), api19::Compression::NONE, level19())
                    .classified()
                {
                    for row in result.rows.unwrap_or_default() {
                        let text = |i: usize| {
                            row.columns
                                .get(i)
                                .and_then(|c| c.value.clone())
                                .map(|v| String::from_utf8_lossy(&v).into_owned())
                        };
                        let Some(name) = text(0) else { continue };
                        if cfs.iter().any(|cf| cf.name == name) {
                            continue;
                        }
                        cfs.push(CfView {
                            name,
                            is_super: false,
                            comparator: text(1).unwrap_or_else(|| "BytesType".into()),
                            subcomparator: None,
                            key_validator: text(3),
                            default_validator: text(2),
                            columns: Vec::new(),
                        });
                    }
                }
                Ok(KsInfo {
                    name: def.name.clone(),
                    cfs,
                    def19: Some(def),
                })
            }
        }
    }

    pub fn all_keyspaces19(&mut self) -> Result<Vec<api19::KsDef>, CallError> {
        match self {
            Backend::Api19(c) => c.describe_keyspaces().classified(),
        }
    }

    #[allow(clippy::too_many_arguments)]
    pub fn insert(
        &mut self,
        cf: &str,
        key: &[u8],
        super_column: Option<Vec<u8>>,
        name: Vec<u8>,
        value: Vec<u8>,
        timestamp: i64,
        ttl: Option<i32>,
    ) -> Result<(), CallError> {
        match self {
            Backend::Api19(c) => c
                .insert(
                    key.to_vec(),
                    api19::ColumnParent::new(cf.to_string(), super_column),
                    api19::Column::new(name, value, timestamp, ttl),
                    level19(),
                )
                .classified(),
        }
    }

    /// One column (`Ok(None)` when absent).
    pub fn get(
        &mut self,
        cf: &str,
        key: &[u8],
        super_column: Option<Vec<u8>>,
        name: Vec<u8>,
    ) -> Result<Option<api19::ColumnOrSuperColumn>, CallError> {
        let r = match self {
            Backend::Api19(c) => c
                .get(
                    key.to_vec(),
                    api19::ColumnPath::new(cf.to_string(), super_column, name),
                    level19(),
                )
                .classified(),
        };
        match r {
            Ok(c) => Ok(Some(c)),
            Err(CallError::NotFound) => Ok(None),
            Err(e) => Err(e),
        }
    }

    pub fn slice(
        &mut self,
        cf: &str,
        key: &[u8],
        super_column: Option<Vec<u8>>,
        count: i32,
    ) -> Result<Vec<api19::ColumnOrSuperColumn>, CallError> {
        match self {
            Backend::Api19(c) => c
                .get_slice(
                    key.to_vec(),
                    api19::ColumnParent::new(cf.to_string(), super_column),
                    api19::SlicePredicate::new(
                        None,
                        api19::SliceRange::new(vec![], vec![], false, count),
                    ),
                    level19(),
                )
                .classified(),
        }
    }

    pub fn count(
        &mut self,
        cf: &str,
        key: &[u8],
        super_column: Option<Vec<u8>>,
    ) -> Result<i32, CallError> {
        match self {
            Backend::Api19(c) => c
                .get_count(
                    key.to_vec(),
                    api19::ColumnParent::new(cf.to_string(), super_column),
                    api19::SlicePredicate::new(
                        None,
                        api19::SliceRange::new(vec![], vec![], false, i32::MAX),
                    ),
                    level19(),
                )
                .classified(),
        }
    }

    #[allow(clippy::too_many_arguments)]
    pub fn remove(
        &mut self,
        cf: &str,
        key: &[u8],
        super_column: Option<Vec<u8>>,
        name: Option<Vec<u8>>,
        timestamp: i64,
        counter: bool,
    ) -> Result<(), CallError> {
        match self {
            Backend::Api19(c) => {
                let path = api19::ColumnPath::new(cf.to_string(), super_column, name);
                if counter {
                    c.remove_counter(key.to_vec(), path, level19()).classified()
                } else {
                    c.remove(key.to_vec(), path, timestamp, level19())
                        .classified()
                }
            }
        }
    }

    #[allow(clippy::too_many_arguments)]
    pub fn range(
        &mut self,
        cf: &str,
        start: Vec<u8>,
        end: Vec<u8>,
        rows: i32,
        cells: i32,
        reversed: bool,
    ) -> Result<Vec<api19::KeySlice>, CallError> {
        match self {
            Backend::Api19(c) => c
                .get_range_slices(
                    api19::ColumnParent::new(cf.to_string(), None),
                    api19::SlicePredicate::new(
                        None,
                        api19::SliceRange::new(vec![], vec![], reversed, cells),
                    ),
                    api19::KeyRange::new(start, end, None, None, rows, None),
                    level19(),
                )
                .classified(),
        }
    }
}
