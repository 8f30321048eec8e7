//! The data-model explorer (issue 16): a read-only web page on the admin
//! HTTP port that shows a schema as the server stores it and whether it
//! will scale. The page itself is [`page`]; the JSON API behind it lives
//! beside it under `/api/explorer`. Reads the engine and the schema through
//! [`crate::node`]; must not depend on `thrift/` or `native/`.

pub mod page;
