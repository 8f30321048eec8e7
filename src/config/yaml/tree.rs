//! A minimal YAML node tree over `saphyr-parser`'s events, with a line
//! number on every node and mapping key.
//!
//! Cassandra read `cassandra.yaml` with SnakeYAML into a Java bean; this
//! module is our equivalent of the parse step only: scalars stay text (with
//! whether they were plain or quoted), so the reader can type each setting
//! the way SnakeYAML typed that bean field. Anchors and aliases are
//! resolved, each alias a copy of its anchor's node; a second document, a
//! complex (non-scalar) key or a key given twice is an error, and so are
//! lists and mappings nested deeper than any outside input may nest, and
//! a tree or aliases' copies past the file's [`Budget`]: a "billion
//! laughs" document (a kilobyte of aliases of aliases that expands to
//! billions of nodes), or a 1 MiB string aliased a thousand times, is
//! refused where its copies pass the bound, before they take the memory.
//! Every node is counted in bytes (its own size and its text), and a copy
//! as many bytes as its anchor's node (an alias within an anchor is
//! counted again each time that anchor is copied). It knows nothing about
//! what the keys mean.

use crate::input_bounds::{too_deep, Budget, OverBudget, MAX_NESTING};
use saphyr_parser::{Event, Parser, ScalarStyle, Span};
use std::collections::HashMap;
use std::mem::size_of;

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
        /// Bytes of tree in it so far, itself included.
        size: usize,
    },
    Map {
        entries: Vec<Entry>,
        /// A key read, waiting for its value.
        key: Option<(String, usize)>,
        line: usize,
        anchor: usize,
        /// Bytes of tree in it so far, itself and its keys included.
        size: usize,
    },
}

impl Open {
    fn size(&mut self) -> &mut usize {
        match self {
            Open::Seq { size, .. } | Open::Map { size, .. } => size,
        }
    }
}

/// Parses the first document of `text`; `None` for a document holding
/// nothing (an empty or all-comment file).
pub(crate) fn parse_document(text: &str) -> Result<Option<Node>, YamlError> {
    let mut parser = Parser::new_from_str(text);
    let mut tree = Builder {
        stack: Vec::new(),
        anchors: HashMap::new(),
        budget: Budget::for_text(text.len()),
        root: None,
        documents: 0,
    };
    while let Some(next) = parser.next_event() {
        let (event, span) = next.map_err(|e| YamlError {
            line: e.marker().line(),
            message: e.info().to_string(),
        })?;
        let line = line_of(&span);
        let done = match event {
            Event::StreamStart | Event::StreamEnd | Event::Nothing | Event::DocumentEnd => None,
            Event::DocumentStart(_) => {
                tree.document_start(line)?;
                None
            }
            Event::Alias(id) => Some(tree.alias(id, line)?),
            Event::Scalar(value, style, anchor, _tag) => {
                let size = size_of::<Node>() + value.len();
                tree.built(size, line)?;
                let node = Node::Scalar {
                    text: value.into_owned(),
                    plain: style == ScalarStyle::Plain,
                    line,
                };
                Some(tree.anchored(node, anchor, size)?)
            }
            Event::SequenceStart(..) | Event::MappingStart(..)
                if tree.stack.len() >= MAX_NESTING =>
            {
                // The tree is built without recursion, but it is walked and
                // dropped recursively.
                return Err(YamlError {
                    line,
                    message: too_deep("lists and mappings"),
                });
            }
            Event::SequenceStart(anchor, _) => {
                tree.built(size_of::<Node>(), line)?;
                tree.stack.push(Open::Seq {
                    items: Vec::new(),
                    line,
                    anchor,
                    size: size_of::<Node>(),
                });
                None
            }
            Event::MappingStart(anchor, _) => {
                tree.built(size_of::<Node>(), line)?;
                tree.stack.push(Open::Map {
                    entries: Vec::new(),
                    key: None,
                    line,
                    anchor,
                    size: size_of::<Node>(),
                });
                None
            }
            Event::SequenceEnd | Event::MappingEnd => Some(tree.close(line)?),
        };
        if let Some((node, size)) = done {
            tree.place(node, size)?;
        }
    }
    Ok(tree.root.filter(|r| !r.is_null()))
}

/// The tree as the events build it: the collections open so far,
/// innermost last, the anchored nodes, what the tree has taken, and the
/// root once it is complete.
struct Builder {
    stack: Vec<Open>,
    /// Each anchored node with its size in bytes.
    anchors: HashMap<usize, (Node, usize)>,
    budget: Budget,
    root: Option<Node>,
    documents: usize,
}

fn over(line: usize, e: OverBudget) -> YamlError {
    YamlError {
        line,
        message: e.to_string(),
    }
}

impl Builder {
    fn document_start(&mut self, line: usize) -> Result<(), YamlError> {
        self.documents += 1;
        if self.documents > 1 {
            return Err(YamlError {
                line,
                message: "a second YAML document; the configuration is one document".into(),
            });
        }
        Ok(())
    }

    /// `size` bytes of tree parsed from the text.
    fn built(&mut self, size: usize, line: usize) -> Result<(), YamlError> {
        self.budget.built(size).map_err(|e| over(line, e))
    }

    /// A copy of the anchored node, counted against the budget before it
    /// is made.
    fn alias(&mut self, id: usize, line: usize) -> Result<(Node, usize), YamlError> {
        let (node, size) = self.anchors.get(&id).ok_or(YamlError {
            line,
            message: "an alias to an unknown anchor".into(),
        })?;
        self.budget.copied(*size).map_err(|e| over(line, e))?;
        Ok((node.clone(), *size))
    }

    /// A finished node of `size` bytes, remembered when it has an anchor
    /// (the copy kept is tree too).
    fn anchored(
        &mut self,
        node: Node,
        anchor: usize,
        size: usize,
    ) -> Result<(Node, usize), YamlError> {
        if anchor > 0 {
            self.built(size, node.line())?;
            self.anchors.insert(anchor, (node.clone(), size));
        }
        Ok((node, size))
    }

    /// Closes the innermost open collection.
    fn close(&mut self, line: usize) -> Result<(Node, usize), YamlError> {
        let (node, anchor, size) = match self.stack.pop() {
            Some(Open::Seq {
                items,
                line,
                anchor,
                size,
            }) => (Node::Seq { items, line }, anchor, size),
            Some(Open::Map {
                entries,
                line,
                anchor,
                size,
                ..
            }) => (Node::Map { entries, line }, anchor, size),
            None => {
                return Err(YamlError {
                    line,
                    message: "a collection closed that was never opened".into(),
                })
            }
        };
        self.anchored(node, anchor, size)
    }

    /// Puts a finished node where it belongs: the root, the next item of a
    /// list, or a mapping's key or the value of the key read before it.
    fn place(&mut self, node: Node, size: usize) -> Result<(), YamlError> {
        if let Some(open) = self.stack.last_mut() {
            *open.size() = open.size().saturating_add(size);
        }
        match self.stack.last_mut() {
            None => self.root = Some(node),
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
                    // The entry around the key and its value.
                    *open_size(&mut self.stack) += size_of::<Entry>();
                    self.built(size_of::<Entry>(), key_line)?;
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
        Ok(())
    }
}

/// The size of the innermost open collection.
fn open_size(stack: &mut [Open]) -> &mut usize {
    stack.last_mut().expect("a mapping is open").size()
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

    /// A "billion laughs": nine aliases of nine aliases of ..., 10^9
    /// nodes from a kilobyte.
    pub(crate) fn alias_bomb() -> String {
        let mut doc = String::from("a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n");
        for i in 1..10 {
            let p = i - 1;
            doc.push_str(&format!(
                "a{i}: &a{i} [{}]\n",
                vec![format!("*a{p}"); 9].join(", ")
            ));
        }
        doc
    }

    #[test]
    fn alias_copies_are_counted_and_bounded() {
        let e = parse_document(&alias_bomb()).unwrap_err();
        // Each level's anchor is nine copies of the last: a4's copies of
        // a3 (some 150 KiB each) pass 1 MiB on line 5.
        assert_eq!(e.line, 5, "{e:?}");
        assert!(
            e.message.starts_with("the aliases copy more than 1 MiB"),
            "{e:?}"
        );
        // Copies up to the bound are fine: a 1000-node list's bytes
        // (each node's own size and its text) as many times as fit 1 MiB.
        let list = format!("[{}]", vec!["x"; 999].join(", "));
        let size = 1000 * size_of::<Node>() + 999;
        let fit = crate::input_bounds::MIN_ALIAS_BYTES / size;
        let doc = |n: usize| format!("a: &a {list}\nb: [{}]\n", vec!["*a"; n].join(", "));
        let Some(Node::Map { entries, .. }) = parse_document(&doc(fit)).unwrap() else {
            panic!()
        };
        let Node::Seq { items, .. } = &entries[1].value else {
            panic!()
        };
        assert_eq!(items.len(), fit);
        assert!(parse_document(&doc(fit + 1)).is_err());
    }

    /// A long string aliased many times is counted by its bytes: the
    /// copies may take as many bytes as the file has.
    #[test]
    fn long_strings_are_counted_by_their_bytes() {
        let big = "x".repeat(100_000);
        let doc = |n: usize| format!("a: &b \"{big}\"\nl: [{}]\n", vec!["*b"; n].join(", "));
        // Text of ~100 KB: the floor of 1 MiB holds ten copies, not eleven.
        assert!(parse_document(&doc(10)).is_ok());
        let e = parse_document(&doc(11)).unwrap_err();
        assert_eq!(e.line, 2, "{e:?}");
        assert!(e.message.contains("more than 1 MiB"), "{e:?}");
    }

    /// Lists and mappings nest [`MAX_NESTING`] deep and no deeper; the
    /// tree of the deepest is built and dropped on a thread with an eighth
    /// of a request thread's stack.
    #[test]
    fn nesting_is_bounded() {
        let flow = |n: usize| format!("a: {}1{}\n", "[".repeat(n - 1), "]".repeat(n - 1));
        let block = |n: usize| {
            (0..n)
                .map(|i| format!("{}k{i}:\n", "  ".repeat(i)))
                .collect::<String>()
        };
        let (f, b) = (flow(MAX_NESTING), block(MAX_NESTING));
        std::thread::Builder::new()
            .stack_size(crate::input_bounds::TEST_STACK_BYTES)
            .spawn(move || {
                assert!(parse_document(&f).unwrap().is_some());
                assert!(parse_document(&b).unwrap().is_some());
            })
            .unwrap()
            .join()
            .unwrap();
        let too_deep = "lists and mappings nested more than 64 levels deep";
        let e = parse_document(&flow(MAX_NESTING + 1)).unwrap_err();
        assert_eq!((e.line, e.message.as_str()), (1, too_deep));
        let e = parse_document(&block(MAX_NESTING + 1)).unwrap_err();
        assert_eq!((e.line, e.message.as_str()), (MAX_NESTING + 1, too_deep));
        // Far deeper, saphyr-parser's own limit on flow nesting may speak
        // first: refused all the same.
        let e = parse_document(&flow(50_000)).unwrap_err();
        assert!(
            [too_deep, "recursion limit exceeded"].contains(&e.message.as_str()),
            "{e:?}"
        );
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
