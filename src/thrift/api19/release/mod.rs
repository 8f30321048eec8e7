//! Where a 19.x answer depends on the release the node answers as
//! (`Node::release`, from `serve --cassandra-version`). Without a release,
//! everything here leaves 1.2.9's answer as it is. The facts come from
//! [`crate::release`]; this module only applies them to Thrift's structs
//! and errors, one concept a folder:
//! - `wire`: a request decoded and a reply shaped by the release's own IDL
//!   (`idl`, the tables generated from each release's `cassandra.thrift`);
//! - `schema`: keyspaces and column families as the release described and
//!   judged them;
//! - `reads` and `writes`: what a read or a write answered otherwise;
//! - `cql`: CQL 2 and 3 over Thrift;
//! - `splits`: `describe_splits` as the release estimated it;
//! - `truncation`: a `truncate` of what the schema lacks;
//! - `words`: refusals in the release's words;
//! - `replicas`: 0.7-1.1's levels where a keyspace asked for more replicas
//!   than the ring had;
//! - the eras answering unlike any other: the releases before 1.2 (`old`),
//!   0.7 alone (`v07`) and 3.x's rules of a request (`v3x`).

pub(super) mod cql;
mod idl;
pub(super) mod old;
pub(super) mod reads;
pub(super) mod replicas;
pub(super) mod schema;
pub(super) mod splits;
pub(super) mod truncation;
pub(super) mod v07;
pub(super) mod v3x;
pub(super) mod wire;
mod words;
pub(super) mod writes;

pub use cql::{cql2_removed, cql2_write_outcome, cql_version_refusal};
pub use reads::{check_key_range, server_failure, split_token_refusal};
pub use schema::describe::{apply_cf_defaults, order_keyspaces, shape_keyspace, shape_ring};
pub use schema::ids::{cf_id, check_cf_id};
pub use wire::buffer_quote;
pub use words::reword;

/// Whether every type a CfDef names (comparator, sub-comparator, values'
/// and key types) parses.
pub fn types_readable(def: &crate::thrift::gen::cassandra19::CfDef) -> bool {
    [
        &def.comparator_type,
        &def.subcomparator_type,
        &def.default_validation_class,
        &def.key_validation_class,
    ]
    .into_iter()
    .flatten()
    .all(|name| crate::marshal::parse_type(name).is_ok())
}

/// The validators a release checked names, keys and values with: 2.0's
/// serializers from 2.0 on, 1.2's types before (and without a release).
pub fn dialect(release: Option<&crate::release::Release>) -> crate::marshal::Dialect {
    use crate::release::Behaviour;
    match release.is_some_and(|r| r.does(Behaviour::SerializerValidators)) {
        true => crate::marshal::Dialect::V20,
        false => crate::marshal::Dialect::V12,
    }
}

/// The release's checks of a request ([`crate::thrift::api19::validation::Checks`]):
/// its values' dialect, from 2.0 to 2.2 its checks of a CQL 3 table's
/// cell names (2.0 refusing key columns, 2.1 and 2.2 taking them, 3.x
/// decoding them), and
/// from 1.2 to 2.2 how it checked a collection's element cell values.
pub fn checks(
    release: Option<&crate::release::Release>,
) -> crate::thrift::api19::validation::Checks {
    use crate::release::Behaviour;
    use crate::thrift::api19::cql3cells::{CollectionCells, KeyColumns};
    let does = |b| release.is_some_and(|r| r.does(b));
    let cql3_cells = match (
        does(Behaviour::ThriftCql3CellNamesChecked),
        does(Behaviour::ThriftCql3KeyColumnCellsTaken),
    ) {
        (false, _) => None,
        (true, false) => Some(KeyColumns::Refused),
        (true, true) => Some(KeyColumns::Taken),
    };
    let collection_cells = if does(Behaviour::ThriftCollectionCellsByElement) {
        Some(CollectionCells::ByElement)
    } else if does(Behaviour::ThriftEmptyCollectionCellsTaken) {
        Some(CollectionCells::WholeOrEmpty)
    } else if does(Behaviour::ThriftCollectionCellsWhole) {
        Some(CollectionCells::Whole)
    } else {
        None
    };
    crate::thrift::api19::validation::Checks {
        dialect: dialect(release),
        cql3_cells,
        collection_cells,
        cell_names: does(Behaviour::ThriftCellNamesDecoded)
            .then_some(v3x::cellname::validated as crate::thrift::api19::validation::CellNameCheck),
    }
}

#[cfg(test)]
mod tests;
