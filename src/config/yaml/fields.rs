//! Typed reading of one YAML mapping of a `cassandra.yaml` (the top level,
//! a keyspace, a column family): known keys by name, unknown ones warned
//! about or refused as typos, and values typed as SnakeYAML typed
//! Cassandra's `Config` bean fields (YAML 1.1 booleans such as `yes`/`off`
//! included). Messages name the key and its line; what a key means is the
//! callers' business.

use super::tree::{Entry, Node};
use crate::config::context::Cx;
use crate::config::error::ConfigError;
use crate::config::suggest::close_match;
use crate::config::values;
use std::collections::BTreeMap;

/// The entries of one mapping, by key.
pub(super) struct Fields<'a> {
    pub by_key: BTreeMap<&'a str, &'a Entry>,
    /// Line of the mapping itself.
    pub line: usize,
}

impl<'a> Fields<'a> {
    /// Indexes `node`, which must be a mapping (`what` names it in
    /// messages, e.g. `keyspace Keyspace1`). Keys not in `known` are
    /// warned about (`place` says where), or refused when a known key is a
    /// small edit away.
    pub fn of(
        cx: &mut Cx,
        node: &'a Node,
        what: &str,
        place: &str,
        known: &[&str],
    ) -> Result<Fields<'a>, ConfigError> {
        let Node::Map { entries, line } = node else {
            return Err(cx.invalid(
                node.line(),
                what,
                format!("{what} must be a mapping of settings, not {}", node.kind()),
            ));
        };
        let mut by_key = BTreeMap::new();
        for e in entries {
            if known.contains(&e.key.as_str()) {
                by_key.insert(e.key.as_str(), e);
                continue;
            }
            if let Some(meant) = close_match(&e.key, known) {
                return Err(cx.invalid(
                    e.key_line,
                    e.key.as_str(),
                    format!("unknown key {}{place}; did you mean {meant}?", e.key),
                ));
            }
            // SnakeYAML refused a key its bean had no property for, and
            // 0.7 to 2.x printed it with "Invalid yaml". Refused when
            // answering as one of them.
            let class = if place.is_empty() {
                " on class: org.apache.cassandra.config.Config"
            } else {
                place
            };
            cx.warn_release(
                e.key_line,
                format!(
                    "unknown key {}{place} ignored (Cassandra refused it as invalid yaml; \
                     refused with a --cassandra-version)",
                    e.key
                ),
                format!("Invalid yaml: Unable to find property '{}'{class}", e.key),
            );
        }
        Ok(Fields {
            by_key,
            line: *line,
        })
    }

    /// The value of `key`, unless absent or null (SnakeYAML left the
    /// field's default in place for both).
    pub fn node(&self, key: &str) -> Option<&'a Node> {
        self.by_key
            .get(key)
            .map(|e| &e.value)
            .filter(|v| !v.is_null())
    }

    /// Line of `key`, if present.
    pub fn line_of(&self, key: &str) -> Option<usize> {
        self.by_key.get(key).map(|e| e.key_line)
    }

    /// A scalar's text and line.
    pub fn text(&self, cx: &Cx, key: &str) -> Result<Option<(&'a str, usize)>, ConfigError> {
        match self.node(key) {
            None => Ok(None),
            Some(Node::Scalar { text, line, .. }) => Ok(Some((text.as_str(), *line))),
            Some(other) => Err(cx.invalid(
                other.line(),
                key,
                format!("{key} must be a single value, not {}", other.kind()),
            )),
        }
    }

    pub fn string(&self, cx: &Cx, key: &str) -> Result<Option<String>, ConfigError> {
        Ok(self.text(cx, key)?.map(|(t, _)| t.trim().to_string()))
    }

    /// An integer; `valid` checks it, `invalid` says why it failed.
    pub fn int<T: TryFrom<i64>>(
        &self,
        cx: &Cx,
        key: &str,
        default: T,
        valid: impl Fn(i64) -> bool,
        invalid: &str,
    ) -> Result<T, ConfigError> {
        match self.opt_int(cx, key, valid, invalid)? {
            Some(v) => Ok(v),
            None => Ok(default),
        }
    }

    pub fn opt_int<T: TryFrom<i64>>(
        &self,
        cx: &Cx,
        key: &str,
        valid: impl Fn(i64) -> bool,
        invalid: &str,
    ) -> Result<Option<T>, ConfigError> {
        let Some((raw, line)) = self.text(cx, key)? else {
            return Ok(None);
        };
        let v: i64 = values::integer(raw).map_err(|m| cx.invalid(line, key, m))?;
        if !valid(v) {
            return Err(cx.invalid(line, key, format!("{invalid} (found {v})")));
        }
        T::try_from(v)
            .map(Some)
            .map_err(|_| cx.invalid(line, key, format!("{v} is out of range")))
    }

    pub fn opt_double(&self, cx: &Cx, key: &str) -> Result<Option<f64>, ConfigError> {
        let Some((raw, line)) = self.text(cx, key)? else {
            return Ok(None);
        };
        values::double(raw)
            .map(Some)
            .map_err(|m| cx.invalid(line, key, m))
    }

    /// A positive number, or `default`.
    pub fn positive_double(&self, cx: &Cx, key: &str, default: f64) -> Result<f64, ConfigError> {
        match self.opt_double(cx, key)? {
            None => Ok(default),
            Some(v) if v > 0.0 => Ok(v),
            Some(v) => Err(cx.invalid(
                self.line_of(key).unwrap_or(self.line),
                key,
                format!("{key} must be a positive number (found {v})"),
            )),
        }
    }

    /// A boolean as YAML 1.1 (SnakeYAML) read one: true/false, yes/no, on/off.
    pub fn opt_bool(&self, cx: &Cx, key: &str) -> Result<Option<bool>, ConfigError> {
        let Some((raw, line)) = self.text(cx, key)? else {
            return Ok(None);
        };
        yaml_bool(raw).map(Some).ok_or_else(|| {
            cx.invalid(
                line,
                key,
                format!("{key} must be true or false (found '{raw}')"),
            )
        })
    }

    /// A list of values (or a single value, taken as a list of one).
    pub fn list(&self, cx: &Cx, key: &str) -> Result<Vec<(String, usize)>, ConfigError> {
        match self.node(key) {
            None => Ok(Vec::new()),
            Some(Node::Scalar { text, line, .. }) => Ok(vec![(text.trim().to_string(), *line)]),
            Some(Node::Seq { items, .. }) => items
                .iter()
                .filter(|i| !i.is_null())
                .map(|i| match i {
                    Node::Scalar { text, line, .. } => Ok((text.trim().to_string(), *line)),
                    other => Err(cx.invalid(
                        other.line(),
                        key,
                        format!("{key} must list values, not {}", other.kind()),
                    )),
                })
                .collect(),
            Some(other) => Err(cx.invalid(
                other.line(),
                key,
                format!("{key} must be a list, not {}", other.kind()),
            )),
        }
    }

    /// A mapping of values (`strategy_options`), in key order.
    pub fn string_map(
        &self,
        cx: &Cx,
        key: &str,
    ) -> Result<Option<BTreeMap<String, String>>, ConfigError> {
        match self.node(key) {
            None => Ok(None),
            Some(Node::Map { entries, .. }) => entries
                .iter()
                .map(|e| match &e.value {
                    Node::Scalar { text, .. } => Ok((e.key.clone(), text.trim().to_string())),
                    other => Err(cx.invalid(
                        other.line(),
                        key,
                        format!("{key}.{} must be a single value", e.key),
                    )),
                })
                .collect::<Result<_, _>>()
                .map(Some),
            Some(other) => Err(cx.invalid(
                other.line(),
                key,
                format!("{key} must be a mapping, not {}", other.kind()),
            )),
        }
    }
}

/// YAML 1.1's boolean words, which SnakeYAML (and so Cassandra) accepted.
pub(super) fn yaml_bool(raw: &str) -> Option<bool> {
    match raw.trim() {
        "true" | "True" | "TRUE" | "yes" | "Yes" | "YES" | "on" | "On" | "ON" | "y" | "Y" => {
            Some(true)
        }
        "false" | "False" | "FALSE" | "no" | "No" | "NO" | "off" | "Off" | "OFF" | "n" | "N" => {
            Some(false)
        }
        _ => None,
    }
}

/// A short rendering of a value for the "ignored on a single node" line
/// (maps are not spelled out: encryption options hold passwords).
pub(super) fn render(node: &Node) -> String {
    match node {
        Node::Scalar { text, .. } => text.trim().to_string(),
        Node::Seq { items, .. } if items.iter().all(|i| matches!(i, Node::Scalar { .. })) => {
            items.iter().map(render).collect::<Vec<_>>().join(", ")
        }
        other => format!("({})", other.kind()),
    }
}
