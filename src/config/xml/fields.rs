//! Reading helpers over the element tree: unknown elements and attributes
//! (warned about, or refused as typos), value elements, and the index of
//! `<Storage>`'s children with typed getters. They know the value formats,
//! not what any setting means.

use super::tree::{Attr, Element};
use crate::config::context::Cx;
use crate::config::error::ConfigError;
use crate::config::suggest::close_match;
use crate::config::values;
use std::collections::BTreeMap;
use std::path::PathBuf;

impl Cx {
    /// An element not in `known` (`inside` names its parent, if not
    /// `<Storage>`): an error when it is a likely typo of a known name,
    /// else a warning (0.6 silently ignored such elements).
    pub fn unknown_element(
        &mut self,
        el: &Element,
        inside: Option<&str>,
        known: &[&str],
    ) -> Result<(), ConfigError> {
        let place = inside.map(|p| format!(" inside {p}")).unwrap_or_default();
        if let Some(meant) = close_match(&el.name, known) {
            return Err(self.invalid(
                el.line,
                format!("<{}>", el.name),
                format!(
                    "unknown element <{}>{place}; did you mean <{meant}>?",
                    el.name
                ),
            ));
        }
        self.warn(
            el.line,
            format!("unknown element <{}>{place} ignored", el.name),
        );
        Ok(())
    }

    /// An attribute not in `known` on the element described by `on`: an
    /// error when it is a likely typo of a known name, else a warning that
    /// ends with `note`.
    pub fn unknown_attribute(
        &mut self,
        attr: &Attr,
        on: &str,
        known: &[&str],
        note: &str,
    ) -> Result<(), ConfigError> {
        if let Some(meant) = close_match(&attr.name, known) {
            return Err(self.invalid(
                attr.line,
                format!("{on} attribute {}", attr.name),
                format!(
                    "unknown attribute {} on {on}; did you mean {meant}?",
                    attr.name
                ),
            ));
        }
        self.warn(
            attr.line,
            format!("unknown attribute {} on {on} ignored{note}", attr.name),
        );
        Ok(())
    }
}

/// Trimmed text of a value element; `None` when empty (0.6 treated "" as absent).
pub(super) fn leaf_text<'a>(cx: &Cx, el: &'a Element) -> Result<Option<&'a str>, ConfigError> {
    if let Some(child) = el.children.first() {
        return Err(cx.invalid(
            child.line,
            format!("<{}>", el.name),
            format!(
                "<{}> holds a value, not a <{}> element",
                el.name, child.name
            ),
        ));
    }
    let t = el.text.trim();
    Ok((!t.is_empty()).then_some(t))
}

/// The top-level elements by name (each at most once).
pub(super) struct Top<'a> {
    pub by_name: BTreeMap<&'a str, &'a Element>,
}

impl<'a> Top<'a> {
    /// Elements not in `known` are warned about and skipped (refused when
    /// they look like a typo of a known one); a known one appearing twice
    /// is an error (0.6 silently used the first).
    pub fn index(cx: &mut Cx, root: &'a Element, known: &[&str]) -> Result<Top<'a>, ConfigError> {
        let mut by_name: BTreeMap<&'a str, &'a Element> = BTreeMap::new();
        for child in &root.children {
            if !known.contains(&child.name.as_str()) {
                cx.unknown_element(child, None, known)?;
                continue;
            }
            if let Some(first) = by_name.get(child.name.as_str()) {
                return Err(cx.invalid(
                    child.line,
                    format!("<{}>", child.name),
                    format!(
                        "<{}> appears more than once (first on line {})",
                        child.name, first.line
                    ),
                ));
            }
            by_name.insert(child.name.as_str(), child);
        }
        Ok(Top { by_name })
    }

    pub fn element(&self, name: &str) -> Option<&'a Element> {
        self.by_name.get(name).copied()
    }

    /// The trimmed value and line of a value element, if present and non-empty.
    pub fn text(&self, cx: &Cx, name: &str) -> Result<Option<(&'a str, usize)>, ConfigError> {
        match self.element(name) {
            None => Ok(None),
            Some(el) => Ok(leaf_text(cx, el)?.map(|t| (t, el.line))),
        }
    }

    pub fn string(&self, cx: &Cx, name: &str) -> Result<Option<String>, ConfigError> {
        Ok(self.text(cx, name)?.map(|(t, _)| t.to_string()))
    }

    /// An integer setting: `valid` checks the value, `invalid` is the message
    /// (0.6's where it had one) when it fails.
    pub fn int<T: TryFrom<i64>>(
        &self,
        cx: &Cx,
        name: &str,
        default: T,
        valid: impl Fn(i64) -> bool,
        invalid: &str,
    ) -> Result<T, ConfigError> {
        let Some((raw, line)) = self.text(cx, name)? else {
            return Ok(default);
        };
        let at = format!("<{name}>");
        let v: i64 = values::integer(raw).map_err(|m| cx.invalid(line, &at, m))?;
        if !valid(v) {
            return Err(cx.invalid(line, &at, format!("{invalid} (found {v})")));
        }
        T::try_from(v).map_err(|_| cx.invalid(line, &at, format!("{v} is out of range")))
    }

    pub fn double(
        &self,
        cx: &Cx,
        name: &str,
        default: f64,
        invalid: &str,
    ) -> Result<f64, ConfigError> {
        let Some((raw, line)) = self.text(cx, name)? else {
            return Ok(default);
        };
        let at = format!("<{name}>");
        let v = values::double(raw).map_err(|m| cx.invalid(line, &at, m))?;
        if v <= 0.0 {
            return Err(cx.invalid(line, &at, format!("{invalid} (found {raw})")));
        }
        Ok(v)
    }

    /// A boolean; `message` is 0.6's complaint for anything but true/false.
    pub fn boolean(
        &self,
        cx: &Cx,
        name: &str,
        default: bool,
        message: &str,
    ) -> Result<bool, ConfigError> {
        let Some((raw, line)) = self.text(cx, name)? else {
            return Ok(default);
        };
        values::boolean(raw).map_err(|_| {
            cx.invalid(
                line,
                format!("<{name}>"),
                format!("{message} (found '{raw}')"),
            )
        })
    }

    pub fn path(&self, cx: &Cx, name: &str) -> Result<Option<PathBuf>, ConfigError> {
        Ok(self.text(cx, name)?.map(|(t, _)| PathBuf::from(t)))
    }

    /// Values of `<Child>` elements inside a container such as `<Seeds>`.
    pub fn list(
        &self,
        cx: &mut Cx,
        container: &str,
        child: &str,
    ) -> Result<Vec<(String, usize)>, ConfigError> {
        let Some(el) = self.element(container) else {
            return Ok(Vec::new());
        };
        let mut out = Vec::new();
        for c in &el.children {
            if c.name != child {
                cx.unknown_element(c, Some(&format!("<{container}>")), &[child])?;
                continue;
            }
            match leaf_text(cx, c)? {
                Some(t) => out.push((t.to_string(), c.line)),
                None => {
                    return Err(cx.invalid(
                        c.line,
                        format!("<{child}>"),
                        format!("<{child}> may not be empty"),
                    ))
                }
            }
        }
        Ok(out)
    }
}
