//! An IDL as data, the way Cassandra's Java stubs saw it: field ids, names,
//! wire types, requiredness and defaults. The 0.6 table (`api2::idl`) and the
//! 19.x one (`api19::idl`) are written in these terms; each generation's
//! reader (`api2::javaread`, `api19::javaargs`) gives them that generation's
//! Java semantics. Owns the shape only: nothing here reads the wire or knows
//! either API's structs.

use crate::thrift::wire::ttype;

/// A field's declared type.
#[derive(Debug)]
pub enum Ty {
    Bool,
    I32,
    I64,
    /// Thrift `double`: a Java `double` (0.7 to 1.0's CfDef caches and chances).
    Double,
    /// Thrift `string`: a Java `String` (UTF-8 decoded, lossy).
    Str,
    /// Thrift `binary`: a `byte[]` (0.6) or a `ByteBuffer` over the frame (19.x).
    Bin,
    /// An enum (an i32 on the wire): the Java names of its values, `None`
    /// for a value the generation does not define.
    Enum(fn(i32) -> Option<&'static str>),
    Struct(&'static StructDesc),
    List(&'static Ty),
    Set(&'static Ty),
    Map(&'static Ty, &'static Ty),
}

impl Ty {
    /// The wire type code a field of this type must carry.
    pub fn wire(&self) -> u8 {
        match self {
            Ty::Bool => ttype::BOOL,
            Ty::I32 | Ty::Enum(_) => ttype::I32,
            Ty::I64 => ttype::I64,
            Ty::Double => ttype::DOUBLE,
            Ty::Str | Ty::Bin => ttype::STRING,
            Ty::Struct(_) => ttype::STRUCT,
            Ty::List(_) => ttype::LIST,
            Ty::Set(_) => ttype::SET,
            Ty::Map(..) => ttype::MAP,
        }
    }

    /// Java primitives (checked with "not found in serialized data") versus objects.
    pub fn is_primitive(&self) -> bool {
        matches!(self, Ty::Bool | Ty::I32 | Ty::I64 | Ty::Double)
    }
}

/// A default value from the IDL (`=100`, `=ONE`, `=""`), which the Java
/// constructor set: an absent enum field is then not null, and an absent
/// primitive shows it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Default {
    None,
    Bool(bool),
    I32(i32),
    Double(f64),
    Str(&'static str),
    /// An enum's value by number.
    Enum(i32),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Req {
    Required,
    Optional,
    /// Neither keyword: always serialized and printed, never checked.
    Plain,
}

#[derive(Debug)]
pub struct Field {
    pub id: i16,
    pub name: &'static str,
    pub ty: Ty,
    pub req: Req,
    pub default: Default,
}

/// A struct: its Java name and fields in IDL order.
#[derive(Debug)]
pub struct StructDesc {
    pub name: &'static str,
    pub fields: &'static [Field],
}

/// A struct from its name and fields.
pub const fn sd(name: &'static str, fields: &'static [Field]) -> StructDesc {
    StructDesc { name, fields }
}

/// A field without a default.
pub const fn f(id: i16, name: &'static str, ty: Ty, req: Req) -> Field {
    fd(id, name, ty, req, Default::None)
}

/// A field with the IDL's default.
pub const fn fd(id: i16, name: &'static str, ty: Ty, req: Req, default: Default) -> Field {
    Field {
        id,
        name,
        ty,
        req,
        default,
    }
}
