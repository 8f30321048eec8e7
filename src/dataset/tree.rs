//! One document tree for the three dataset formats, with a line on every
//! node: XML through the config's quick-xml element tree, YAML through the
//! config's saphyr-parser node tree, and JSON checked strictly with
//! serde_json first, then read through the YAML tree (JSON is YAML's flow
//! syntax) so that its nodes carry lines too.
//!
//! It must not know what the dataset's keys mean (see `read`).

use crate::config::xml::tree::Element;
use crate::config::yaml::tree::Node;

/// A document node. XML elements with children are maps whose repeated
/// children are repeated entries; leaf elements are text.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Tree {
    Text { value: String, line: usize },
    Null { line: usize },
    List { items: Vec<Tree>, line: usize },
    Map { entries: Vec<Entry>, line: usize },
}

#[derive(Clone, Debug, PartialEq)]
pub(super) struct Entry {
    pub key: String,
    pub line: usize,
    pub value: Tree,
}

impl Tree {
    pub fn line(&self) -> usize {
        match self {
            Tree::Text { line, .. }
            | Tree::Null { line }
            | Tree::List { line, .. }
            | Tree::Map { line, .. } => *line,
        }
    }
}

/// A syntax error: where the parser stopped, and why.
pub(super) type SyntaxError = (usize, String);

/// Parses an XML dataset; the root element must be `keyspace`.
pub(super) fn xml(text: &str) -> Result<(String, Tree), SyntaxError> {
    let root = crate::config::xml::tree::parse_document(text).map_err(|e| (e.line, e.message))?;
    Ok((local_name(&root.name).to_string(), from_element(root)))
}

fn local_name(name: &str) -> &str {
    name.rsplit_once(':').map_or(name, |(_, local)| local)
}

/// Taken apart as it is converted, as [`yaml`]'s tree is.
fn from_element(e: Element) -> Tree {
    if e.children.is_empty() {
        return Tree::Text {
            value: e.text,
            line: e.line,
        };
    }
    Tree::Map {
        entries: e
            .children
            .into_iter()
            .map(|c| Entry {
                key: local_name(&c.name).to_string(),
                line: c.line,
                value: from_element(c),
            })
            .collect(),
        line: e.line,
    }
}

/// Parses a YAML dataset (`None` when the document is empty).
pub(super) fn yaml(text: &str) -> Result<Option<Tree>, SyntaxError> {
    let root = crate::config::yaml::tree::parse_document(text).map_err(|e| (e.line, e.message))?;
    // Taken apart as it is converted: the text of the tree is moved, not
    // copied, so the file's tree is not held twice.
    Ok(root.map(from_node))
}

/// Parses a JSON dataset: strict JSON first (checked without building a
/// tree, which would take memory the budget does not see), then the same
/// text as YAML for the lines.
pub(super) fn json(text: &str) -> Result<Option<Tree>, SyntaxError> {
    if let Err(e) = serde_json::from_str::<serde::de::IgnoredAny>(text) {
        return Err((
            e.line(),
            format!("invalid JSON at column {}: {e}", e.column()),
        ));
    }
    yaml(text)
}

fn from_node(n: Node) -> Tree {
    match n {
        _ if n.is_null() => Tree::Null { line: n.line() },
        Node::Scalar { text, line, .. } => Tree::Text { value: text, line },
        Node::Seq { items, line } => Tree::List {
            items: items.into_iter().map(from_node).collect(),
            line,
        },
        Node::Map { entries, line } => Tree::Map {
            entries: entries
                .into_iter()
                .map(|e| Entry {
                    key: e.key,
                    line: e.key_line,
                    value: from_node(e.value),
                })
                .collect(),
            line,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_gets_lines_and_rejects_what_yaml_would_take() {
        let t = json("{\n \"name\": \"ks\",\n \"n\": 1\n}")
            .unwrap()
            .unwrap();
        let Tree::Map { entries, .. } = t else {
            panic!("a map")
        };
        assert_eq!(entries[1].key, "n");
        assert_eq!(entries[1].line, 3);
        let (line, message) = json("{\n name: ks\n}").unwrap_err();
        assert_eq!(line, 2);
        assert!(message.contains("invalid JSON"), "{message}");
    }

    #[test]
    fn xml_repeated_children_and_namespaces() {
        let (root, t) = xml(
            "<ns:keyspace xmlns:ns=\"x\"><ns:name>k</ns:name>\n<ns:name>j</ns:name></ns:keyspace>",
        )
        .unwrap();
        assert_eq!(root, "keyspace");
        let Tree::Map { entries, .. } = t else {
            panic!("a map")
        };
        assert_eq!(entries.len(), 2);
        assert_eq!(entries[1].key, "name");
        assert_eq!(entries[1].line, 2);
    }
}
