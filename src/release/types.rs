//! The column types (`org.apache.cassandra.db.marshal`) each release had,
//! as one table of the release series that added each, and how a release
//! refused a type name it lacked (recorded from the real releases,
//! `conformance/releases/<version>/rel_types.json`; the classes are those
//! of each release's jar). Data and string lookups only: which names exist
//! at all is the type registry's business, not this one's.

use super::Release;

/// A release series, `(major, minor)`.
type Series = (u32, u32);

/// How deeply parameters nest in a name [`refusal`] judges.
const MAX_DEPTH: usize = 32;

/// The package a bare type name is looked up in.
const PACKAGE: &str = "org.apache.cassandra.db.marshal.";

/// Each type an application could name, with the first series that had
/// it. None was removed between 0.6 and 2.2.
pub(super) const TYPES: &[(&str, Series)] = &[
    ("BytesType", (0, 6)),
    ("AsciiType", (0, 6)),
    ("UTF8Type", (0, 6)),
    ("LongType", (0, 6)),
    ("LexicalUUIDType", (0, 6)),
    ("TimeUUIDType", (0, 6)),
    ("IntegerType", (0, 7)),
    ("UUIDType", (0, 8)),
    ("DateType", (0, 8)),
    ("BooleanType", (0, 8)),
    ("FloatType", (0, 8)),
    ("DoubleType", (0, 8)),
    ("CounterColumnType", (0, 8)),
    ("CompositeType", (0, 8)),
    ("DynamicCompositeType", (0, 8)),
    ("ReversedType", (0, 8)),
    ("DecimalType", (1, 0)),
    ("Int32Type", (1, 0)),
    ("InetAddressType", (1, 2)),
    ("EmptyType", (1, 2)),
    ("ListType", (1, 2)),
    ("SetType", (1, 2)),
    ("MapType", (1, 2)),
    ("ColumnToCollectionType", (1, 2)),
    ("TimestampType", (2, 0)),
    ("TupleType", (2, 0)),
    ("FrozenType", (2, 1)),
    ("UserType", (2, 1)),
    ("ByteType", (2, 2)),
    ("ShortType", (2, 2)),
    ("SimpleDateType", (2, 2)),
    ("TimeType", (2, 2)),
    ("DurationType", (3, 10)),
];

/// Whether `release` had the type `short` (a short name); a name the table
/// does not list is not judged here.
pub(super) fn has(release: &Release, short: &str) -> bool {
    TYPES
        .iter()
        .find(|(name, _)| *name == short)
        .is_none_or(|&(_, (major, minor))| release.at_least(major, minor))
}

/// The refusal `release` gave a column family naming the type `name`
/// (with or without the package, with its parameters), when the name or
/// one of its parameters was a type the release lacked: before 0.8 no type
/// took parameters, so a name with some was an unknown class as a whole;
/// from 0.8 a lacked type is an unknown class, and a type whose parameters
/// name one failed as an invalid definition of itself.
pub(super) fn refusal(release: &Release, name: &str) -> Option<String> {
    if !release.at_least(0, 8) && name != name.trim() {
        // 0.7's FBUtilities.getComparator loaded the class by the name as
        // sent (the package put before a name without a dot): blanks and
        // all. 0.8's TypeParser skipped them.
        let class = if name.contains('.') {
            name.to_string()
        } else {
            format!("{PACKAGE}{name}")
        };
        return Some(format!("Unable to find abstract-type class '{class}'"));
    }
    let name = name.trim();
    // Deeper names are refused by the type registry before any release
    // could tell; this bound keeps the recursion below off the stack's end.
    let mut depth = 0usize;
    for ch in name.chars() {
        depth = match ch {
            '(' => depth + 1,
            ')' => depth.saturating_sub(1),
            _ => continue,
        };
        if depth > MAX_DEPTH {
            return None;
        }
    }
    let (head, params) = match name.split_once('(') {
        Some((head, rest)) => (head.trim(), rest.strip_suffix(')')),
        None => (name, None),
    };
    let short = head.strip_prefix(PACKAGE).unwrap_or(head);
    if head.contains('.') && !head.starts_with(PACKAGE) {
        return None;
    }
    let unknown = |class: &str| {
        Some(format!(
            "Unable to find abstract-type class '{PACKAGE}{class}'"
        ))
    };
    if !release.at_least(0, 8) && name.contains('(') {
        return unknown(name.strip_prefix(PACKAGE).unwrap_or(name));
    }
    if !has(release, short) {
        return unknown(short);
    }
    let lacked = split_top_level(params?).into_iter().any(|param| {
        // `a=>Type` (DynamicCompositeType's aliases); `key=value` are not types.
        let ty = match param.split_once("=>") {
            Some((_, ty)) => ty,
            None if param.contains('=') && !param.contains('(') => return false,
            None => param,
        };
        refusal(release, ty).is_some()
    });
    lacked.then(|| format!("Invalid definition for comparator {PACKAGE}{short}."))
}

/// `a, B(c, d), e` → `["a", "B(c, d)", "e"]`.
fn split_top_level(params: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let (mut depth, mut start) = (0i32, 0);
    for (i, ch) in params.char_indices() {
        match ch {
            '(' => depth += 1,
            ')' => depth -= 1,
            ',' if depth == 0 => {
                out.push(params[start..i].trim());
                start = i + 1;
            }
            _ => {}
        }
    }
    out.push(params[start..].trim());
    out.retain(|p| !p.is_empty());
    out
}

#[cfg(test)]
mod tests {
    use super::super::{Feature, RELEASES};

    #[test]
    fn the_types_agree_with_the_features() {
        for r in RELEASES.iter().filter(|r| r.has(Feature::SchemaOverThrift)) {
            let v = r.version;
            assert_eq!(
                r.has(Feature::Counters),
                r.has_type("CounterColumnType"),
                "{v}"
            );
            assert_eq!(
                r.has(Feature::CompositeTypes),
                r.has_type("CompositeType"),
                "{v}"
            );
            assert!(r.has_type("BytesType") && r.has_type("NoSuchType"), "{v}");
        }
    }

    #[test]
    fn names_nested_too_deep_are_left_to_the_registry() {
        let r = super::super::Release::find("0.8.10").unwrap();
        let deep = format!(
            "{}DecimalType{}",
            "ReversedType(".repeat(40),
            ")".repeat(40)
        );
        assert_eq!(r.type_refusal(&deep), None);
        let shallow = format!("{}DecimalType{}", "ReversedType(".repeat(3), ")".repeat(3));
        assert_eq!(
            r.type_refusal(&shallow).as_deref(),
            Some("Invalid definition for comparator org.apache.cassandra.db.marshal.ReversedType.")
        );
        assert_eq!(r.type_refusal("com.example.MyType"), None);
    }

    #[test]
    fn blanks_around_a_name_were_part_of_0_7s_class_name() {
        let r = super::super::Release::find("0.7.10").unwrap();
        assert_eq!(
            r.type_refusal("UTF8Type ").as_deref(),
            Some("Unable to find abstract-type class 'org.apache.cassandra.db.marshal.UTF8Type '")
        );
        assert_eq!(
            r.type_refusal(" org.apache.cassandra.db.marshal.LongType")
                .as_deref(),
            Some("Unable to find abstract-type class ' org.apache.cassandra.db.marshal.LongType'")
        );
        assert_eq!(r.type_refusal("UTF8Type"), None);
        let later = super::super::Release::find("0.8.10").unwrap();
        assert_eq!(later.type_refusal("UTF8Type "), None);
    }
}
