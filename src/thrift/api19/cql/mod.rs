//! CQL3 over Thrift 19.x: the query text of an `execute`/`prepare` call, and the conversion of the
//! executor's answers into Thrift's `CqlResult` / `CqlPreparedResult`, as
//! Cassandra 1.2.9 replied.
//!
//! Statement semantics belong to `cql::exec`; this module must not
//! interpret CQL. Schema changes go through `Node::change_schema` so they
//! are validated, persisted and applied under the node's schema lock.

pub(super) mod calls;
pub mod cql2;
pub(super) mod version;

use crate::cql::exec::{CqlOutcome, Prepared};
use crate::cql::table::Table;
use crate::cql::types::CqlType;
use crate::release::{Behaviour, Release};
use crate::thrift::error::{ApiError, ApiResult};
use crate::thrift::gen::cassandra19 as t;
use std::collections::BTreeMap;

/// The largest statement an inflated GZIP query may grow to. Without a cap
/// a few kilobytes of deflated zeros could make the server allocate
/// gigabytes; no real statement comes near this.
const MAX_INFLATED_QUERY: u64 = 64 << 20;

/// The statement text of a CQL call, as 1.2 decoded it: GZIP means a zlib
/// stream (Java's `Inflater`) whose bytes are read as UTF-8 with bad
/// sequences replaced; NONE must be valid UTF-8, else Java's decoder error
/// text. A truncated stream made 1.2 spin forever; here it is the same
/// "Error deflating" refusal as any other bad stream.
pub fn query_text(query: Vec<u8>, compression: t::Compression) -> ApiResult<String> {
    match compression {
        t::Compression::NONE => String::from_utf8(query).map_err(|e| {
            let bytes = e.as_bytes();
            let err = e.utf8_error();
            let bad = err.error_len().unwrap_or(bytes.len() - err.valid_up_to());
            ApiError::invalid(format!("Input length = {bad}"))
        }),
        t::Compression::GZIP => {
            use std::io::Read;
            let mut out = Vec::new();
            let mut inflater =
                flate2::read::ZlibDecoder::new(query.as_slice()).take(MAX_INFLATED_QUERY + 1);
            inflater
                .read_to_end(&mut out)
                .map_err(|_| ApiError::invalid("Error deflating query string."))?;
            if out.len() as u64 > MAX_INFLATED_QUERY {
                return Err(ApiError::invalid(format!(
                    "the inflated query is larger than {MAX_INFLATED_QUERY} bytes"
                )));
            }
            Ok(String::from_utf8_lossy(&out).into_owned())
        }
        other => Err(ApiError::invalid(format!(
            "Unknown compression type: {}",
            other.0
        ))),
    }
}

/// 1.2's Thrift form of a statement's outcome: ROWS with every column
/// named by a UTF8Type name, or VOID for everything else (USE and schema
/// changes included).
pub fn result(outcome: CqlOutcome) -> t::CqlResult {
    let rs = match outcome {
        CqlOutcome::Rows(rs) => rs,
        CqlOutcome::Void
        | CqlOutcome::SetKeyspace(_)
        | CqlOutcome::SchemaChange { .. }
        | CqlOutcome::TypeChange { .. } => {
            return t::CqlResult::new(t::CqlResultType::VOID, None, None, None)
        }
    };
    let names: Vec<Vec<u8>> = rs
        .columns
        .iter()
        .map(|c| c.name.as_bytes().to_vec())
        .collect();
    let rows: Vec<t::CqlRow> = rs
        .rows
        .into_iter()
        .map(|values| {
            let columns = names
                .iter()
                .zip(values)
                .map(|(name, value)| t::Column::new(name.clone(), value, None, None))
                .collect();
            t::CqlRow::new(Vec::new(), columns)
        })
        .collect();
    let mut name_types = BTreeMap::new();
    let mut value_types = BTreeMap::new();
    for c in &rs.columns {
        name_types.insert(c.name.as_bytes().to_vec(), "UTF8Type".to_string());
        value_types.insert(c.name.as_bytes().to_vec(), c.type_class.clone());
    }
    let metadata = t::CqlMetadata::new(
        name_types,
        value_types,
        "UTF8Type".to_string(),
        "UTF8Type".to_string(),
    );
    t::CqlResult::new(t::CqlResultType::ROWS, rows, None, metadata)
}

/// The Thrift form of a prepared statement: its id and its markers, each
/// named and typed as the release answered when `tables[i]` is the table
/// the statement of marker `i` works on (a batch's members each theirs): a
/// marker bound to a descending clustering column has its `ReversedType`
/// (recorded from 1.2.19 on; without a release, 1.2.9's answers as this
/// server gives them, not), and from 2.1 to 3.0 a marker bound to a column
/// is named by the column's definition as Java printed it
/// (`ColumnDefinition{name=..., type=..., kind=...}`), before and from 3.11
/// by its name alone; a marker of no column (`LIMIT ?`, `USING TTL ?`, a
/// function's argument, a collection's element) is named from 2.1 on by its
/// `ColumnSpecification{name=..., type=...}`, and `token(?)`'s argument
/// from 2.2 by the function's qualified name (`arg0(system.token)`). A
/// marker written `:name` (2.0 on) is named so, as a marker of no column.
pub fn prepared_result(
    p: &Prepared,
    tables: &[Option<Table>],
    release: Option<&Release>,
) -> t::CqlPreparedResult {
    // 3.11 named the markers by their columns' names again.
    let (reversed, definitions) = match release {
        Some(r) => (
            r.at_least(1, 2),
            r.does(Behaviour::MarkersNamedByDefinition),
        ),
        None => (false, false),
    };
    let specified = release.is_some_and(|r| r.does(Behaviour::BareMarkersSpecified));
    let qualified = release.is_some_and(|r| r.at_least(2, 2));
    let frozen_in = release.is_some_and(|r| r.at_least(2, 1));
    let three_oh = release.is_some_and(|r| r.does(Behaviour::DefinitionsWithPositions));
    let beta = release.is_some_and(|r| r.has(crate::release::Feature::Cql3Beta));
    let mut types = Vec::with_capacity(p.specs.len());
    let mut names = Vec::with_capacity(p.specs.len());
    for (i, s) in p.specs.iter().enumerate() {
        let column = tables
            .get(i)
            .and_then(Option::as_ref)
            .filter(|_| reversed)
            .and_then(|t| t.definition(&s.name));
        let tuple = tables
            .get(i)
            .and_then(Option::as_ref)
            .and_then(|t| tuple_marker_type(t, &s.name, &s.ty));
        let ty = match &column {
            Some(c) if c.reversed => format!("{MARSHAL}ReversedType({})", s.ty.class_name()),
            // `IN ?`'s receiver (`makeInReceiver`) was a list of the
            // column's values, not multi-cell: from 2.1 a frozen one.
            _ if frozen_in && s.name.starts_with("in(") && s.ty.is_collection() => {
                let list = tuple.unwrap_or_else(|| s.ty.class_name());
                format!("{MARSHAL}FrozenType({list})")
            }
            _ => tuple.unwrap_or_else(|| s.ty.class_name()),
        };
        // A named marker's receiver was a specification of its own name.
        let is_column = column.is_some() && s.marker.is_none();
        // A function's argument (`arg0(f)`): 2.2 named the function by its
        // keyspace.
        let argument = s
            .name
            .strip_prefix("arg")
            .and_then(|r| r.split_once('('))
            .filter(|(n, f)| n.parse::<usize>().is_ok() && f.ends_with(')') && !f.contains('.'));
        let bare = match (&s.marker, argument) {
            (Some(marker), _) => marker.clone(),
            (None, Some((n, f))) if qualified => format!("arg{n}(system.{f}"),
            (None, _) => s.name.clone(),
        };
        names.push(match column.filter(|_| definitions && is_column) {
            Some(_) if three_oh => tables[i]
                .as_ref()
                .and_then(|t| t.definition_words_30(&s.name, &ty))
                .unwrap_or_default(),
            Some(_) => tables[i]
                .as_ref()
                .and_then(|t| t.definition_words(&s.name, &ty))
                .unwrap_or_default(),
            // A column's marker in 3.11: `ColumnDefinition.toString` was
            // its name again.
            None if is_column => bare,
            // A marker bound to no column (`LIMIT ?`, `USING TTL ?`) was a
            // bare `ColumnSpecification`, printed by Guava's toStringHelper.
            None if specified => format!("ColumnSpecification{{name={bare}, type={ty}}}"),
            None => bare,
        });
        // 1.1's beta gave each marker's type by its short name
        // (`QueryProcessor.prepare`: `SelectStatement.getShortTypeName`).
        types.push(match ty.strip_prefix(MARSHAL) {
            Some(short) if beta => short.to_string(),
            _ => ty,
        });
    }
    crate::thrift::api19::release::v3x::udt_names::markers(release, &mut types);
    t::CqlPreparedResult::new(p.id, p.specs.len() as i32, types, names)
}

const MARSHAL: &str = "org.apache.cassandra.db.marshal.";

/// The type of a tuple relation's marker, `(a,b)` (or `in(a,b)`'s list of
/// them): 2.0's `Tuples.Raw.makeReceiver` made a tuple of its columns'
/// receivers' types, a descending column's as the comparator held it
/// (`ReversedType`). `None` for any other marker.
fn tuple_marker_type(table: &Table, name: &str, ty: &CqlType) -> Option<String> {
    let listed = name.starts_with("in(");
    let inner = name
        .strip_prefix("in(")
        .or_else(|| name.strip_prefix('('))?
        .strip_suffix(')')?;
    let parts = inner
        .split(',')
        .map(|c| {
            let k = table.clustering.iter().find(|k| k.column.name == c)?;
            let class = k.column.ty.class_name();
            Some(match k.reversed {
                true => format!("{MARSHAL}ReversedType({class})"),
                false => class,
            })
        })
        .collect::<Option<Vec<String>>>()?;
    let tuple = format!("{MARSHAL}TupleType({})", parts.join(","));
    match ty {
        CqlType::Tuple(_) if !listed => Some(tuple),
        CqlType::List(e) if listed && matches!(**e, CqlType::Tuple(_)) => {
            Some(format!("{MARSHAL}ListType({tuple})"))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cql::mapping::{ResultColumn, ResultSet};

    #[test]
    fn rows_carry_names_values_and_1_2_metadata() {
        let rs = ResultSet {
            columns: vec![
                ResultColumn {
                    name: "k".into(),
                    type_class: "org.apache.cassandra.db.marshal.UTF8Type".into(),
                },
                ResultColumn {
                    name: "v".into(),
                    type_class: "org.apache.cassandra.db.marshal.Int32Type".into(),
                },
            ],
            rows: vec![vec![Some(b"a".to_vec()), None]],
        };
        let r = result(CqlOutcome::Rows(rs));
        assert_eq!(r.type_, t::CqlResultType::ROWS);
        assert_eq!(r.num, None);
        let rows = r.rows.unwrap();
        assert_eq!(rows.len(), 1);
        assert!(rows[0].key.is_empty());
        let cols = &rows[0].columns;
        assert_eq!(cols[0].name, b"k");
        assert_eq!(cols[0].value.as_deref(), Some(&b"a"[..]));
        assert_eq!(cols[0].timestamp, None);
        assert_eq!(cols[1].name, b"v");
        assert_eq!(cols[1].value, None, "a null is an unset value");
        let md = r.schema.unwrap();
        assert_eq!(md.name_types[&b"v".to_vec()], "UTF8Type");
        assert_eq!(
            md.value_types[&b"v".to_vec()],
            "org.apache.cassandra.db.marshal.Int32Type"
        );
        assert_eq!(md.default_name_type, "UTF8Type");
        assert_eq!(md.default_value_type, "UTF8Type");
    }

    #[test]
    fn everything_but_rows_is_void() {
        for o in [
            CqlOutcome::Void,
            CqlOutcome::SetKeyspace("ks".into()),
            CqlOutcome::SchemaChange {
                change: crate::cql::exec::ChangeKind::Created,
                keyspace: "ks".into(),
                table: String::new(),
            },
        ] {
            let r = result(o);
            assert_eq!(r.type_, t::CqlResultType::VOID);
            assert!(r.rows.is_none() && r.schema.is_none() && r.num.is_none());
        }
    }

    fn deflate(text: &[u8]) -> Vec<u8> {
        use std::io::Write;
        let mut z = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::default());
        z.write_all(text).unwrap();
        z.finish().unwrap()
    }

    fn refusal(q: Vec<u8>, c: t::Compression) -> String {
        match query_text(q, c) {
            Err(ApiError::InvalidRequest(why)) => why,
            other => panic!("expected an InvalidRequest, got {other:?}"),
        }
    }

    #[test]
    fn query_text_reads_plain_and_zlib_queries() {
        assert_eq!(
            query_text(b"USE ks".to_vec(), t::Compression::NONE).unwrap(),
            "USE ks"
        );
        let q = "SELECT * FROM t WHERE k = 'h\u{e9}'";
        assert_eq!(
            query_text(deflate(q.as_bytes()), t::Compression::GZIP).unwrap(),
            q
        );
        // Java's String(bytes, "UTF-8") replaces what it cannot decode.
        assert_eq!(
            query_text(deflate(b"a\xffb"), t::Compression::GZIP).unwrap(),
            "a\u{fffd}b"
        );
    }

    #[test]
    fn query_text_refuses_what_it_cannot_read() {
        assert_eq!(
            refusal(vec![b'a', 0xff, 0xfe], t::Compression::NONE),
            "Input length = 1"
        );
        assert_eq!(
            refusal(vec![b'a', 0xe2, 0x82], t::Compression::NONE),
            "Input length = 2"
        );
        let whole = deflate(b"USE ks");
        for bad in [b"x".to_vec(), whole[..whole.len() - 3].to_vec()] {
            assert_eq!(
                refusal(bad, t::Compression::GZIP),
                "Error deflating query string."
            );
        }
        assert_eq!(
            refusal(b"x".to_vec(), t::Compression(7)),
            "Unknown compression type: 7"
        );
    }

    #[test]
    fn query_text_caps_what_a_small_stream_inflates_to() {
        let bomb = deflate(&vec![b' '; (MAX_INFLATED_QUERY + 1) as usize]);
        assert!(bomb.len() < 1 << 20);
        assert!(refusal(bomb, t::Compression::GZIP).contains("larger than"));
    }
}
