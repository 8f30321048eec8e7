//! `supercolumn load --server HOST:PORT FILE...`: loads datasets into a
//! running server over Thrift 19.x with the generated client, as
//! cassandra-unit loaded them into a running Cassandra: a keyspace dataset
//! drops its keyspace if it exists (`system_drop_keyspace`), creates it
//! (`system_add_keyspace`) and writes its rows with `batch_mutate` (counter
//! columns as counter mutations); a `.cql` script runs each statement with
//! `execute_cql3_query`.
//!
//! A client-side tool like `stress` and the shells (it sits above the
//! server's modules): it connects and names a call's failure as they do
//! (`thrift::client`, `thrift::client_error`); it must not touch a node
//! directly.

use super::apply::{count, now_millis};
use super::model::*;
use super::{read_file, DatasetError};
use crate::thrift::client::{blank_cf_def, connect19, Client19, Timeouts};
use crate::thrift::client_error::classify;
use crate::thrift::gen::cassandra19 as t;
use crate::thrift::gen::cassandra19::TCassandraSyncClient;
use clap::Args;
use std::collections::BTreeMap;
use std::path::PathBuf;

/// Rows per `batch_mutate` call.
const ROWS_PER_CALL: usize = 200;

#[derive(Args, Debug, Clone)]
pub struct LoadArgs {
    /// The server to load into.
    #[arg(long, value_name = "HOST:PORT", default_value = "127.0.0.1:9160")]
    pub server: String,
    /// Dataset files (.xml, .json, .yaml/.yml, .cql), loaded in order.
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<PathBuf>,
}

/// Runs `supercolumn load`; the process exit status.
pub fn main(args: &LoadArgs) -> i32 {
    match run(args) {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("supercolumn load: {e}");
            1
        }
    }
}

fn run(args: &LoadArgs) -> Result<(), DatasetError> {
    let datasets = args
        .files
        .iter()
        .map(|f| read_file(f))
        .collect::<Result<Vec<_>, _>>()?;
    let (host, port) = split_server(&args.server).map_err(|message| DatasetError::Load {
        file: args.files[0].clone(),
        message,
    })?;
    for d in &datasets {
        let fail = |message: String| DatasetError::Load {
            file: d.source.clone(),
            message,
        };
        let mut client =
            connect19(&host, port, Timeouts::INTERACTIVE).map_err(|e| fail(e.to_string()))?;
        match &d.content {
            Content::Keyspace(ks) => load_keyspace(&mut client, ks).map_err(fail)?,
            Content::Cql(statements) => {
                for s in statements {
                    client
                        .execute_cql3_query(
                            s.text.clone().into_bytes(),
                            t::Compression::NONE,
                            t::ConsistencyLevel::ONE,
                        )
                        .map_err(|e| DatasetError::Invalid {
                            file: d.source.clone(),
                            line: s.line,
                            message: classify(e).to_string(),
                        })?;
                }
            }
        }
        println!("loaded {}", d.source.display());
    }
    Ok(())
}

fn split_server(s: &str) -> Result<(String, u16), String> {
    let bad = || format!("--server {s:?}: expected HOST:PORT");
    let (host, port) = s.rsplit_once(':').ok_or_else(bad)?;
    let host = host.trim_start_matches('[').trim_end_matches(']');
    let port = port.parse().map_err(|_| bad())?;
    if host.is_empty() {
        return Err(bad());
    }
    Ok((host.to_string(), port))
}

/// The 19.x definition of the dataset's keyspace.
pub fn ks_def(ks: &KeyspaceData) -> t::KsDef {
    let spec = super::apply::keyspace_spec(ks);
    t::KsDef {
        name: spec.name,
        strategy_class: spec.strategy_class,
        strategy_options: spec.strategy_options,
        replication_factor: None,
        cf_defs: spec
            .cf_defs
            .into_iter()
            .map(|c| t::CfDef {
                column_type: c.column_type,
                comparator_type: c.comparator_type,
                subcomparator_type: c.subcomparator_type,
                comment: c.comment,
                read_repair_chance: c.read_repair_chance.map(thrift::OrderedFloat),
                column_metadata: c.column_metadata.map(|m| {
                    m.into_iter()
                        .map(|m| t::ColumnDef {
                            name: m.name,
                            validation_class: m.validation_class.unwrap_or_default(),
                            index_type: m.index_type.map(|_| t::IndexType::KEYS),
                            index_name: m.index_name,
                            index_options: None,
                        })
                        .collect()
                }),
                gc_grace_seconds: c.gc_grace_seconds,
                default_validation_class: c.default_validation_class,
                min_compaction_threshold: c.min_compaction_threshold,
                max_compaction_threshold: c.max_compaction_threshold,
                replicate_on_write: c.replicate_on_write,
                key_validation_class: c.key_validation_class,
                compaction_strategy: c.compaction_strategy,
                compaction_strategy_options: c.compaction_strategy_options,
                ..blank_cf_def(&c.keyspace, &c.name)
            })
            .collect(),
        durable_writes: None,
    }
}

fn load_keyspace(client: &mut Client19, ks: &KeyspaceData) -> Result<(), String> {
    let err = |what: &str, e: thrift::Error| format!("{what}: {}", classify(e));
    if client.describe_keyspace(ks.name.clone()).is_ok() {
        client
            .system_drop_keyspace(ks.name.clone())
            .map_err(|e| err(&format!("dropping keyspace {}", ks.name), e))?;
    }
    client
        .system_add_keyspace(ks_def(ks))
        .map_err(|e| err(&format!("creating keyspace {}", ks.name), e))?;
    client
        .set_keyspace(ks.name.clone())
        .map_err(|e| err("set_keyspace", e))?;
    let now = now_millis();
    for cf in &ks.column_families {
        for rows in cf.rows.chunks(ROWS_PER_CALL) {
            let map = mutation_map(cf, rows, now);
            if map.is_empty() {
                continue;
            }
            client
                .batch_mutate(map, t::ConsistencyLevel::ONE)
                .map_err(|e| {
                    err(
                        &format!("writing rows of {} (line {})", cf.name, cf.line),
                        e,
                    )
                })?;
        }
    }
    Ok(())
}

type MutationMap = BTreeMap<Vec<u8>, BTreeMap<String, Vec<t::Mutation>>>;

fn mutation_map(cf: &CfData, rows: &[RowData], now: i64) -> MutationMap {
    let counter = cf.is_counter();
    let column = |c: &ColumnData| t::Column {
        name: c.name.clone(),
        value: Some(c.value.clone()),
        timestamp: Some(c.timestamp.unwrap_or(now)),
        ttl: None,
    };
    let counter_column = |c: &ColumnData| t::CounterColumn {
        name: c.name.clone(),
        value: count(&c.value),
    };
    let cosc = |column, super_column, counter_column, counter_super_column| t::Mutation {
        column_or_supercolumn: Some(t::ColumnOrSuperColumn {
            column,
            super_column,
            counter_column,
            counter_super_column,
        }),
        deletion: None,
    };
    let mut map = MutationMap::new();
    for row in rows {
        let ms = map
            .entry(row.key.clone())
            .or_default()
            .entry(cf.name.clone())
            .or_default();
        for c in &row.columns {
            ms.push(if counter {
                cosc(None, None, Some(counter_column(c)), None)
            } else {
                cosc(Some(column(c)), None, None, None)
            });
        }
        for sc in &row.super_columns {
            ms.push(if counter {
                let columns = sc.columns.iter().map(counter_column).collect();
                cosc(
                    None,
                    None,
                    None,
                    Some(t::CounterSuperColumn::new(sc.name.clone(), columns)),
                )
            } else {
                let columns = sc.columns.iter().map(column).collect();
                cosc(
                    None,
                    Some(t::SuperColumn::new(sc.name.clone(), columns)),
                    None,
                    None,
                )
            });
        }
    }
    map.retain(|_, cfs| cfs.values().any(|m| !m.is_empty()));
    map
}
