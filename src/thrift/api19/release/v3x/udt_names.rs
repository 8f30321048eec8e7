//! 3.11's names of frozen user types in CQL 3 over Thrift: its `UserType`
//! could be multi-cell, so one that was not (every user type this server
//! makes is frozen) printed itself inside a `FrozenType(...)`, as a frozen
//! collection did, wherever its freezing was not implied by what held it
//! (a frozen collection's elements, a user type's or tuple's fields). The
//! executor names types as 2.1-3.0 did (`cql::types`); this renames them
//! at the border, and names a multi-cell one (3.6's, not frozen) as 3.11
//! did, a bare `UserType(...)`. It must not read the engine.

use crate::release::{Behaviour, Release};
use crate::thrift::gen::cassandra19 as t;

const MARSHAL: &str = "org.apache.cassandra.db.marshal.";

fn names_frozen(release: Option<&Release>) -> bool {
    release.is_some_and(|r| r.does(Behaviour::MultiCellUserTypes))
}

/// A ROWS result's column types as 3.11 named them.
pub fn rows(release: Option<&Release>, result: &mut t::CqlResult) {
    if !names_frozen(release) {
        return;
    }
    if let Some(schema) = result.schema.as_mut() {
        for class in schema.value_types.values_mut() {
            *class = renamed(class);
        }
    }
}

/// A prepared statement's marker types as 3.11 named them.
pub fn markers(release: Option<&Release>, types: &mut [String]) {
    if !names_frozen(release) {
        return;
    }
    for class in types {
        *class = renamed(class);
    }
}

/// `class` with each user type outside a frozen context wrapped in
/// `FrozenType` (a collection that is not frozen passes the context on to
/// its elements; `ReversedType` to what it wraps).
fn renamed(class: &str) -> String {
    let trimmed = class.trim();
    let short = trimmed.strip_prefix(MARSHAL).unwrap_or(trimmed);
    let arg = |prefix: &str| short.strip_prefix(prefix).and_then(|r| r.strip_suffix(')'));
    if short.starts_with("UserType(") {
        return format!("{MARSHAL}FrozenType({trimmed})");
    }
    // A multi-cell one (3.6's, not frozen) is 3.11's bare `UserType`.
    if let Some(rest) = short.strip_prefix(crate::marshal::MULTI_CELL_USER_TYPE) {
        return format!("{MARSHAL}UserType{rest}");
    }
    for wrapper in ["ReversedType(", "ListType(", "SetType("] {
        if let Some(inner) = arg(wrapper) {
            return format!("{MARSHAL}{wrapper}{})", renamed(inner));
        }
    }
    if let Some((k, v)) = arg("MapType(").and_then(crate::marshal::split_type_pair) {
        return format!("{MARSHAL}MapType({},{})", renamed(k), renamed(v));
    }
    // Frozen already, a tuple (its fields' freezing implied) or a plain type.
    trimmed.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn m(s: &str) -> String {
        format!("{MARSHAL}{s}")
    }

    #[test]
    fn wraps_user_types_outside_frozen_contexts() {
        let udt = format!("{}(ks,61,62:{})", m("UserType"), m("UTF8Type"));
        assert_eq!(renamed(&udt), format!("{}({udt})", m("FrozenType")));
        let map = format!("{}({},{udt})", m("MapType"), m("UTF8Type"));
        assert_eq!(
            renamed(&map),
            format!(
                "{}({},{}({udt}))",
                m("MapType"),
                m("UTF8Type"),
                m("FrozenType")
            )
        );
        let list = format!("{}({udt})", m("ListType"));
        assert_eq!(
            renamed(&list),
            format!("{}({}({udt}))", m("ListType"), m("FrozenType"))
        );
    }

    #[test]
    fn leaves_frozen_tuples_and_plain_types() {
        let udt = format!("{}(ks,61,62:{})", m("UserType"), m("UTF8Type"));
        for class in [
            format!("{}({}({udt}))", m("FrozenType"), m("ListType")),
            format!("{}({udt},{})", m("TupleType"), m("Int32Type")),
            m("Int32Type"),
            format!("{}({},{})", m("MapType"), m("UTF8Type"), m("Int32Type")),
        ] {
            assert_eq!(renamed(&class), class);
        }
    }

    #[test]
    fn only_releases_that_named_them_so() {
        let udt = format!("{}(ks,61,62:{})", m("UserType"), m("UTF8Type"));
        let mut types = vec![udt.clone()];
        markers(Release::find("3.0.24"), &mut types);
        assert_eq!(types, vec![udt.clone()]);
        markers(Release::find("3.11.10"), &mut types);
        assert_eq!(types, vec![format!("{}({udt})", m("FrozenType"))]);
    }
}
