//! How 3.0 and 3.11 read a slice's end bound that names only a prefix of a
//! composite comparator's components with end-of-component 0.
//! `LegacyLayout.decodeBound` made it "the prefix plus one empty
//! component, exclusive" (CASSANDRA-12423), and from 2.1 a `ReversedType`
//! sorted an empty value after every other (it no longer put empty first).
//! So when the component after the prefix is reversed, the bound took in
//! every name of the prefix; otherwise it stopped before them, as 2.x did.
//!
//! This owns that rewrite of a read command's bound, the engine's order
//! otherwise left as it is; it must not check the request nor read.

use crate::marshal::CompositeType;
use crate::model::{ReadCommand, Slice};
use crate::release::{Behaviour, Release};
use crate::schema::CfDef;

/// The command as 3.x read it: the slice's end (its start when reversed)
/// past every name of its prefix when [`takes_prefix`] says so. A super
/// column's sub-columns are not composite cells of a table; they are left.
pub fn apply(release: Option<&Release>, cf: &CfDef, cmd: &mut ReadCommand) {
    if !release.is_some_and(|r| r.does(Behaviour::PrefixEndBoundOfLegacyLayout)) || cf.is_super() {
        return;
    }
    if let Slice::Range {
        start,
        finish,
        reversed,
        ..
    } = &mut cmd.slice
    {
        let end = if *reversed { start } else { finish };
        if takes_prefix(cf, end) {
            if let Some(eoc) = end.last_mut() {
                *eoc = 1;
            }
        }
    }
}

/// Whether an end bound names a strict prefix of the comparator's
/// components, ends with end-of-component 0, and the next component's
/// type is reversed (so 3.x's empty component sorted after its values).
fn takes_prefix(cf: &CfDef, bound: &[u8]) -> bool {
    let Some(types) = cf.comparator.components() else {
        return false;
    };
    let Ok(parts) = CompositeType::split(bound) else {
        return false;
    };
    match parts.last() {
        Some(&(_, 0)) => types.get(parts.len()).is_some_and(|t| t.is_reversed()),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::marshal::{parse_type, CompositeBuilder, Eoc};

    fn cf(comparator: &str) -> CfDef {
        CfDef::new("ks", "C2", 1000, parse_type(comparator).unwrap(), None)
    }

    fn prefix(eoc: Eoc) -> Vec<u8> {
        CompositeBuilder::new().push(b"b").unwrap().build(eoc)
    }

    fn end_of(release: &str, cf: &CfDef, bound: Vec<u8>, reversed: bool) -> Vec<u8> {
        let release = Release::find(release).unwrap();
        let (start, finish) = if reversed {
            (bound, Vec::new())
        } else {
            (Vec::new(), bound)
        };
        let mut cmd = ReadCommand {
            keyspace: "ks".into(),
            cf: "C2".into(),
            super_column: None,
            slice: Slice::Range {
                start,
                finish,
                reversed,
                count: 100,
            },
        };
        apply(Some(release), cf, &mut cmd);
        match cmd.slice {
            Slice::Range {
                start,
                finish,
                reversed,
                ..
            } => {
                if reversed {
                    start
                } else {
                    finish
                }
            }
            _ => unreachable!(),
        }
    }

    #[test]
    fn a_prefix_before_a_reversed_component_takes_every_name_of_it_on_3x() {
        let rev = cf("CompositeType(UTF8Type,ReversedType(LongType),UUIDType)");
        for reversed in [false, true] {
            assert_eq!(
                end_of("3.0.24", &rev, prefix(Eoc::None), reversed),
                prefix(Eoc::End)
            );
            assert_eq!(
                end_of("3.11.10", &rev, prefix(Eoc::None), reversed),
                prefix(Eoc::End)
            );
            assert_eq!(
                end_of("2.2.19", &rev, prefix(Eoc::None), reversed),
                prefix(Eoc::None)
            );
        }
        // Another end-of-component, or a bound naming every component, is as 2.x read it.
        assert_eq!(
            end_of("3.0.24", &rev, prefix(Eoc::Start), false),
            prefix(Eoc::Start)
        );
        let plain = cf("CompositeType(UTF8Type,LongType)");
        assert_eq!(
            end_of("3.0.24", &plain, prefix(Eoc::None), false),
            prefix(Eoc::None)
        );
    }
}
