//! The types whose bytes are a number: Int32Type, IntegerType (varint),
//! LongType and CounterColumnType, FloatType and DoubleType, DecimalType,
//! 2.2's ByteType and ShortType (`small`), SimpleDateType and TimeType
//! (`day_time`), 3.10's DurationType (`duration`: three vints),
//! and the two stored as one: BooleanType (a byte) and DateType /
//! TimestampType (a long of milliseconds). Each file owns one type's
//! comparison, validation and string form (`ieee` both IEEE-754 widths',
//! `date` both millisecond types', `date_texts` the date texts each
//! release's timestamp parser took); Java's long parsing lives with LongType.

pub(super) mod boolean;
pub(super) mod counter;
pub(super) mod date;
pub(super) mod date_texts;
pub(super) mod day_time;
pub(super) mod decimal;
pub(super) mod duration;
pub(super) mod ieee;
pub(super) mod int32;
pub(super) mod integer;
pub(super) mod long;
pub(super) mod small;
