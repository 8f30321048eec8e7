//! The 0.6 IDL (API 2.2.0) as data: every argument struct and the structs they
//! contain, with field ids, names, wire types, requiredness and defaults.
//!
//! The generated code in `thrift::gen` decodes and encodes; this table exists
//! because Cassandra's Java stubs had observable semantics the generated Rust
//! code does not reproduce (wrong-typed fields skipped, unknown enum values
//! read as null, required-field errors quoting the struct's `toString`). It is
//! checked against the generated code by the tests in `api2::javaread`.
//! Each method's row (see [`Method`]) is the 0.6 method table.

use crate::release::methods as M;
use crate::thrift::wire::idl::{f, fd};
use crate::thrift::wire::idl::{Default, Field, Req, StructDesc, Ty};
use crate::thrift::wire::located::At::*;
use crate::thrift::wire::located::{at, Level, Where};

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

/// One service method: a row of the 0.6 method table. It points at the
/// method's name, kind and stage (`release::methods`) and adds this
/// generation's argument struct, where the arguments name a keyspace,
/// column families, row keys and a consistency level (read by the call
/// observers and the hand-off), and whether the call needs a login on the
/// keyspace it names (0.6's `checkLoginDone`, read by the handler). A unit
/// test checks the table against `idl/cassandra-0.6.thrift` and the
/// releases.
#[derive(Debug)]
pub struct Method {
    pub method: &'static M::Method,
    pub args: StructDesc,
    pub at: Where,
    /// The call needs a login on the keyspace its first argument names.
    pub keyspace_login: bool,
}

impl Method {
    pub fn name(&self) -> &'static str {
        self.method.name
    }
}

const KEYSPACE_LOGIN: bool = true;
const NO_LOGIN: bool = false;

const fn m(
    method: &'static M::Method,
    args_name: &'static str,
    fields: &'static [Field],
    at: Where,
    keyspace_login: bool,
) -> Method {
    Method {
        method,
        args: StructDesc {
            name: args_name,
            fields,
        },
        at,
        keyspace_login,
    }
}

pub static LOGIN: Method = m(
    &M::LOGIN,
    "login_args",
    &[
        f(1, "keyspace", Ty::Str, R),
        f(2, "auth_request", Ty::Struct(&AUTH_REQUEST), R),
    ],
    at(Some(Arg(1)), None, None, None),
    NO_LOGIN,
);

pub static GET: Method = m(
    &M::GET,
    "get_args",
    &[
        f(1, "keyspace", Ty::Str, R),
        f(2, "key", Ty::Str, R),
        f(3, "column_path", Ty::Struct(&COLUMN_PATH), R),
        cl(4),
    ],
    at(
        Some(Arg(1)),
        Some(Parent(3)),
        Some(Arg(2)),
        Some(Level::Arg(4, None)),
    ),
    KEYSPACE_LOGIN,
);

pub static GET_SLICE: Method = m(
    &M::GET_SLICE,
    "get_slice_args",
    &[
        f(1, "keyspace", Ty::Str, R),
        f(2, "key", Ty::Str, R),
        f(3, "column_parent", Ty::Struct(&COLUMN_PARENT), R),
        f(4, "predicate", Ty::Struct(&SLICE_PREDICATE), R),
        cl(5),
    ],
    at(
        Some(Arg(1)),
        Some(Parent(3)),
        Some(Arg(2)),
        Some(Level::Arg(5, None)),
    ),
    KEYSPACE_LOGIN,
);

pub static MULTIGET: Method = m(
    &M::MULTIGET,
    "multiget_args",
    &[
        f(1, "keyspace", Ty::Str, R),
        f(2, "keys", Ty::List(&Ty::Str), R),
        f(3, "column_path", Ty::Struct(&COLUMN_PATH), R),
        cl(4),
    ],
    at(
        Some(Arg(1)),
        Some(Parent(3)),
        Some(List(2)),
        Some(Level::Arg(4, None)),
    ),
    KEYSPACE_LOGIN,
);

pub static MULTIGET_SLICE: Method = m(
    &M::MULTIGET_SLICE,
    "multiget_slice_args",
    &[
        f(1, "keyspace", Ty::Str, R),
        f(2, "keys", Ty::List(&Ty::Str), R),
        f(3, "column_parent", Ty::Struct(&COLUMN_PARENT), R),
        f(4, "predicate", Ty::Struct(&SLICE_PREDICATE), R),
        cl(5),
    ],
    at(
        Some(Arg(1)),
        Some(Parent(3)),
        Some(List(2)),
        Some(Level::Arg(5, None)),
    ),
    KEYSPACE_LOGIN,
);

pub static GET_COUNT: Method = m(
    &M::GET_COUNT,
    "get_count_args",
    &[
        f(1, "keyspace", Ty::Str, R),
        f(2, "key", Ty::Str, R),
        f(3, "column_parent", Ty::Struct(&COLUMN_PARENT), R),
        cl(4),
    ],
    at(
        Some(Arg(1)),
        Some(Parent(3)),
        Some(Arg(2)),
        Some(Level::Arg(4, None)),
    ),
    KEYSPACE_LOGIN,
);

pub static GET_RANGE_SLICE: Method = m(
    &M::GET_RANGE_SLICE,
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
    at(
        Some(Arg(1)),
        Some(Parent(2)),
        None,
        Some(Level::Arg(7, None)),
    ),
    KEYSPACE_LOGIN,
);

pub static GET_RANGE_SLICES: Method = m(
    &M::GET_RANGE_SLICES,
    "get_range_slices_args",
    &[
        f(1, "keyspace", Ty::Str, R),
        f(2, "column_parent", Ty::Struct(&COLUMN_PARENT), R),
        f(3, "predicate", Ty::Struct(&SLICE_PREDICATE), R),
        f(4, "range", Ty::Struct(&KEY_RANGE), R),
        cl(5),
    ],
    at(
        Some(Arg(1)),
        Some(Parent(2)),
        None,
        Some(Level::Arg(5, None)),
    ),
    KEYSPACE_LOGIN,
);

pub static INSERT: Method = m(
    &M::INSERT,
    "insert_args",
    &[
        f(1, "keyspace", Ty::Str, R),
        f(2, "key", Ty::Str, R),
        f(3, "column_path", Ty::Struct(&COLUMN_PATH), R),
        f(4, "value", Ty::Bin, R),
        f(5, "timestamp", Ty::I64, R),
        cl(6),
    ],
    at(
        Some(Arg(1)),
        Some(Parent(3)),
        Some(Arg(2)),
        Some(Level::Arg(6, None)),
    ),
    KEYSPACE_LOGIN,
);

pub static BATCH_INSERT: Method = m(
    &M::BATCH_INSERT,
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
    at(
        Some(Arg(1)),
        Some(Keys(3)),
        Some(Arg(2)),
        Some(Level::Arg(4, None)),
    ),
    KEYSPACE_LOGIN,
);

pub static REMOVE: Method = m(
    &M::REMOVE,
    "remove_args",
    &[
        f(1, "keyspace", Ty::Str, R),
        f(2, "key", Ty::Str, R),
        f(3, "column_path", Ty::Struct(&COLUMN_PATH), R),
        f(4, "timestamp", Ty::I64, R),
        fd(5, "consistency_level", CL_TY, P, Default::Enum(1)),
    ],
    at(
        Some(Arg(1)),
        Some(Parent(3)),
        Some(Arg(2)),
        Some(Level::Arg(5, Some(1))),
    ),
    KEYSPACE_LOGIN,
);

pub static BATCH_MUTATE: Method = m(
    &M::BATCH_MUTATE,
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
    at(
        Some(Arg(1)),
        Some(InnerKeys(2)),
        Some(Keys(2)),
        Some(Level::Arg(3, None)),
    ),
    KEYSPACE_LOGIN,
);

pub static GET_STRING_PROPERTY: Method = m(
    &M::GET_STRING_PROPERTY,
    "get_string_property_args",
    &[f(1, "property", Ty::Str, R)],
    at(None, None, None, None),
    NO_LOGIN,
);

pub static GET_STRING_LIST_PROPERTY: Method = m(
    &M::GET_STRING_LIST_PROPERTY,
    "get_string_list_property_args",
    &[f(1, "property", Ty::Str, R)],
    at(None, None, None, None),
    NO_LOGIN,
);

pub static DESCRIBE_KEYSPACES: Method = m(
    &M::DESCRIBE_KEYSPACES,
    "describe_keyspaces_args",
    &[],
    at(None, None, None, None),
    NO_LOGIN,
);

pub static DESCRIBE_CLUSTER_NAME: Method = m(
    &M::DESCRIBE_CLUSTER_NAME,
    "describe_cluster_name_args",
    &[],
    at(None, None, None, None),
    NO_LOGIN,
);

pub static DESCRIBE_VERSION: Method = m(
    &M::DESCRIBE_VERSION,
    "describe_version_args",
    &[],
    at(None, None, None, None),
    NO_LOGIN,
);

pub static DESCRIBE_RING: Method = m(
    &M::DESCRIBE_RING,
    "describe_ring_args",
    &[f(1, "keyspace", Ty::Str, R)],
    at(Some(Arg(1)), None, None, None),
    NO_LOGIN,
);

pub static DESCRIBE_PARTITIONER: Method = m(
    &M::DESCRIBE_PARTITIONER,
    "describe_partitioner_args",
    &[],
    at(None, None, None, None),
    NO_LOGIN,
);

pub static DESCRIBE_KEYSPACE: Method = m(
    &M::DESCRIBE_KEYSPACE,
    "describe_keyspace_args",
    &[f(1, "keyspace", Ty::Str, R)],
    at(Some(Arg(1)), None, None, None),
    NO_LOGIN,
);

pub static DESCRIBE_SPLITS: Method = m(
    &M::DESCRIBE_SPLITS,
    "describe_splits_args",
    &[
        f(1, "start_token", Ty::Str, R),
        f(2, "end_token", Ty::Str, R),
        f(3, "keys_per_split", Ty::I32, R),
    ],
    at(None, None, None, None),
    NO_LOGIN,
);

/// Every 0.6 method, in the IDL's order.
pub static METHODS: &[&Method] = &[
    &LOGIN,
    &GET,
    &GET_SLICE,
    &MULTIGET,
    &MULTIGET_SLICE,
    &GET_COUNT,
    &GET_RANGE_SLICE,
    &GET_RANGE_SLICES,
    &INSERT,
    &BATCH_INSERT,
    &REMOVE,
    &BATCH_MUTATE,
    &GET_STRING_PROPERTY,
    &GET_STRING_LIST_PROPERTY,
    &DESCRIBE_KEYSPACES,
    &DESCRIBE_CLUSTER_NAME,
    &DESCRIBE_VERSION,
    &DESCRIBE_RING,
    &DESCRIBE_PARTITIONER,
    &DESCRIBE_KEYSPACE,
    &DESCRIBE_SPLITS,
];

/// The method of this name, if the 0.6 API has one.
pub fn method(name: &str) -> Option<&'static Method> {
    METHODS.iter().copied().find(|m| m.name() == name)
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
