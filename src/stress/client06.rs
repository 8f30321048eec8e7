//! The stress calls over Thrift API 2.2.0 (Cassandra 0.6): the keyspace goes
//! with every call, keys are strings, and nothing is set up first (0.6 had
//! no schema calls: the keyspace and column family come from the server's
//! storage-conf.xml, and calls on a missing one fail, counted as errors).

use super::{Connection, StressError, Workload};
use crate::thrift::client::Client06;
use crate::thrift::gen::cassandra06::{
    Column, ColumnOrSuperColumn, ColumnParent, ConsistencyLevel as CL, KeyRange, Mutation,
    SlicePredicate, SliceRange, SuperColumn, TCassandraSyncClient,
};
use std::collections::BTreeMap;
use std::sync::Arc;

/// The consistency level named on the command line, as 0.6 numbered it.
pub(super) fn consistency(name: &str) -> Result<CL, StressError> {
    const LEVELS: &[(&str, CL)] = &[
        ("ZERO", CL::ZERO),
        ("ONE", CL::ONE),
        ("QUORUM", CL::QUORUM),
        ("DCQUORUM", CL::DCQUORUM),
        ("DCQUORUMSYNC", CL::DCQUORUMSYNC),
        ("ALL", CL::ALL),
        ("ANY", CL::ANY),
    ];
    super::level_by_name(name, LEVELS, "0.6")
}

pub(super) struct Conn06 {
    client: Client06,
    work: Arc<Workload>,
    cl: CL,
}

impl Conn06 {
    pub fn open(work: &Arc<Workload>, framed: bool) -> Result<Conn06, StressError> {
        Ok(Conn06 {
            client: work.connect06(framed)?,
            work: work.clone(),
            cl: consistency(&work.consistency)?,
        })
    }

    fn columns(&self, timestamp: i64) -> Vec<Column> {
        (0..self.work.columns)
            .map(|c| Column::new(super::column_name(c), self.work.value.clone(), timestamp))
            .collect()
    }

    fn predicate(&self) -> SlicePredicate {
        let count = self.work.row_width() as i32;
        SlicePredicate::new(None, SliceRange::new(vec![], vec![], false, count))
    }
}

impl Connection for Conn06 {
    fn null(&mut self) -> thrift::Result<()> {
        self.client.describe_version().map(drop)
    }

    fn insert(&mut self, key: &str, timestamp: i64) -> thrift::Result<()> {
        let mutations: Vec<Mutation> = if self.work.super_columns == 0 {
            self.columns(timestamp)
                .into_iter()
                .map(|c| Mutation::new(ColumnOrSuperColumn::new(c, None), None))
                .collect()
        } else {
            (0..self.work.super_columns)
                .map(|s| {
                    let sc = SuperColumn::new(super::super_name(s), self.columns(timestamp));
                    Mutation::new(ColumnOrSuperColumn::new(None, sc), None)
                })
                .collect()
        };
        let map = BTreeMap::from([(
            key.to_string(),
            BTreeMap::from([(self.work.column_family.clone(), mutations)]),
        )]);
        self.client
            .batch_mutate(self.work.keyspace.clone(), map, self.cl)
    }

    fn read(&mut self, key: &str) -> thrift::Result<bool> {
        let got = self.client.get_slice(
            self.work.keyspace.clone(),
            key.to_string(),
            ColumnParent::new(self.work.column_family.clone(), None),
            self.predicate(),
            self.cl,
        )?;
        Ok(got.len() == self.work.row_width() as usize)
    }

    fn range_slice(&mut self, key: &str) -> thrift::Result<bool> {
        // An empty end key: from `key` to the end of the ring, in token order.
        let range = KeyRange::new(
            key.to_string(),
            String::new(),
            None,
            None,
            self.work.range_count,
        );
        let rows = self.client.get_range_slices(
            self.work.keyspace.clone(),
            ColumnParent::new(self.work.column_family.clone(), None),
            self.predicate(),
            range,
            self.cl,
        )?;
        Ok(rows
            .first()
            .is_some_and(|r| r.key.as_bytes() == key.as_bytes()))
    }
}
