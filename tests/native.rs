//! The CQL native protocol over the wire (v1-v4, raw frames and the
//! driver-shaped flows). Its modules are the files of `tests/native/`,
//! the helpers shared with the other wire binaries.
//!
//! One module: `cargo test --release --test native -- wire_native_paging::`.

// The helpers of `tests/support/`. (The path is for rustfmt, which reads
// this crate root as a plain file and would look in `tests/<binary>/`.)
#[path = "support"]
mod support {
    pub mod fuzz;
    pub mod native;
    pub mod wire;
}

mod native {
    mod wire_native;
    mod wire_native_batch;
    mod wire_native_faults;
    mod wire_native_fuzz;
    mod wire_native_paging;
    mod wire_native_prepare;
    mod wire_native_release;
    mod wire_native_schema;
    mod wire_native_super;
    mod wire_native_tracing;
    mod wire_native_udt;
    mod wire_native_values;
}
