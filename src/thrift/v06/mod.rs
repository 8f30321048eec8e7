//! API 2.2.0 (Cassandra 0.6): the IDL as data, Java-faithful argument reading,
//! and the method implementations.

pub mod idl;
pub mod javaread;
