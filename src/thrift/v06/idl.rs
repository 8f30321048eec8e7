//! The 0.6 IDL (API 2.2.0) as data: every argument struct and the structs they
//! contain, with field ids, names, wire types, requiredness and defaults.
//!
//! The generated code in `thrift::gen` decodes and encodes; this table exists
//! because Cassandra's Java stubs had observable semantics the generated Rust
//! code does not reproduce (wrong-typed fields skipped, unknown enum values
//! read as null, required-field errors quoting the struct's `toString`). It is
//! checked against the generated code by the tests in `v06::javaread`.

use crate::thrift::wire::idl::{f, fd};
use crate::thrift::wire::idl::{Default, Field, Req, StructDesc, Ty};

/// The ConsistencyLevel enum as 0.6 defined it.
const CL_TY: Ty = Ty::Enum(cl_name);

use Req::{Optional as O, Plain as P, Required as R};

pub static COLUMN: StructDesc = StructDesc {
    name: "Column",
    fields: &[
        f(1, "name", Ty::Bin, R),
        f(2, "value", Ty::Bin, R),
        f(3, "timestamp", Ty::I64, R),
    ],
};
pub static SUPER_COLUMN: StructDesc = StructDesc {
    name: "SuperColumn",
    fields: &[
        f(1, "name", Ty::Bin, R),
        f(2, "columns", Ty::List(&Ty::Struct(&COLUMN)), R),
    ],
};
pub static COSC: StructDesc = StructDesc {
    name: "ColumnOrSuperColumn",
    fields: &[
        f(1, "column", Ty::Struct(&COLUMN), O),
        f(2, "super_column", Ty::Struct(&SUPER_COLUMN), O),
    ],
};
pub static COLUMN_PARENT: StructDesc = StructDesc {
    name: "ColumnParent",
    fields: &[
        f(3, "column_family", Ty::Str, R),
        f(4, "super_column", Ty::Bin, O),
    ],
};
pub static COLUMN_PATH: StructDesc = StructDesc {
    name: "ColumnPath",
    fields: &[
        f(3, "column_family", Ty::Str, R),
        f(4, "super_column", Ty::Bin, O),
        f(5, "column", Ty::Bin, O),
    ],
};
pub static SLICE_RANGE: StructDesc = StructDesc {
    name: "SliceRange",
    fields: &[
        f(1, "start", Ty::Bin, R),
        f(2, "finish", Ty::Bin, R),
        fd(3, "reversed", Ty::Bool, R, Default::Bool(false)),
        fd(4, "count", Ty::I32, R, Default::I32(100)),
    ],
};
pub static SLICE_PREDICATE: StructDesc = StructDesc {
    name: "SlicePredicate",
    fields: &[
        f(1, "column_names", Ty::List(&Ty::Bin), O),
        f(2, "slice_range", Ty::Struct(&SLICE_RANGE), O),
    ],
};
pub static KEY_RANGE: StructDesc = StructDesc {
    name: "KeyRange",
    fields: &[
        f(1, "start_key", Ty::Str, O),
        f(2, "end_key", Ty::Str, O),
        f(3, "start_token", Ty::Str, O),
        f(4, "end_token", Ty::Str, O),
        fd(5, "count", Ty::I32, R, Default::I32(100)),
    ],
};
pub static DELETION: StructDesc = StructDesc {
    name: "Deletion",
    fields: &[
        f(1, "timestamp", Ty::I64, R),
        f(2, "super_column", Ty::Bin, O),
        f(3, "predicate", Ty::Struct(&SLICE_PREDICATE), O),
    ],
};
pub static MUTATION: StructDesc = StructDesc {
    name: "Mutation",
    fields: &[
        f(1, "column_or_supercolumn", Ty::Struct(&COSC), O),
        f(2, "deletion", Ty::Struct(&DELETION), O),
    ],
};
pub static AUTH_REQUEST: StructDesc = StructDesc {
    name: "AuthenticationRequest",
    fields: &[f(1, "credentials", Ty::Map(&Ty::Str, &Ty::Str), R)],
};

const CL: Field = fd(0, "consistency_level", CL_TY, R, Default::Enum(1));
const fn cl(id: i16) -> Field {
    Field { id, ..CL }
}

/// One service method: its name and argument struct.
#[derive(Debug)]
pub struct Method {
    pub name: &'static str,
    pub args: StructDesc,
}

const fn m(name: &'static str, args_name: &'static str, fields: &'static [Field]) -> Method {
    Method {
        name,
        args: StructDesc {
            name: args_name,
            fields,
        },
    }
}

pub static METHODS: &[Method] = &[
    m(
        "login",
        "login_args",
        &[
            f(1, "keyspace", Ty::Str, R),
            f(2, "auth_request", Ty::Struct(&AUTH_REQUEST), R),
        ],
    ),
    m(
        "get",
        "get_args",
        &[
            f(1, "keyspace", Ty::Str, R),
            f(2, "key", Ty::Str, R),
            f(3, "column_path", Ty::Struct(&COLUMN_PATH), R),
            cl(4),
        ],
    ),
    m(
        "get_slice",
        "get_slice_args",
        &[
            f(1, "keyspace", Ty::Str, R),
            f(2, "key", Ty::Str, R),
            f(3, "column_parent", Ty::Struct(&COLUMN_PARENT), R),
            f(4, "predicate", Ty::Struct(&SLICE_PREDICATE), R),
            cl(5),
        ],
    ),
    m(
        "multiget",
        "multiget_args",
        &[
            f(1, "keyspace", Ty::Str, R),
            f(2, "keys", Ty::List(&Ty::Str), R),
            f(3, "column_path", Ty::Struct(&COLUMN_PATH), R),
            cl(4),
        ],
    ),
    m(
        "multiget_slice",
        "multiget_slice_args",
        &[
            f(1, "keyspace", Ty::Str, R),
            f(2, "keys", Ty::List(&Ty::Str), R),
            f(3, "column_parent", Ty::Struct(&COLUMN_PARENT), R),
            f(4, "predicate", Ty::Struct(&SLICE_PREDICATE), R),
            cl(5),
        ],
    ),
    m(
        "get_count",
        "get_count_args",
        &[
            f(1, "keyspace", Ty::Str, R),
            f(2, "key", Ty::Str, R),
            f(3, "column_parent", Ty::Struct(&COLUMN_PARENT), R),
            cl(4),
        ],
    ),
    m(
        "get_range_slice",
        "get_range_slice_args",
        &[
            f(1, "keyspace", Ty::Str, R),
            f(2, "column_parent", Ty::Struct(&COLUMN_PARENT), R),
            f(3, "predicate", Ty::Struct(&SLICE_PREDICATE), R),
            fd(4, "start_key", Ty::Str, R, Default::Str("")),
            fd(5, "finish_key", Ty::Str, R, Default::Str("")),
            fd(6, "row_count", Ty::I32, R, Default::I32(100)),
            cl(7),
        ],
    ),
    m(
        "get_range_slices",
        "get_range_slices_args",
        &[
            f(1, "keyspace", Ty::Str, R),
            f(2, "column_parent", Ty::Struct(&COLUMN_PARENT), R),
            f(3, "predicate", Ty::Struct(&SLICE_PREDICATE), R),
            f(4, "range", Ty::Struct(&KEY_RANGE), R),
            cl(5),
        ],
    ),
    m(
        "insert",
        "insert_args",
        &[
            f(1, "keyspace", Ty::Str, R),
            f(2, "key", Ty::Str, R),
            f(3, "column_path", Ty::Struct(&COLUMN_PATH), R),
            f(4, "value", Ty::Bin, R),
            f(5, "timestamp", Ty::I64, R),
            cl(6),
        ],
    ),
    m(
        "batch_insert",
        "batch_insert_args",
        &[
            f(1, "keyspace", Ty::Str, R),
            f(2, "key", Ty::Str, R),
            f(
                3,
                "cfmap",
                Ty::Map(&Ty::Str, &Ty::List(&Ty::Struct(&COSC))),
                R,
            ),
            cl(4),
        ],
    ),
    m(
        "remove",
        "remove_args",
        &[
            f(1, "keyspace", Ty::Str, R),
            f(2, "key", Ty::Str, R),
            f(3, "column_path", Ty::Struct(&COLUMN_PATH), R),
            f(4, "timestamp", Ty::I64, R),
            fd(5, "consistency_level", CL_TY, P, Default::Enum(1)),
        ],
    ),
    m(
        "batch_mutate",
        "batch_mutate_args",
        &[
            f(1, "keyspace", Ty::Str, R),
            f(
                2,
                "mutation_map",
                Ty::Map(
                    &Ty::Str,
                    &Ty::Map(&Ty::Str, &Ty::List(&Ty::Struct(&MUTATION))),
                ),
                R,
            ),
            cl(3),
        ],
    ),
    m(
        "get_string_property",
        "get_string_property_args",
        &[f(1, "property", Ty::Str, R)],
    ),
    m(
        "get_string_list_property",
        "get_string_list_property_args",
        &[f(1, "property", Ty::Str, R)],
    ),
    m("describe_keyspaces", "describe_keyspaces_args", &[]),
    m("describe_cluster_name", "describe_cluster_name_args", &[]),
    m("describe_version", "describe_version_args", &[]),
    m(
        "describe_ring",
        "describe_ring_args",
        &[f(1, "keyspace", Ty::Str, R)],
    ),
    m("describe_partitioner", "describe_partitioner_args", &[]),
    m(
        "describe_keyspace",
        "describe_keyspace_args",
        &[f(1, "keyspace", Ty::Str, R)],
    ),
    m(
        "describe_splits",
        "describe_splits_args",
        &[
            f(1, "start_token", Ty::Str, R),
            f(2, "end_token", Ty::Str, R),
            f(3, "keys_per_split", Ty::I32, R),
        ],
    ),
];

/// The method of this name, if the 0.6 API has one.
pub fn method(name: &str) -> Option<&'static Method> {
    METHODS.iter().find(|m| m.name == name)
}

/// The Java name of a ConsistencyLevel value, or None for values 0.6 does not define.
pub fn cl_name(v: i32) -> Option<&'static str> {
    Some(match v {
        0 => "ZERO",
        1 => "ONE",
        2 => "QUORUM",
        3 => "DCQUORUM",
        4 => "DCQUORUMSYNC",
        5 => "ALL",
        6 => "ANY",
        _ => return None,
    })
}
