//! CQL3 types: their names, the marshal classes behind them, and how a
//! literal or a bound value becomes bytes for a column of that type.
//!
//! Owns the CQL name ↔ `org.apache.cassandra.db.marshal.*` mapping as 1.2
//! used it (`timestamp` is `DateType`, `varchar` is `UTF8Type`), which
//! constant kinds a type accepts (with Cassandra's "Invalid STRING constant
//! (x) for c of type int" messages), and the serialized form of whole
//! collections (the u16-count form CQL results carry). It must not know
//! tables or cells.

use super::ast::{Constant, ConstantKind, TypeExpr};
use super::error::{CqlError, CqlResult};
use crate::marshal::{
    bytes_to_hex, parse_type, AbstractType, CollectionKind, TupleKind, TypeRef, MARSHAL_PACKAGE,
};
use std::cmp::Ordering;
use std::sync::OnceLock;

/// A native (non-collection) CQL3 type.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Native {
    Ascii,
    Bigint,
    Blob,
    Boolean,
    Counter,
    Decimal,
    Double,
    Float,
    Inet,
    Int,
    Text,
    Timestamp,
    /// 2.0's `timestamp`: TimestampType, which orders by the signed value
    /// (1.2's DateType compared the bytes). Tables made under a claim of
    /// 2.0 or later get it (see [`CqlType::with_signed_timestamps`]).
    SignedTimestamp,
    Timeuuid,
    Uuid,
    Varint,
    /// 2.2's `date` (SimpleDateType), `time` (TimeType), `smallint`
    /// (ShortType) and `tinyint` (ByteType): names only a 2.2 grammar
    /// knows (see [`Native::from_name_22`]).
    Date,
    Time,
    Smallint,
    Tinyint,
    /// 3.10's `duration` (DurationType): a name only a 3.10 grammar knows
    /// (see [`Native::from_name_310`]).
    Duration,
}

/// The types 2.2 added: before it their names were a user type's or unknown.
const SINCE_22: [Native; 4] = [
    Native::Date,
    Native::Time,
    Native::Smallint,
    Native::Tinyint,
];

const NATIVES: &[(Native, &str, &str)] = &[
    (Native::Ascii, "ascii", "AsciiType"),
    (Native::Bigint, "bigint", "LongType"),
    (Native::Blob, "blob", "BytesType"),
    (Native::Boolean, "boolean", "BooleanType"),
    (Native::Counter, "counter", "CounterColumnType"),
    (Native::Decimal, "decimal", "DecimalType"),
    (Native::Double, "double", "DoubleType"),
    (Native::Float, "float", "FloatType"),
    (Native::Inet, "inet", "InetAddressType"),
    (Native::Int, "int", "Int32Type"),
    (Native::Text, "text", "UTF8Type"),
    (Native::Timestamp, "timestamp", "DateType"),
    (Native::SignedTimestamp, "timestamp", "TimestampType"),
    (Native::Timeuuid, "timeuuid", "TimeUUIDType"),
    (Native::Uuid, "uuid", "UUIDType"),
    (Native::Varint, "varint", "IntegerType"),
    (Native::Date, "date", "SimpleDateType"),
    (Native::Time, "time", "TimeType"),
    (Native::Smallint, "smallint", "ShortType"),
    (Native::Tinyint, "tinyint", "ByteType"),
    (Native::Duration, "duration", "DurationType"),
];

impl Native {
    /// Parses a CQL name of 1.2 to 2.1 (`varchar` is an alias of `text`).
    pub fn from_name(name: &str) -> Option<Native> {
        Self::from_name_22(name).filter(|t| !SINCE_22.contains(t))
    }
    /// Parses a CQL name of 2.2 to 3.9: [`Native::from_name`]'s and 2.2's types.
    pub fn from_name_22(name: &str) -> Option<Native> {
        Self::from_name_310(name).filter(|t| *t != Native::Duration)
    }
    /// Parses a CQL name of 3.10 on: [`Native::from_name_22`]'s and `duration`.
    pub fn from_name_310(name: &str) -> Option<Native> {
        let name = name.to_ascii_lowercase();
        if name == "varchar" {
            return Some(Native::Text);
        }
        NATIVES
            .iter()
            .find(|(_, n, _)| *n == name)
            .map(|(t, _, _)| *t)
    }
    /// Whether 2.2 or later added this type (its name a user type's before).
    pub fn is_since_22(self) -> bool {
        SINCE_22.contains(&self) || self == Native::Duration
    }
    pub fn name(self) -> &'static str {
        NATIVES
            .iter()
            .find(|(t, _, _)| *t == self)
            .map(|(_, n, _)| *n)
            .unwrap_or("blob")
    }
    /// The type of `token(...)` under `partitioner` (1.2's token validator).
    pub fn of_token(partitioner: &dyn crate::partitioner::Partitioner) -> Native {
        let class = partitioner.token_validator();
        NATIVES
            .iter()
            .find(|(_, _, c)| *c == class)
            .map(|(t, _, _)| *t)
            .unwrap_or(Native::Blob)
    }
    /// The short marshal class name, e.g. `Int32Type`.
    pub fn short_class(self) -> &'static str {
        NATIVES
            .iter()
            .find(|(t, _, _)| *t == self)
            .map(|(_, _, c)| *c)
            .unwrap_or("BytesType")
    }
    fn from_short_class(short: &str) -> Option<Native> {
        NATIVES
            .iter()
            .find(|(_, _, c)| *c == short)
            .map(|(t, _, _)| *t)
    }

    /// Whether a constant of `kind` may be assigned to this type (1.2 rules).
    pub fn accepts(self, kind: ConstantKind) -> bool {
        use Native::*;
        match kind {
            ConstantKind::String => {
                matches!(
                    self,
                    Ascii | Text | Inet | Timestamp | SignedTimestamp | Date | Time
                )
            }
            // (3.10's duration took an integer's text, and refused it as
            // no duration: see `DurationType`.)
            ConstantKind::Integer => matches!(
                self,
                Duration
                    | Bigint
                    | Counter
                    | Decimal
                    | Double
                    | Float
                    | Int
                    | Timestamp
                    | SignedTimestamp
                    | Varint
                    | Date
                    | Smallint
                    | Tinyint
            ),
            ConstantKind::Uuid => matches!(self, Uuid | Timeuuid),
            ConstantKind::Float => matches!(self, Decimal | Double | Float),
            ConstantKind::Boolean => self == Boolean,
            ConstantKind::Hex => self == Blob,
            ConstantKind::Duration => self == Duration,
            ConstantKind::BetaText => true,
        }
    }
}

/// A CQL3 column type.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum CqlType {
    Native(Native),
    List(Box<CqlType>),
    Set(Box<CqlType>),
    Map(Box<CqlType>, Box<CqlType>),
    /// A type given by its marshal class name.
    Custom(String),
    /// 2.1's `tuple<A, B>` (always frozen).
    Tuple(Vec<CqlType>),
    /// 2.1's user type (frozen), or 3.6's kept field by field (see
    /// [`UserTypeDef::multi_cell`]): its keyspace, name and fields.
    User(UserTypeDef),
    /// 2.1's `frozen<collection>`: the collection in one cell.
    Frozen(Box<CqlType>),
}

/// A user type as 2.1's `UserType` described it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct UserTypeDef {
    pub keyspace: String,
    pub name: String,
    pub fields: Vec<(String, CqlType)>,
    /// 3.6's user type that is not frozen (a column's only): each field a
    /// cell of its own, named by the field's position as a short.
    pub multi_cell: bool,
}

impl UserTypeDef {
    /// The type of the field `name`.
    pub fn field(&self, name: &str) -> Option<&CqlType> {
        self.fields.iter().find(|(f, _)| f == name).map(|(_, t)| t)
    }
    /// The position of the field `name`.
    pub fn position(&self, name: &str) -> Option<usize> {
        self.fields.iter().position(|(f, _)| f == name)
    }
    /// The cell path of the field at `position` (3.11's
    /// `UserType.cellPathForField`: the position as a short, which lets a
    /// field be renamed).
    pub fn field_path(position: usize) -> Vec<u8> {
        (position as u16).to_be_bytes().to_vec()
    }
}

impl CqlType {
    /// From the parsed type; unknown names get 1.2's message.
    pub fn from_expr(expr: &TypeExpr) -> CqlResult<CqlType> {
        Ok(match expr {
            TypeExpr::Native(n) => CqlType::Native(
                Native::from_name(n)
                    .ok_or_else(|| CqlError::invalid(format!("Unknown type {n}")))?,
            ),
            TypeExpr::List(t) => CqlType::List(Box::new(Self::element(t, "list")?)),
            TypeExpr::Set(t) => CqlType::Set(Box::new(Self::element(t, "set")?)),
            TypeExpr::Map(k, v) => CqlType::Map(
                Box::new(Self::element(k, "map")?),
                Box::new(Self::element(v, "map")?),
            ),
            TypeExpr::Custom(c) => {
                let t = parse_type(c).map_err(|e| CqlError::invalid(e.0))?;
                Self::from_marshal(t.as_ref())?
            }
            // 2.1's CQL3Type.Raw.RawTuple: its elements frozen.
            TypeExpr::Tuple(items) => CqlType::Tuple(
                items
                    .iter()
                    .map(|t| Self::from_expr(t).map(CqlType::freeze))
                    .collect::<CqlResult<_>>()?,
            ),
            TypeExpr::Frozen(inner) => Self::from_expr_frozen(inner)?,
        })
    }

    /// `frozen<T>`: a collection kept whole (its elements frozen too);
    /// a tuple or user type is frozen already.
    fn from_expr_frozen(inner: &TypeExpr) -> CqlResult<CqlType> {
        let t = match inner {
            TypeExpr::List(t) => CqlType::List(Box::new(Self::from_expr(t)?.freeze())),
            TypeExpr::Set(t) => CqlType::Set(Box::new(Self::from_expr(t)?.freeze())),
            TypeExpr::Map(k, v) => CqlType::Map(
                Box::new(Self::from_expr(k)?.freeze()),
                Box::new(Self::from_expr(v)?.freeze()),
            ),
            // 2.1's CQL3Type.Raw.freeze of a native type (a name that is
            // not one is a user type's).
            TypeExpr::Native(n) if Native::from_name(n).is_some() => {
                return Err(CqlError::invalid(format!(
                    "frozen<> is only allowed on collections, tuples, and user-defined types \
                     (got {})",
                    n.to_lowercase()
                )));
            }
            other => Self::from_expr(other)?,
        };
        Ok(t.freeze())
    }

    /// This type frozen: a collection becomes [`CqlType::Frozen`].
    pub fn freeze(self) -> CqlType {
        if self.is_collection() {
            CqlType::Frozen(Box::new(self))
        } else {
            self
        }
    }

    /// A collection's element type (1.2-2.0's `CQL3Type.Collection`
    /// checks; 2.1's are made before, see `exec::usertypes`).
    fn element(expr: &TypeExpr, kind: &str) -> CqlResult<CqlType> {
        let t = Self::from_expr(expr)?;
        if t.is_collection() {
            return Err(CqlError::invalid(format!(
                "{kind} type cannot contain another collection"
            )));
        }
        if let CqlType::Frozen(_) = t {
            return Ok(t);
        }
        if t == CqlType::Native(Native::Counter) {
            // 1.2's and 2.0's `CQL3Type.Collection` words (lower case).
            return Err(CqlError::invalid(
                "counters are not allowed inside a collection",
            ));
        }
        Ok(t)
    }

    /// From a marshal type (schema reload): the inverse of [`CqlType::class_name`].
    pub fn from_marshal(t: &dyn AbstractType) -> CqlResult<CqlType> {
        if let Some(inner) = t.frozen() {
            return Ok(CqlType::Frozen(Box::new(Self::from_marshal(
                inner.as_ref(),
            )?)));
        }
        if let Some(tuple) = t.tuple() {
            let types = tuple
                .types()
                .iter()
                .map(|t| Self::from_marshal(t.as_ref()))
                .collect::<CqlResult<Vec<_>>>()?;
            return Ok(match tuple.kind() {
                TupleKind::Tuple => CqlType::Tuple(types),
                TupleKind::User {
                    keyspace,
                    name,
                    fields,
                    multi_cell,
                } => {
                    let utf8 = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
                    CqlType::User(UserTypeDef {
                        keyspace: keyspace.clone(),
                        name: utf8(name),
                        fields: fields.iter().map(|f| utf8(f)).zip(types).collect(),
                        multi_cell: *multi_cell,
                    })
                }
            });
        }
        if let Some(c) = t.collection() {
            let name = t.class_name();
            let inner = |i: usize| -> CqlResult<Box<CqlType>> {
                let params = params_of(&name);
                let p = params
                    .get(i)
                    .ok_or_else(|| CqlError::invalid(format!("bad collection type {name}")))?;
                let pt = parse_type(p).map_err(|e| CqlError::invalid(e.0))?;
                Ok(Box::new(Self::from_marshal(pt.as_ref())?))
            };
            return Ok(match c.kind() {
                CollectionKind::List => CqlType::List(inner(0)?),
                CollectionKind::Set => CqlType::Set(inner(0)?),
                CollectionKind::Map => CqlType::Map(inner(0)?, inner(1)?),
            });
        }
        let class = t.class_name();
        let short = class.strip_prefix(MARSHAL_PACKAGE).unwrap_or(&class);
        Ok(match Native::from_short_class(short) {
            Some(n) => CqlType::Native(n),
            None => CqlType::Custom(class),
        })
    }

    /// This type with 2.0's `timestamp` (TimestampType) for 1.2's
    /// (DateType), in collections too: the type a table created under a
    /// claim of 2.0 or later gets (2.0's `CQL3Type.Native.TIMESTAMP`).
    pub fn with_signed_timestamps(self) -> CqlType {
        let inner = |t: Box<CqlType>| Box::new(t.with_signed_timestamps());
        match self {
            CqlType::Native(Native::Timestamp) => CqlType::Native(Native::SignedTimestamp),
            CqlType::List(t) => CqlType::List(inner(t)),
            CqlType::Set(t) => CqlType::Set(inner(t)),
            CqlType::Map(k, v) => CqlType::Map(inner(k), inner(v)),
            CqlType::Frozen(t) => CqlType::Frozen(inner(t)),
            CqlType::Tuple(ts) => {
                CqlType::Tuple(ts.into_iter().map(|t| t.with_signed_timestamps()).collect())
            }
            CqlType::User(mut u) => {
                u.fields = u
                    .fields
                    .into_iter()
                    .map(|(f, t)| (f, t.with_signed_timestamps()))
                    .collect();
                CqlType::User(u)
            }
            other => other,
        }
    }

    pub fn is_collection(&self) -> bool {
        matches!(self, CqlType::List(_) | CqlType::Set(_) | CqlType::Map(..))
    }
    /// 3.6's user type that is not frozen (its fields' cells).
    pub fn is_multi_cell_user(&self) -> bool {
        matches!(self, CqlType::User(u) if u.multi_cell)
    }
    pub fn is_counter(&self) -> bool {
        *self == CqlType::Native(Native::Counter)
    }
    /// Whether this is or holds 3.10's `duration` (its `referencesDuration`:
    /// no key part, no slice restriction may be one).
    pub fn references_duration(&self) -> bool {
        match self {
            CqlType::Native(n) => *n == Native::Duration,
            CqlType::List(t) | CqlType::Set(t) | CqlType::Frozen(t) => t.references_duration(),
            // (A map's keys cannot be durations.)
            CqlType::Map(_, v) => v.references_duration(),
            CqlType::Tuple(ts) => ts.iter().any(CqlType::references_duration),
            CqlType::User(u) => u.fields.iter().any(|(_, t)| t.references_duration()),
            CqlType::Custom(c) => c.contains("DurationType"),
        }
    }

    /// The full marshal class name, e.g.
    /// `org.apache.cassandra.db.marshal.MapType(org...UTF8Type,org...Int32Type)`.
    pub fn class_name(&self) -> String {
        match self {
            CqlType::Native(n) => format!("{MARSHAL_PACKAGE}{}", n.short_class()),
            CqlType::List(t) => format!("{MARSHAL_PACKAGE}ListType({})", t.class_name()),
            CqlType::Set(t) => format!("{MARSHAL_PACKAGE}SetType({})", t.class_name()),
            CqlType::Map(k, v) => format!(
                "{MARSHAL_PACKAGE}MapType({},{})",
                k.class_name(),
                v.class_name()
            ),
            CqlType::Custom(c) => c.clone(),
            // A component's freezing is implicit in its name (2.1's
            // `toString(true)`; see `marshal::without_frozen`).
            CqlType::Tuple(ts) => {
                let inner: Vec<String> = ts
                    .iter()
                    .map(|t| crate::marshal::without_frozen(&t.class_name()))
                    .collect();
                format!("{MARSHAL_PACKAGE}TupleType({})", inner.join(","))
            }
            CqlType::User(u) => {
                let mut parts = vec![u.keyspace.clone(), bytes_to_hex(u.name.as_bytes())];
                for (f, t) in &u.fields {
                    parts.push(format!(
                        "{}:{}",
                        bytes_to_hex(f.as_bytes()),
                        crate::marshal::without_frozen(&t.class_name())
                    ));
                }
                let class = match u.multi_cell {
                    true => crate::marshal::MULTI_CELL_USER_TYPE,
                    false => "UserType",
                };
                format!("{MARSHAL_PACKAGE}{class}({})", parts.join(","))
            }
            // Within a frozen collection a nested one's freezing is implicit
            // too (2.1's `toString(ignoreFreezing || !isMultiCell)`).
            CqlType::Frozen(t) => format!(
                "{MARSHAL_PACKAGE}FrozenType({})",
                crate::marshal::without_frozen(&t.class_name())
            ),
        }
    }

    /// The marshal type object.
    pub fn marshal(&self) -> TypeRef {
        // Every name built by class_name() is one the registry knows, so a
        // failure here is a bug in this file, not bad input; fall back to bytes.
        let parse = || {
            parse_type(&self.class_name())
                .unwrap_or_else(|_| parse_type("BytesType").expect("BytesType is built in"))
        };
        match self {
            // Made once: every bound value is validated through its type, and
            // making one formats and parses its class name.
            CqlType::Native(n) => {
                static MADE: [OnceLock<TypeRef>; NATIVES.len()] =
                    [const { OnceLock::new() }; NATIVES.len()];
                let at = NATIVES.iter().position(|(m, _, _)| m == n);
                match at.and_then(|i| MADE.get(i)) {
                    Some(made) => made.get_or_init(parse).clone(),
                    None => parse(),
                }
            }
            _ => parse(),
        }
    }

    /// The CQL spelling used in messages: `int`, `map<text, int>`.
    pub fn cql_name(&self) -> String {
        match self {
            CqlType::Native(n) => n.name().to_string(),
            CqlType::List(t) => format!("list<{}>", t.cql_name()),
            CqlType::Set(t) => format!("set<{}>", t.cql_name()),
            CqlType::Map(k, v) => format!("map<{}, {}>", k.cql_name(), v.cql_name()),
            CqlType::Custom(c) => format!("'{c}'"),
            CqlType::Tuple(ts) => {
                let inner: Vec<String> = ts.iter().map(CqlType::cql_name).collect();
                format!("tuple<{}>", inner.join(", "))
            }
            CqlType::User(u) => u.name.clone(),
            CqlType::Frozen(t) => format!("frozen<{}>", t.cql_name()),
        }
    }

    /// The spelling 3.x's `CQL3Type.toString` gave (`system_schema`'s
    /// column types, its refusals): a user type or tuple that is not
    /// multi-cell inside `frozen<..>`, as frozen collections are, at any
    /// depth.
    pub fn cql_name_3x(&self) -> String {
        let all = |ts: &[CqlType]| {
            ts.iter()
                .map(CqlType::cql_name_3x)
                .collect::<Vec<_>>()
                .join(", ")
        };
        match self {
            CqlType::User(u) if !u.multi_cell => format!("frozen<{}>", u.name),
            CqlType::Tuple(ts) => format!("frozen<tuple<{}>>", all(ts)),
            CqlType::List(t) => format!("list<{}>", t.cql_name_3x()),
            CqlType::Set(t) => format!("set<{}>", t.cql_name_3x()),
            CqlType::Map(k, v) => format!("map<{}, {}>", k.cql_name_3x(), v.cql_name_3x()),
            CqlType::Frozen(t) => format!("frozen<{}>", t.cql_name_3x()),
            _ => self.cql_name(),
        }
    }

    /// Serializes a constant for a column named `column` of this type.
    pub fn constant_to_bytes(&self, c: &Constant, column: &str) -> CqlResult<Vec<u8>> {
        let wrong = || {
            CqlError::invalid(format!(
                "Invalid {} constant ({}) for {} of type {}",
                c.kind.name(),
                c.text,
                column,
                self.cql_name()
            ))
        };
        let native = match self {
            CqlType::Native(n) => *n,
            CqlType::Custom(class) => {
                let t = parse_type(class).map_err(|e| CqlError::invalid(e.0))?;
                return t.from_string(&c.text).map_err(|e| CqlError::invalid(e.0));
            }
            _ => return Err(wrong()),
        };
        if !native.accepts(c.kind) {
            return Err(wrong());
        }
        let text = match c.kind {
            ConstantKind::Hex => &c.text[2..],
            _ => c.text.as_str(),
        };
        let t = self.marshal();
        let bytes = t.from_string(text).map_err(|e| CqlError::invalid(e.0))?;
        if native == Native::Timeuuid && bytes.len() == 16 && bytes[6] >> 4 != 1 {
            return Err(CqlError::invalid(format!(
                "Unsupported UUID version for timeuuid: {}",
                c.text
            )));
        }
        Ok(bytes)
    }

    /// Orders two serialized values of this type.
    pub fn compare(&self, a: &[u8], b: &[u8]) -> Ordering {
        self.marshal().compare(a, b)
    }
}

/// The top-level parameters of `Name(A,B(C,D),E)`.
fn params_of(class: &str) -> Vec<String> {
    let Some(open) = class.find('(') else {
        return Vec::new();
    };
    let inner = &class[open + 1..class.len().saturating_sub(1)];
    let mut out = Vec::new();
    let (mut depth, mut cur) = (0, String::new());
    for ch in inner.chars() {
        match ch {
            '(' => depth += 1,
            ')' => depth -= 1,
            ',' if depth == 0 => {
                out.push(std::mem::take(&mut cur));
                continue;
            }
            _ => {}
        }
        cur.push(ch);
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

/// A typed value ready to store: a single value or collection elements
/// (sets sorted and de-duplicated, maps sorted by key with the last
/// duplicate winning, as Cassandra builds them).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CqlValue {
    Null,
    Bytes(Vec<u8>),
    List(Vec<Vec<u8>>),
    Set(Vec<Vec<u8>>),
    Map(Vec<(Vec<u8>, Vec<u8>)>),
}

/// The u16-count form of a collection: `count, (len, bytes)*` (maps
/// alternate keys and values). This is what CQL result rows carry.
pub fn serialize_collection(items: &[&[u8]], entries: usize) -> Vec<u8> {
    let mut out = Vec::new();
    out.extend_from_slice(&(entries.min(u16::MAX as usize) as u16).to_be_bytes());
    for item in items {
        out.extend_from_slice(&(item.len().min(u16::MAX as usize) as u16).to_be_bytes());
        out.extend_from_slice(item);
    }
    out
}

/// Reads the u16-count form back into elements (`pairs` for maps).
pub fn deserialize_collection(value: &[u8], pairs: bool) -> CqlResult<Vec<Vec<u8>>> {
    let bad = || {
        CqlError::invalid(format!(
            "Invalid collection value 0x{}",
            bytes_to_hex(value)
        ))
    };
    if value.len() < 2 {
        return Err(bad());
    }
    let n = u16::from_be_bytes([value[0], value[1]]) as usize * if pairs { 2 } else { 1 };
    let mut rest = &value[2..];
    // Each element takes at least its 2-byte length: never reserve more.
    let mut out = Vec::with_capacity(n.min(rest.len() / 2));
    for _ in 0..n {
        if rest.len() < 2 {
            return Err(bad());
        }
        let len = u16::from_be_bytes([rest[0], rest[1]]) as usize;
        if rest.len() < 2 + len {
            return Err(bad());
        }
        out.push(rest[2..2 + len].to_vec());
        rest = &rest[2 + len..];
    }
    if !rest.is_empty() {
        return Err(bad());
    }
    Ok(out)
}

#[cfg(test)]
#[path = "types_tests.rs"]
mod tests;
