//! The freezing of a tuple's or user type's component types, implicit in
//! their class names: 2.1 to 3.x printed the components with
//! `toString(true)` ("omit FrozenType(...) from fields because it is
//! currently implicit"), so `FrozenType(..)` never shows inside them, and
//! a component collection read back from such a name is a frozen one.
//!
//! Owns the two rewritings of a component's class name (dropping the
//! wrappers for display, putting them back for parsing); it must not
//! parse a type.

use crate::marshal::MARSHAL_PACKAGE;

const FROZEN: &str = "FrozenType(";
const COLLECTIONS: [&str; 3] = ["ListType(", "SetType(", "MapType("];

/// The class name without any `FrozenType(..)` wrapper (the wrapped type
/// kept).
pub fn without_frozen(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    // The depths whose closing parenthesis belongs to a dropped wrapper.
    let mut dropped: Vec<usize> = Vec::new();
    let mut depth = 0usize;
    let mut rest = name;
    while let Some(c) = rest.chars().next() {
        if let Some(len) = wrapper_at(rest) {
            rest = &rest[len..];
            depth += 1;
            dropped.push(depth);
            continue;
        }
        match c {
            '(' => depth += 1,
            ')' => {
                if dropped.last() == Some(&depth) {
                    dropped.pop();
                    depth -= 1;
                    rest = &rest[1..];
                    continue;
                }
                depth = depth.saturating_sub(1);
            }
            _ => {}
        }
        out.push(c);
        rest = &rest[c.len_utf8()..];
    }
    out
}

/// The class name of a component with every collection in it frozen, as
/// a component's collections are (a wrapper already there kept once).
pub fn frozen_collections(name: &str) -> String {
    let plain = without_frozen(name);
    let mut out = String::with_capacity(plain.len() + 32);
    // Depths at which a wrapper added must be closed.
    let mut close: Vec<usize> = Vec::new();
    let mut depth = 0usize;
    let mut rest = plain.as_str();
    while let Some(c) = rest.chars().next() {
        if let Some(prefix) = collection_at(rest) {
            out.push_str(MARSHAL_PACKAGE);
            out.push_str(FROZEN);
            close.push(depth + 1);
            out.push_str(prefix);
            rest = &rest[prefix.len()..];
            depth += 1;
            continue;
        }
        match c {
            '(' => depth += 1,
            ')' => {
                out.push(')');
                rest = &rest[1..];
                if close.last() == Some(&depth) {
                    close.pop();
                    out.push(')');
                }
                depth = depth.saturating_sub(1);
                continue;
            }
            _ => {}
        }
        out.push(c);
        rest = &rest[c.len_utf8()..];
    }
    out
}

/// The length of a `FrozenType(` (with or without its package) at the
/// start of `s`.
fn wrapper_at(s: &str) -> Option<usize> {
    let bare = s.strip_prefix(MARSHAL_PACKAGE).unwrap_or(s);
    bare.starts_with(FROZEN)
        .then(|| s.len() - bare.len() + FROZEN.len())
}

/// The collection class name and its `(` at the start of `s`, where a
/// name starts (not inside a longer word).
fn collection_at(s: &str) -> Option<&str> {
    let bare = s.strip_prefix(MARSHAL_PACKAGE).unwrap_or(s);
    let c = COLLECTIONS.iter().find(|c| bare.starts_with(**c))?;
    Some(&s[..s.len() - bare.len() + c.len()])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn m(s: &str) -> String {
        s.replace("P.", MARSHAL_PACKAGE)
    }

    #[test]
    fn wrappers_dropped_at_every_depth() {
        assert_eq!(
            without_frozen(&m(
                "P.FrozenType(P.ListType(P.FrozenType(P.SetType(P.Int32Type))))"
            )),
            m("P.ListType(P.SetType(P.Int32Type))")
        );
        assert_eq!(
            without_frozen(&m("P.MapType(P.UTF8Type,P.Int32Type)")),
            m("P.MapType(P.UTF8Type,P.Int32Type)")
        );
    }

    #[test]
    fn collections_frozen_for_parsing() {
        assert_eq!(
            frozen_collections(&m("P.ListType(P.SetType(P.Int32Type))")),
            m("P.FrozenType(P.ListType(P.FrozenType(P.SetType(P.Int32Type))))")
        );
        assert_eq!(
            frozen_collections(&m("P.FrozenType(P.MapType(P.UTF8Type,P.Int32Type))")),
            m("P.FrozenType(P.MapType(P.UTF8Type,P.Int32Type))")
        );
        assert_eq!(frozen_collections(&m("P.UTF8Type")), m("P.UTF8Type"));
    }
}
