//! The stress calls over Thrift API 19.x (Cassandra 0.7 to 2.x): framed
//! transport, `set_keyspace` once per connection, binary keys; and the set-up
//! a 0.7+ stress tool did, creating its keyspace and column family through
//! the schema calls when they are absent.

use super::failure::Failure;
use super::{Connection, StressError, Workload};
use crate::thrift::client::{blank_cf_def, Client19};
use crate::thrift::gen::cassandra19::{
    CfDef, Column, ColumnOrSuperColumn, ColumnParent, ConsistencyLevel as CL, KeyRange, KsDef,
    Mutation, NotFoundException, SlicePredicate, SliceRange, SuperColumn, TCassandraSyncClient,
};
use std::collections::BTreeMap;
use std::io::Write;
use std::sync::Arc;

/// The consistency level named on the command line, as 1.x numbered it.
pub(super) fn consistency(name: &str) -> Result<CL, StressError> {
    const LEVELS: &[(&str, CL)] = &[
        ("ONE", CL::ONE),
        ("TWO", CL::TWO),
        ("THREE", CL::THREE),
        ("QUORUM", CL::QUORUM),
        ("LOCAL_QUORUM", CL::LOCAL_QUORUM),
        ("EACH_QUORUM", CL::EACH_QUORUM),
        ("ALL", CL::ALL),
        ("ANY", CL::ANY),
        ("LOCAL_ONE", CL::LOCAL_ONE),
        ("SERIAL", CL::SERIAL),
        ("LOCAL_SERIAL", CL::LOCAL_SERIAL),
    ];
    super::level_by_name(name, LEVELS, "19")
}

/// `call` failed: the set-up cannot go on.
fn setup(call: &'static str) -> impl Fn(thrift::Error) -> StressError {
    move |e| StressError::Setup {
        call,
        failure: Failure::from_thrift(&e),
    }
}

/// Makes sure the keyspace and column family exist, creating what is absent
/// (SimpleStrategy, replication factor 1; BytesType names), and that the
/// column family is of the kind the run writes. Says on `out` what it made,
/// or that both were there already.
pub(super) fn prepare(work: &Workload, out: &mut dyn Write) -> Result<(), StressError> {
    let mut c = work.connect19()?;
    // A call only API 19 has, so that the server answers this connection's
    // later calls that both generations share (describe_keyspace) as 19.x.
    c.describe_schema_versions()
        .map_err(setup("describe_schema_versions"))?;
    let want_super = work.super_columns > 0;
    match c.describe_keyspace(work.keyspace.clone()) {
        Ok(ks) => match ks.cf_defs.iter().find(|cf| cf.name == work.column_family) {
            Some(cf) => {
                let is_super = cf.column_type.as_deref() == Some("Super");
                if is_super != want_super {
                    return Err(StressError::Usage(format!(
                        "column family {}.{} is {}; {} needs a {} one",
                        work.keyspace,
                        work.column_family,
                        if is_super { "Super" } else { "Standard" },
                        if want_super {
                            "--super"
                        } else {
                            "a run without --super"
                        },
                        if want_super { "Super" } else { "Standard" },
                    )));
                }
                // 1.2's stress said so too, if only as a failed creation
                // ("Unable to create stress keyspace: ...").
                let _ = writeln!(
                    out,
                    "using the existing keyspace {} and column family {}",
                    work.keyspace, work.column_family
                );
            }
            None => {
                c.set_keyspace(work.keyspace.clone())
                    .map_err(setup("set_keyspace"))?;
                c.system_add_column_family(cf_def(work))
                    .map_err(setup("system_add_column_family"))?;
                let _ = writeln!(
                    out,
                    "created column family {}.{}",
                    work.keyspace, work.column_family
                );
            }
        },
        Err(thrift::Error::User(e)) if e.is::<NotFoundException>() => {
            let ks = KsDef::new(
                work.keyspace.clone(),
                "org.apache.cassandra.locator.SimpleStrategy".to_string(),
                BTreeMap::from([("replication_factor".to_string(), "1".to_string())]),
                None,
                vec![cf_def(work)],
                None,
            );
            c.system_add_keyspace(ks)
                .map_err(setup("system_add_keyspace"))?;
            let _ = writeln!(
                out,
                "created keyspace {} with column family {}",
                work.keyspace, work.column_family
            );
        }
        Err(e) => return Err(setup("describe_keyspace")(e)),
    }
    Ok(())
}

/// The column family a run writes: BytesType names, values and keys.
fn cf_def(work: &Workload) -> CfDef {
    let want_super = work.super_columns > 0;
    CfDef {
        column_type: Some(if want_super { "Super" } else { "Standard" }.to_string()),
        comparator_type: Some("BytesType".to_string()),
        subcomparator_type: want_super.then(|| "BytesType".to_string()),
        comment: Some("made by supercolumn stress".to_string()),
        ..blank_cf_def(&work.keyspace, &work.column_family)
    }
}

pub(super) struct Conn19 {
    client: Client19,
    work: Arc<Workload>,
    cl: CL,
}

impl Conn19 {
    /// A framed connection with the run's keyspace set.
    pub fn open(work: &Arc<Workload>) -> Result<Conn19, StressError> {
        let mut client = work.connect19()?;
        client
            .set_keyspace(work.keyspace.clone())
            .map_err(setup("set_keyspace"))?;
        Ok(Conn19 {
            client,
            work: work.clone(),
            cl: consistency(&work.consistency)?,
        })
    }

    fn columns(&self, timestamp: i64) -> Vec<Column> {
        (0..self.work.columns)
            .map(|c| {
                Column::new(
                    super::column_name(c),
                    self.work.value.clone(),
                    timestamp,
                    None,
                )
            })
            .collect()
    }

    fn parent(&self) -> ColumnParent {
        ColumnParent::new(self.work.column_family.clone(), None)
    }

    fn predicate(&self) -> SlicePredicate {
        let count = self.work.row_width() as i32;
        SlicePredicate::new(None, SliceRange::new(vec![], vec![], false, count))
    }
}

impl Connection for Conn19 {
    fn null(&mut self) -> thrift::Result<()> {
        self.client.describe_version().map(drop)
    }

    fn insert(&mut self, key: &str, timestamp: i64) -> thrift::Result<()> {
        let mutations: Vec<Mutation> = if self.work.super_columns == 0 {
            self.columns(timestamp)
                .into_iter()
                .map(|c| Mutation::new(ColumnOrSuperColumn::new(c, None, None, None), None))
                .collect()
        } else {
            (0..self.work.super_columns)
                .map(|s| {
                    let sc = SuperColumn::new(super::super_name(s), self.columns(timestamp));
                    Mutation::new(ColumnOrSuperColumn::new(None, sc, None, None), None)
                })
                .collect()
        };
        let map = BTreeMap::from([(
            key.as_bytes().to_vec(),
            BTreeMap::from([(self.work.column_family.clone(), mutations)]),
        )]);
        self.client.batch_mutate(map, self.cl)
    }

    fn read(&mut self, key: &str) -> thrift::Result<bool> {
        let got = self.client.get_slice(
            key.as_bytes().to_vec(),
            self.parent(),
            self.predicate(),
            self.cl,
        )?;
        Ok(got.len() == self.work.row_width() as usize)
    }

    fn range_slice(&mut self, key: &str) -> thrift::Result<bool> {
        // An empty end key: from `key` to the end of the ring, in token order.
        let range = KeyRange::new(
            key.as_bytes().to_vec(),
            Vec::new(),
            None,
            None,
            self.work.range_count,
            None,
        );
        let rows = self
            .client
            .get_range_slices(self.parent(), self.predicate(), range, self.cl)?;
        Ok(rows.first().is_some_and(|r| &r.key[..] == key.as_bytes()))
    }
}
