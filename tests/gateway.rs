//! The cluster backend over the wire: a gateway supercolumn in front of a
//! backend supercolumn serving the native protocol, and `supercolumn
//! migrate`. Its modules are the files of `tests/gateway/`.
//!
//! One module: `cargo test --release --test gateway -- wire_migrate::`.

// The helpers of `tests/support/`. (The path is for rustfmt, which reads
// this crate root as a plain file and would look in `tests/<binary>/`.)
#[path = "support"]
mod support {
    pub mod explorer;
    pub mod native;
    pub mod wire;
}

mod gateway {
    mod peer;
    mod wire_gateway;
    mod wire_gateway_advisor;
    mod wire_gateway_composite;
    mod wire_gateway_cql3;
    mod wire_gateway_explorer;
    mod wire_gateway_failures;
    mod wire_gateway_hung;
    mod wire_gateway_index;
    mod wire_gateway_index_cql3;
    mod wire_gateway_layout;
    mod wire_gateway_native_errors;
    mod wire_gateway_noncompact;
    mod wire_gateway_safety;
    mod wire_gateway_semantics;
    mod wire_migrate;
    mod wire_migrate_kinds;
}
