//! The types whose bytes are a number: Int32Type, IntegerType (varint),
//! LongType and CounterColumnType, FloatType and DoubleType, DecimalType,
//! and the two stored as one: BooleanType (a byte) and DateType /
//! TimestampType (a long of milliseconds). Each file owns one type's
//! comparison, validation and string form; the shared number helpers
//! (Java's long parsing, IEEE comparison) live with LongType and DoubleType.

pub(super) mod boolean;
pub(super) mod counter;
pub(super) mod date;
pub(super) mod decimal;
pub(super) mod double;
pub(super) mod float;
pub(super) mod int32;
pub(super) mod integer;
pub(super) mod long;
