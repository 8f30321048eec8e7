//! `supercolumn nodetool`: Cassandra 1.2's nodetool commands over the admin
//! surface's HTTP endpoints, printed in nodetool 1.2's layout. A client
//! like [`crate::shell`]: it knows the admin surface only through HTTP.

pub mod http;
