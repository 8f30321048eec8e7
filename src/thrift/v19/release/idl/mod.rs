//! Each release's own `cassandra.thrift`, as its Java readers decoded a
//! request: the argument struct of every method it declared and every
//! struct those reach, with field ids, types, requiredness, defaults and
//! enum values. One generated file per release (`r0_7_10.rs`, ...),
//! written by `conformance/releases/idl_table.py` from
//! `conformance/releases/facts.json`; never edited by hand (the test below
//! checks them against the facts). Data and lookup only: `super::decode`
//! reads requests with them.

mod r0_7_10;
mod r0_8_10;
mod r1_0_12;
mod r1_1_12;
mod r1_2_19;
mod r2_0_17;
mod r2_1_22;
mod r2_2_19;

#[cfg(test)]
mod tests;

use crate::thrift::v19::javaargs::ArgsOf;

/// The argument structs of the IDL `version` declared, by method name;
/// `None` for a release without a recorded IDL here (1.2.9: the node's
/// own, `v19::idl`; 0.6.8: another API).
pub fn args_table(version: &str) -> Option<ArgsOf> {
    Some(match version {
        "0.7.10" => r0_7_10::args_of,
        "0.8.10" => r0_8_10::args_of,
        "1.0.12" => r1_0_12::args_of,
        "1.1.12" => r1_1_12::args_of,
        "1.2.19" => r1_2_19::args_of,
        "2.0.17" => r2_0_17::args_of,
        "2.1.22" => r2_1_22::args_of,
        "2.2.19" => r2_2_19::args_of,
        _ => return None,
    })
}
