//! The Thrift front end.
