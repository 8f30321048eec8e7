//! The types whose bytes are compared as bytes: BytesType, AsciiType,
//! UTF8Type and InetAddressType, and EmptyType (no bytes at all). Each file owns one type's validation and
//! string form (hex, text or an address).

pub(super) mod ascii;
pub(super) mod bytes;
pub(super) mod empty;
pub(super) mod inet;
pub(super) mod utf8;
