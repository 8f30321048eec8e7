//! A minimal YAML node tree over `saphyr-parser`'s events, with a line
//! number on every node and mapping key.
//!
//! Cassandra read `cassandra.yaml` with SnakeYAML into a Java bean; this
//! module is our equivalent of the parse step only: scalars stay text (with
//! whether they were plain or quoted), so the reader can type each setting
//! the way SnakeYAML typed that bean field. Anchors and aliases are
//! resolved; a second document, a complex (non-scalar) key or a key given
//! twice is an error. It knows nothing about what the keys mean.

use saphyr_parser::{Event, Parser, ScalarStyle, Span};
use std::collections::HashMap;

/// One node of the document.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Node {
    Scalar {
        text: String,
        /// Plain (unquoted, not a block scalar): only these can mean null,
        /// a number or a boolean.
        plain: bool,
        line: usize,
    },
    Seq {
        items: Vec<Node>,
        line: usize,
    },
    Map {
        entries: Vec<Entry>,
        line: usize,
    },
}

/// One `key: value` pair of a mapping.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Entry {
    pub key: String,
    pub key_line: usize,
    pub value: Node,
}

impl Node {
    pub fn line(&self) -> usize {
        match self {
            Node::Scalar { line, .. } | Node::Seq { line, .. } | Node::Map { line, .. } => *line,
        }
    }

    /// True for YAML's null: an empty plain scalar, `~` or `null`.
    pub fn is_null(&self) -> bool {
        matches!(self, Node::Scalar { text, plain: true, .. }
            if matches!(text.as_str(), "" | "~" | "null" | "Null" | "NULL"))
    }

    /// What kind of node this is, for messages.
    pub fn kind(&self) -> &'static str {
        match self {
            Node::Scalar { .. } => "a value",
            Node::Seq { .. } => "a list",
            Node::Map { .. } => "a mapping",
        }
    }
}

/// The YAML is malformed; `line` is where the parser stopped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct YamlError {
    pub line: usize,
    pub message: String,
}

/// A collection being built.
enum Open {
    Seq {
        items: Vec<Node>,
        line: usize,
        anchor: usize,
    },
    Map {
        entries: Vec<Entry>,
        /// A key read, waiting for its value.
        key: Option<(String, usize)>,
        line: usize,
        anchor: usize,
    },
}

/// Parses the first document of `text`; `None` for a document holding
/// nothing (an empty or all-comment file).
pub(crate) fn parse_document(text: &str) -> Result<Option<Node>, YamlError> {
    let mut parser = Parser::new_from_str(text);
    let mut stack: Vec<Open> = Vec::new();
    let mut anchors: HashMap<usize, Node> = HashMap::new();
    let mut root: Option<Node> = None;
    let mut documents = 0;
    while let Some(next) = parser.next_event() {
        let (event, span) = next.map_err(|e| YamlError {
            line: e.marker().line(),
            message: e.info().to_string(),
        })?;
        let line = line_of(&span);
        let done = match event {
            Event::StreamStart | Event::StreamEnd | Event::Nothing | Event::DocumentEnd => None,
            Event::DocumentStart(_) => {
                documents += 1;
                if documents > 1 {
                    return Err(YamlError {
                        line,
                        message: "a second YAML document; the configuration is one document".into(),
                    });
                }
                None
            }
            Event::Alias(id) => Some(anchors.get(&id).cloned().ok_or(YamlError {
                line,
                message: "an alias to an unknown anchor".into(),
            })?),
            Event::Scalar(value, style, anchor, _tag) => {
                let node = Node::Scalar {
                    text: value.into_owned(),
                    plain: style == ScalarStyle::Plain,
                    line,
                };
                if anchor > 0 {
                    anchors.insert(anchor, node.clone());
                }
                Some(node)
            }
            Event::SequenceStart(anchor, _) => {
                stack.push(Open::Seq {
                    items: Vec::new(),
                    line,
                    anchor,
                });
                None
            }
            Event::MappingStart(anchor, _) => {
                stack.push(Open::Map {
                    entries: Vec::new(),
                    key: None,
                    line,
                    anchor,
                });
                None
            }
            Event::SequenceEnd | Event::MappingEnd => {
                let (node, anchor) = match stack.pop() {
                    Some(Open::Seq {
                        items,
                        line,
                        anchor,
                    }) => (Node::Seq { items, line }, anchor),
                    Some(Open::Map {
                        entries,
                        line,
                        anchor,
                        ..
                    }) => (Node::Map { entries, line }, anchor),
                    None => {
                        return Err(YamlError {
                            line,
                            message: "a collection closed that was never opened".into(),
                        })
                    }
                };
                if anchor > 0 {
                    anchors.insert(anchor, node.clone());
                }
                Some(node)
            }
        };
        if let Some(node) = done {
            match stack.last_mut() {
                None => root = Some(node),
                Some(Open::Seq { items, .. }) => items.push(node),
                Some(Open::Map { entries, key, .. }) => match key.take() {
                    Some((k, key_line)) => {
                        if let Some(first) = entries.iter().find(|e| e.key == k) {
                            return Err(YamlError {
                                line: key_line,
                                message: format!(
                                    "{k} appears more than once (first on line {})",
                                    first.key_line
                                ),
                            });
                        }
                        entries.push(Entry {
                            key: k,
                            key_line,
                            value: node,
                        });
                    }
                    None => match node {
                        Node::Scalar { text, line, .. } => *key = Some((text, line)),
                        other => {
                            return Err(YamlError {
                                line: other.line(),
                                message: format!("{} used as a key", other.kind()),
                            })
                        }
                    },
                },
            }
        }
    }
    Ok(root.filter(|r| !r.is_null()))
}

fn line_of(span: &Span) -> usize {
    span.start.line()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scalar(node: &Node) -> (&str, bool, usize) {
        match node {
            Node::Scalar { text, plain, line } => (text.as_str(), *plain, *line),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn mappings_lists_and_lines() {
        let doc = "# comment\ncluster_name: 'Test Cluster'\ninitial_token:\ndata_file_directories:\n    - /a\n    - \"/b\"\nseed_provider:\n    - class_name: X\n      parameters:\n          - seeds: \"127.0.0.1\"\n";
        let Some(Node::Map { entries, line }) = parse_document(doc).unwrap() else {
            panic!()
        };
        assert_eq!(line, 2);
        let keys: Vec<(&str, usize)> = entries
            .iter()
            .map(|e| (e.key.as_str(), e.key_line))
            .collect();
        assert_eq!(
            keys,
            [
                ("cluster_name", 2),
                ("initial_token", 3),
                ("data_file_directories", 4),
                ("seed_provider", 7)
            ]
        );
        assert_eq!(scalar(&entries[0].value), ("Test Cluster", false, 2));
        assert!(entries[1].value.is_null());
        let Node::Seq { items, .. } = &entries[2].value else {
            panic!()
        };
        assert_eq!(scalar(&items[0]), ("/a", true, 5));
        assert_eq!(scalar(&items[1]), ("/b", false, 6));
        let Node::Seq { items, .. } = &entries[3].value else {
            panic!()
        };
        assert!(matches!(&items[0], Node::Map { line: 8, .. }));
    }

    #[test]
    fn anchors_resolve_and_quoted_null_is_text() {
        let doc = "a: &x 5\nb: *x\nc: ''\nd: ~\n";
        let Some(Node::Map { entries, .. }) = parse_document(doc).unwrap() else {
            panic!()
        };
        assert_eq!(scalar(&entries[1].value), ("5", true, 1));
        assert!(!entries[2].value.is_null());
        assert!(entries[3].value.is_null());
    }

    #[test]
    fn malformed_documents_report_a_line() {
        let e = parse_document("a: 1\nb: [1, 2\nc: 3\n").unwrap_err();
        assert!(e.line >= 2, "{e:?}");
        let e = parse_document("a: 1\nb: 2\na: 3\n").unwrap_err();
        assert_eq!(e.line, 3);
        assert!(e.message.contains("first on line 1"), "{e:?}");
        let e = parse_document("a: 1\n---\nb: 2\n").unwrap_err();
        assert!(e.message.contains("second YAML document"), "{e:?}");
        let e = parse_document("? [a, b]\n: 1\n").unwrap_err();
        assert!(e.message.contains("used as a key"), "{e:?}");
        assert_eq!(parse_document("# nothing\n").unwrap(), None);
        assert_eq!(parse_document("").unwrap(), None);
    }
}
