//! The 19.x IDL (Cassandra 1.2's `cassandra.thrift`) as data, the way its
//! Java stubs saw it: every argument struct and the structs inside them,
//! with field ids, names, types, requiredness and defaults, and the names
//! of enum values. The generated code in `thrift::gen` decodes and encodes;
//! this table exists only so that `javaargs` can re-read a faulty request
//! as the Java stubs did and quote it. It must not read anything itself.

use crate::thrift::wire::idl::f;
use crate::thrift::wire::idl::{Default, Field, Req, StructDesc, Ty};

fn consistency_name(v: i32) -> Option<&'static str> {
    const NAMES: [&str; 11] = [
        "ONE",
        "QUORUM",
        "LOCAL_QUORUM",
        "EACH_QUORUM",
        "ALL",
        "ANY",
        "TWO",
        "THREE",
        "SERIAL",
        "LOCAL_SERIAL",
        "LOCAL_ONE",
    ];
    usize::try_from(v - 1)
        .ok()
        .and_then(|i| NAMES.get(i).copied())
}

fn index_operator_name(v: i32) -> Option<&'static str> {
    ["EQ", "GTE", "GT", "LTE", "LT"]
        .get(usize::try_from(v).ok()?)
        .copied()
}

fn compression_name(v: i32) -> Option<&'static str> {
    match v {
        1 => Some("GZIP"),
        2 => Some("NONE"),
        _ => None,
    }
}

use Req::{Optional as O, Plain as P, Required as R};

const CL: Ty = Ty::Enum(consistency_name);

/// A field with a numeric IDL default: an enum's value, else a number (or
/// a bool as 0/1).
const fn fd(id: i16, name: &'static str, ty: Ty, req: Req, default: i32) -> Field {
    let default = match ty {
        Ty::Enum(_) => Default::Enum(default),
        Ty::Bool => Default::Bool(default != 0),
        _ => Default::I32(default),
    };
    crate::thrift::wire::idl::fd(id, name, ty, req, default)
}

/// A consistency-level argument with the IDL's default.
const fn cl(id: i16, name: &'static str, req: Req, default: i32) -> Field {
    fd(id, name, CL, req, default)
}

static COLUMN: StructDesc = StructDesc {
    name: "Column",
    fields: &[
        f(1, "name", Ty::Bin, R),
        f(2, "value", Ty::Bin, O),
        f(3, "timestamp", Ty::I64, O),
        f(4, "ttl", Ty::I32, O),
    ],
};
static SUPER_COLUMN: StructDesc = StructDesc {
    name: "SuperColumn",
    fields: &[
        f(1, "name", Ty::Bin, R),
        f(2, "columns", Ty::List(&Ty::Struct(&COLUMN)), R),
    ],
};
static COUNTER_COLUMN: StructDesc = StructDesc {
    name: "CounterColumn",
    fields: &[f(1, "name", Ty::Bin, R), f(2, "value", Ty::I64, R)],
};
static COUNTER_SUPER_COLUMN: StructDesc = StructDesc {
    name: "CounterSuperColumn",
    fields: &[
        f(1, "name", Ty::Bin, R),
        f(2, "columns", Ty::List(&Ty::Struct(&COUNTER_COLUMN)), R),
    ],
};
static COSC: StructDesc = StructDesc {
    name: "ColumnOrSuperColumn",
    fields: &[
        f(1, "column", Ty::Struct(&COLUMN), O),
        f(2, "super_column", Ty::Struct(&SUPER_COLUMN), O),
        f(3, "counter_column", Ty::Struct(&COUNTER_COLUMN), O),
        f(
            4,
            "counter_super_column",
            Ty::Struct(&COUNTER_SUPER_COLUMN),
            O,
        ),
    ],
};
static COLUMN_PARENT: StructDesc = StructDesc {
    name: "ColumnParent",
    fields: &[
        f(3, "column_family", Ty::Str, R),
        f(4, "super_column", Ty::Bin, O),
    ],
};
static COLUMN_PATH: StructDesc = StructDesc {
    name: "ColumnPath",
    fields: &[
        f(3, "column_family", Ty::Str, R),
        f(4, "super_column", Ty::Bin, O),
        f(5, "column", Ty::Bin, O),
    ],
};
static SLICE_RANGE: StructDesc = StructDesc {
    name: "SliceRange",
    fields: &[
        f(1, "start", Ty::Bin, R),
        f(2, "finish", Ty::Bin, R),
        fd(3, "reversed", Ty::Bool, R, 0),
        fd(4, "count", Ty::I32, R, 100),
    ],
};
static SLICE_PREDICATE: StructDesc = StructDesc {
    name: "SlicePredicate",
    fields: &[
        f(1, "column_names", Ty::List(&Ty::Bin), O),
        f(2, "slice_range", Ty::Struct(&SLICE_RANGE), O),
    ],
};
static INDEX_EXPRESSION: StructDesc = StructDesc {
    name: "IndexExpression",
    fields: &[
        f(1, "column_name", Ty::Bin, R),
        f(2, "op", Ty::Enum(index_operator_name), R),
        f(3, "value", Ty::Bin, R),
    ],
};
static INDEX_CLAUSE: StructDesc = StructDesc {
    name: "IndexClause",
    fields: &[
        f(
            1,
            "expressions",
            Ty::List(&Ty::Struct(&INDEX_EXPRESSION)),
            R,
        ),
        f(2, "start_key", Ty::Bin, R),
        fd(3, "count", Ty::I32, R, 100),
    ],
};
static KEY_RANGE: StructDesc = StructDesc {
    name: "KeyRange",
    fields: &[
        f(1, "start_key", Ty::Bin, O),
        f(2, "end_key", Ty::Bin, O),
        f(3, "start_token", Ty::Str, O),
        f(4, "end_token", Ty::Str, O),
        f(6, "row_filter", Ty::List(&Ty::Struct(&INDEX_EXPRESSION)), O),
        fd(5, "count", Ty::I32, R, 100),
    ],
};
static DELETION: StructDesc = StructDesc {
    name: "Deletion",
    fields: &[
        f(1, "timestamp", Ty::I64, O),
        f(2, "super_column", Ty::Bin, O),
        f(3, "predicate", Ty::Struct(&SLICE_PREDICATE), O),
    ],
};
static MUTATION: StructDesc = StructDesc {
    name: "Mutation",
    fields: &[
        f(1, "column_or_supercolumn", Ty::Struct(&COSC), O),
        f(2, "deletion", Ty::Struct(&DELETION), O),
    ],
};
static AUTHENTICATION_REQUEST: StructDesc = StructDesc {
    name: "AuthenticationRequest",
    fields: &[f(1, "credentials", Ty::Map(&Ty::Str, &Ty::Str), R)],
};

const MUTATION_MAP: Ty = Ty::Map(
    &Ty::Bin,
    &Ty::Map(&Ty::Str, &Ty::List(&Ty::Struct(&MUTATION))),
);
const COMPRESSION: Ty = Ty::Enum(compression_name);

/// The argument struct of `method`, for the calls whose arguments can lack
/// a required field (schema calls taking KsDef/CfDef are not described).
pub fn args_of(method: &str) -> Option<&'static StructDesc> {
    macro_rules! args {
        ($name:literal, [$($field:expr),* $(,)?]) => {
            args!($name, &[$($field),*])
        };
        ($name:literal, $fields:expr) => {{
            static D: StructDesc = StructDesc { name: $name, fields: $fields };
            &D
        }};
    }
    // The IDL's defaults: ONE for data calls, SERIAL/QUORUM for cas.
    const ONE: i32 = 1;
    // A slice of one row, and of several: what the count calls take too.
    const SLICE: &[Field] = &[
        f(1, "key", Ty::Bin, R),
        f(2, "column_parent", Ty::Struct(&COLUMN_PARENT), R),
        f(3, "predicate", Ty::Struct(&SLICE_PREDICATE), R),
        cl(4, "consistency_level", R, ONE),
    ];
    const MULTI_SLICE: &[Field] = &[
        f(1, "keys", Ty::List(&Ty::Bin), R),
        f(2, "column_parent", Ty::Struct(&COLUMN_PARENT), R),
        f(3, "predicate", Ty::Struct(&SLICE_PREDICATE), R),
        cl(4, "consistency_level", R, ONE),
    ];
    Some(match method {
        "login" => args!(
            "login_args",
            [f(1, "auth_request", Ty::Struct(&AUTHENTICATION_REQUEST), R)]
        ),
        "set_keyspace" => args!("set_keyspace_args", [f(1, "keyspace", Ty::Str, R)]),
        "get" => args!(
            "get_args",
            [
                f(1, "key", Ty::Bin, R),
                f(2, "column_path", Ty::Struct(&COLUMN_PATH), R),
                cl(3, "consistency_level", R, ONE),
            ]
        ),
        "get_slice" => args!("get_slice_args", SLICE),
        "get_count" => args!("get_count_args", SLICE),
        "multiget_slice" => args!("multiget_slice_args", MULTI_SLICE),
        "multiget_count" => args!("multiget_count_args", MULTI_SLICE),
        "get_range_slices" => args!(
            "get_range_slices_args",
            [
                f(1, "column_parent", Ty::Struct(&COLUMN_PARENT), R),
                f(2, "predicate", Ty::Struct(&SLICE_PREDICATE), R),
                f(3, "range", Ty::Struct(&KEY_RANGE), R),
                cl(4, "consistency_level", R, ONE),
            ]
        ),
        "get_paged_slice" => args!(
            "get_paged_slice_args",
            [
                f(1, "column_family", Ty::Str, R),
                f(2, "range", Ty::Struct(&KEY_RANGE), R),
                f(3, "start_column", Ty::Bin, R),
                cl(4, "consistency_level", R, ONE),
            ]
        ),
        "get_indexed_slices" => args!(
            "get_indexed_slices_args",
            [
                f(1, "column_parent", Ty::Struct(&COLUMN_PARENT), R),
                f(2, "index_clause", Ty::Struct(&INDEX_CLAUSE), R),
                f(3, "column_predicate", Ty::Struct(&SLICE_PREDICATE), R),
                cl(4, "consistency_level", R, ONE),
            ]
        ),
        "insert" => args!(
            "insert_args",
            [
                f(1, "key", Ty::Bin, R),
                f(2, "column_parent", Ty::Struct(&COLUMN_PARENT), R),
                f(3, "column", Ty::Struct(&COLUMN), R),
                cl(4, "consistency_level", R, ONE),
            ]
        ),
        "add" => args!(
            "add_args",
            [
                f(1, "key", Ty::Bin, R),
                f(2, "column_parent", Ty::Struct(&COLUMN_PARENT), R),
                f(3, "column", Ty::Struct(&COUNTER_COLUMN), R),
                cl(4, "consistency_level", R, ONE),
            ]
        ),
        "cas" => args!(
            "cas_args",
            [
                f(1, "key", Ty::Bin, R),
                f(2, "column_family", Ty::Str, R),
                f(3, "expected", Ty::List(&Ty::Struct(&COLUMN)), P),
                f(4, "updates", Ty::List(&Ty::Struct(&COLUMN)), P),
                cl(5, "serial_consistency_level", R, 9),
                cl(6, "commit_consistency_level", R, 2),
            ]
        ),
        "remove" => args!(
            "remove_args",
            [
                f(1, "key", Ty::Bin, R),
                f(2, "column_path", Ty::Struct(&COLUMN_PATH), R),
                f(3, "timestamp", Ty::I64, R),
                cl(4, "consistency_level", P, ONE),
            ]
        ),
        "remove_counter" => args!(
            "remove_counter_args",
            [
                f(1, "key", Ty::Bin, R),
                f(2, "path", Ty::Struct(&COLUMN_PATH), R),
                cl(3, "consistency_level", R, ONE),
            ]
        ),
        "batch_mutate" => args!(
            "batch_mutate_args",
            [
                f(1, "mutation_map", MUTATION_MAP, R),
                cl(2, "consistency_level", R, ONE),
            ]
        ),
        "atomic_batch_mutate" => args!(
            "atomic_batch_mutate_args",
            [
                f(1, "mutation_map", MUTATION_MAP, R),
                cl(2, "consistency_level", R, ONE),
            ]
        ),
        "truncate" => args!("truncate_args", [f(1, "cfname", Ty::Str, R)]),
        "execute_cql_query" => args!(
            "execute_cql_query_args",
            [
                f(1, "query", Ty::Bin, R),
                f(2, "compression", COMPRESSION, R),
            ]
        ),
        "execute_cql3_query" => args!(
            "execute_cql3_query_args",
            [
                f(1, "query", Ty::Bin, R),
                f(2, "compression", COMPRESSION, R),
                f(3, "consistency", CL, R),
            ]
        ),
        "prepare_cql_query" => args!(
            "prepare_cql_query_args",
            [
                f(1, "query", Ty::Bin, R),
                f(2, "compression", COMPRESSION, R),
            ]
        ),
        "prepare_cql3_query" => args!(
            "prepare_cql3_query_args",
            [
                f(1, "query", Ty::Bin, R),
                f(2, "compression", COMPRESSION, R),
            ]
        ),
        "execute_prepared_cql_query" => args!(
            "execute_prepared_cql_query_args",
            [
                f(1, "itemId", Ty::I32, R),
                f(2, "values", Ty::List(&Ty::Bin), R),
            ]
        ),
        "execute_prepared_cql3_query" => args!(
            "execute_prepared_cql3_query_args",
            [
                f(1, "itemId", Ty::I32, R),
                f(2, "values", Ty::List(&Ty::Bin), R),
                f(3, "consistency", CL, R),
            ]
        ),
        "set_cql_version" => args!("set_cql_version_args", [f(1, "version", Ty::Str, R)]),
        "describe_ring" => args!("describe_ring_args", [f(1, "keyspace", Ty::Str, R)]),
        "describe_local_ring" => args!("describe_local_ring_args", [f(1, "keyspace", Ty::Str, R)]),
        "describe_keyspace" => args!("describe_keyspace_args", [f(1, "keyspace", Ty::Str, R)]),
        "system_drop_column_family" => {
            args!(
                "system_drop_column_family_args",
                [f(1, "column_family", Ty::Str, R)]
            )
        }
        "system_drop_keyspace" => {
            args!("system_drop_keyspace_args", [f(1, "keyspace", Ty::Str, R)])
        }
        _ => return None,
    })
}
