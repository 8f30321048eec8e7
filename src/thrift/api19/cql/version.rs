//! The CQL version a 19.x connection picks with `set_cql_version`, checked
//! as Cassandra 1.2.9's `ClientState.setCQLVersion` did: the text must be a
//! semantic version (semver.org, without dashes inside identifiers), and
//! one of the server's dialects must support it (same major, not newer):
//! CQL 2.0.0 or CQL 3.0.5. The connection keeps the dialect's own version.
//!
//! It must not decide what a dialect means for a call (see `cql2`).

use crate::node::Node;
use std::cmp::Ordering;

/// The CQL 2 dialect's version (1.2.9's `cql.QueryProcessor.CQL_VERSION`).
pub const CQL2: &str = "2.0.0";
/// The CQL 3 dialect's version (1.2.9's `cql3.QueryProcessor.CQL_VERSION`).
pub const CQL3: &str = "3.0.5";

/// A parsed semantic version; `None` identifier lists were absent.
#[derive(Debug, Clone, PartialEq, Eq)]
struct SemVer {
    major: i32,
    minor: i32,
    patch: i32,
    pre_release: Option<Vec<String>>,
    build: Option<Vec<String>>,
}

fn is_word(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

fn invalid(text: &str) -> String {
    format!("Invalid version value: {text} (see http://semver.org/ for details)")
}

/// Java's `Integer.parseInt` on a run of ASCII digits.
fn number(digits: &str) -> Option<i32> {
    (!digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()))
        .then(|| digits.parse().ok())
        .flatten()
}

/// The identifiers after a leading `-`, `+` or `.`: Java split them on
/// dots, dropped trailing empty parts, and wanted every other part to be
/// word characters.
fn identifiers(text: &str, part: &str) -> Result<Vec<String>, String> {
    let mut parts: Vec<&str> = part[1..].split('.').collect();
    while parts.last() == Some(&"") {
        parts.pop();
    }
    if parts
        .iter()
        .any(|p| p.is_empty() || !p.chars().all(is_word))
    {
        return Err(invalid(text));
    }
    Ok(parts.into_iter().map(str::to_string).collect())
}

impl SemVer {
    /// `(\d+)\.(\d+)\.(\d+)(-[.\w]+)?([.+][.\w]+)?`, matched whole.
    fn parse(text: &str) -> Result<SemVer, String> {
        let bad = || invalid(text);
        let mut numbers = text.splitn(3, '.');
        let major = numbers.next().and_then(number).ok_or_else(bad)?;
        let minor = numbers.next().and_then(number).ok_or_else(bad)?;
        let rest = numbers.next().ok_or_else(bad)?;
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        let patch = number(&rest[..digits]).ok_or_else(bad)?;
        let mut rest = &rest[digits..];
        let mut pre_release = None;
        if rest.starts_with('-') {
            // The pre-release part is greedy: it takes every dot and word
            // character, so a build part after it must start with '+'.
            let len = 1 + rest[1..]
                .chars()
                .take_while(|&c| is_word(c) || c == '.')
                .count();
            if len == 1 {
                return Err(bad());
            }
            pre_release = Some(identifiers(text, &rest[..len])?);
            rest = &rest[len..];
        }
        let mut build = None;
        if !rest.is_empty() {
            let lead_ok = rest.starts_with('+') || (pre_release.is_none() && rest.starts_with('.'));
            let body_ok = rest.len() > 1 && rest[1..].chars().all(|c| is_word(c) || c == '.');
            if !lead_ok || !body_ok {
                return Err(bad());
            }
            build = Some(identifiers(text, rest)?);
        }
        Ok(SemVer {
            major,
            minor,
            patch,
            pre_release,
            build,
        })
    }

    /// Java's `SemanticVersion.compareTo`.
    fn compare(&self, other: &SemVer) -> Ordering {
        (self.major, self.minor, self.patch)
            .cmp(&(other.major, other.minor, other.patch))
            .then_with(|| compare_ids(&self.pre_release, &other.pre_release, Ordering::Greater))
            .then_with(|| compare_ids(&self.build, &other.build, Ordering::Less))
    }

    fn is_supported_by(&self, other: &SemVer) -> bool {
        self.major == other.major && self.compare(other) != Ordering::Greater
    }
}

/// Identifier lists compare numerically where both are integers, integers
/// before words, then by length; `absent` is how a missing list compares
/// with a present one.
fn compare_ids(a: &Option<Vec<String>>, b: &Option<Vec<String>>, absent: Ordering) -> Ordering {
    let (a, b) = match (a, b) {
        (None, None) => return Ordering::Equal,
        (None, Some(_)) => return absent,
        (Some(_), None) => return absent.reverse(),
        (Some(a), Some(b)) => (a, b),
    };
    for (x, y) in a.iter().zip(b) {
        let order = match (x.parse::<i32>().ok(), y.parse::<i32>().ok()) {
            (Some(i), Some(j)) => i.cmp(&j),
            (Some(_), None) => Ordering::Less,
            (None, Some(_)) => Ordering::Greater,
            (None, None) => x.cmp(y),
        };
        if order != Ordering::Equal {
            return order;
        }
    }
    a.len().cmp(&b.len())
}

impl std::fmt::Display for SemVer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}.{}.{}", self.major, self.minor, self.patch)?;
        if let Some(p) = &self.pre_release {
            write!(f, "-{}", p.join("."))?;
        }
        if let Some(b) = &self.build {
            write!(f, "+{}", b.join("."))?;
        }
        Ok(())
    }
}

/// The dialect version a `set_cql_version(text)` selects ([`CQL2`] or
/// [`CQL3`]), or 1.2.9's refusal text.
pub fn choose(text: &str) -> Result<&'static str, String> {
    choose_with(text, CQL3)
}

/// [`choose`] on a node whose CQL 3 is version `cql3` (2.0.17's 3.1.7):
/// `ClientState.setCQLVersion` asked whether that version supported the
/// one asked, and named it in the refusal.
fn choose_with(text: &str, cql3: &str) -> Result<&'static str, String> {
    let asked = SemVer::parse(text)?;
    if asked == SemVer::parse("3.0.0-beta1").expect("a valid version") {
        return Err(
            "There has been a few syntax breaking changes between 3.0.0-beta1 and 3.0.0 \
             (mainly the syntax for options of CREATE KEYSPACE and CREATE TABLE). 3.0.0-beta1  \
             is not supported; please upgrade to 3.0.0"
                .to_string(),
        );
    }
    for (dialect, version) in [(CQL2, CQL2), (CQL3, cql3)] {
        if asked.is_supported_by(&SemVer::parse(version).expect("a valid version")) {
            return Ok(dialect);
        }
    }
    Err(format!(
        "Provided version {asked} is not supported by this server (supported: {CQL2}, {cql3})"
    ))
}

/// The dialect `set_cql_version(text)` selects on the release answered as:
/// 1.1 took its beta's own version and named it in the refusal where 1.2.9
/// named 3.0.5.
pub fn choose_on(node: &Node, text: &str) -> Result<&'static str, String> {
    let Some(beta) = node.release.and_then(|r| r.cql3_named()) else {
        let cql3 = node.release.and_then(|r| r.cql3_version).unwrap_or(CQL3);
        return choose_with(text, cql3);
    };
    if text == beta {
        return Ok(CQL3);
    }
    let named = format!(", {CQL3})");
    choose(text).map_err(|why| why.replace(&named, &format!(", {beta})")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn versions_choose_the_dialect_that_supports_them() {
        for (asked, dialect) in [
            ("2.0.0", CQL2),
            ("3.0.0", CQL3),
            ("3.0.5", CQL3),
            ("3.0.5-rc1", CQL3),
            ("3.0.0+build.7", CQL3),
            ("3.0.0.7", CQL3),
        ] {
            assert_eq!(choose(asked), Ok(dialect), "{asked}");
        }
    }

    #[test]
    fn newer_or_other_majors_are_refused_with_1_2s_text() {
        for asked in ["3.1.0", "2.0.1", "4.0.0", "3.0.5+b"] {
            let why = choose(asked).unwrap_err();
            assert!(
                why.starts_with("Provided version ")
                    && why.ends_with(" is not supported by this server (supported: 2.0.0, 3.0.5)"),
                "{asked}: {why}"
            );
        }
        assert!(choose("3.0.0-beta1")
            .unwrap_err()
            .contains("3.0.0-beta1  is not supported; please upgrade to 3.0.0"));
    }

    #[test]
    fn malformed_versions_are_refused() {
        for asked in [
            "",
            "3",
            "3.0",
            "3.0.x",
            "a.b.c",
            "3.0.0-",
            "3.0.0+",
            "3.0.0-a..b",
            "3.0.0-a+b+c",
            " 3.0.0",
            "3.0.0 ",
            "99999999999.0.0",
        ] {
            assert_eq!(
                choose(asked),
                Err(format!(
                    "Invalid version value: {asked} (see http://semver.org/ for details)"
                )),
                "{asked:?}"
            );
        }
    }

    #[test]
    fn order_follows_java_semantic_version() {
        let v = |s| SemVer::parse(s).unwrap();
        assert_eq!(v("3.0.0-rc1").compare(&v("3.0.0")), Ordering::Less);
        assert_eq!(v("3.0.0-2").compare(&v("3.0.0-10")), Ordering::Less);
        assert_eq!(v("3.0.0-1").compare(&v("3.0.0-a")), Ordering::Less);
        assert_eq!(v("3.0.0+1").compare(&v("3.0.0")), Ordering::Greater);
        assert_eq!(v("3.0.0-a.b").compare(&v("3.0.0-a")), Ordering::Greater);
    }

    #[test]
    fn a_later_cql3_supports_the_versions_before_it() {
        assert_eq!(choose_with("3.1.0", "3.1.7"), Ok(CQL3));
        assert_eq!(choose_with("3.0.0", "3.1.7"), Ok(CQL3));
        assert_eq!(
            choose_with("3.2.0", "3.1.7").unwrap_err(),
            "Provided version 3.2.0 is not supported by this server (supported: 2.0.0, 3.1.7)"
        );
    }
}
