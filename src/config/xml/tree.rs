//! A minimal element tree over quick-xml, with a line number on every
//! element and attribute.
//!
//! Cassandra 0.6 read its configuration through a DOM and XPath; this module
//! is our equivalent of the DOM, so the rest of the config code can ask
//! "which children called X, and on which line". The tree counts against
//! the file's memory budget ([`Budget`]) as it is built. It knows nothing
//! about what the elements mean.

use crate::input_bounds::{too_deep, Budget, MAX_NESTING};
use quick_xml::events::{BytesStart, Event};
use quick_xml::Reader;

/// One attribute with the line its name starts on.
#[derive(Debug, Clone)]
pub(crate) struct Attr {
    pub name: String,
    pub value: String,
    pub line: usize,
}

/// One element: its attributes, child elements and directly contained text.
#[derive(Debug, Clone)]
pub(crate) struct Element {
    pub name: String,
    /// Line of the element's `<`.
    pub line: usize,
    pub attrs: Vec<Attr>,
    pub children: Vec<Element>,
    /// Character data and CDATA directly inside the element, unescaped and
    /// concatenated (comments between pieces are dropped, as XPath does).
    pub text: String,
}

impl Element {
    /// The memory a new element takes, for the parse's budget: itself,
    /// its name and its attributes.
    fn size(&self) -> usize {
        let attrs: usize = self
            .attrs
            .iter()
            .map(|a| std::mem::size_of::<Attr>() + a.name.len() + a.value.len())
            .sum();
        std::mem::size_of::<Element>() + self.name.len() + attrs
    }

    pub fn attr(&self, name: &str) -> Option<&Attr> {
        self.attrs.iter().find(|a| a.name == name)
    }
}

/// The XML itself is malformed; `line` is where the parser stopped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct XmlError {
    pub line: usize,
    pub message: String,
}

/// Maps byte offsets to 1-based line numbers.
pub(crate) struct Lines {
    newlines: Vec<usize>,
}

impl Lines {
    pub fn new(text: &str) -> Lines {
        Lines {
            newlines: text
                .bytes()
                .enumerate()
                .filter(|(_, b)| *b == b'\n')
                .map(|(i, _)| i)
                .collect(),
        }
    }

    pub fn line_of(&self, offset: usize) -> usize {
        // Number of newlines strictly before `offset`, plus one.
        self.newlines.partition_point(|&nl| nl < offset) + 1
    }
}

/// Offset of `part` inside `whole` when `part` borrows from it.
fn offset_within(whole: &str, part: &[u8]) -> Option<usize> {
    let start = whole.as_ptr() as usize;
    let p = part.as_ptr() as usize;
    (p >= start && p + part.len() <= start + whole.len()).then(|| p - start)
}

/// Parses a whole document and returns its single root element.
pub(crate) fn parse_document(text: &str) -> Result<Element, XmlError> {
    // A byte-order mark is legal at the very start (editors on Windows add one).
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let lines = Lines::new(text);
    let mut reader = Reader::from_str(text);
    // Whitespace is kept so that the position before each event is exactly
    // the event's first byte (otherwise line numbers drift).
    reader.config_mut().trim_text(false);

    let mut tree = Builder {
        stack: Vec::new(),
        root: None,
    };
    // Entities are not expanded (only the five predefined ones and
    // character references, which shorten the text), but the tree of
    // dense markup takes many times its text.
    let mut budget = Budget::for_text(text.len());
    let mut spend = |bytes: usize, line: usize| {
        budget.built(bytes).map_err(|e| XmlError {
            line,
            message: e.to_string(),
        })
    };
    loop {
        let start = reader.buffer_position() as usize;
        let event = reader.read_event().map_err(|e| XmlError {
            line: lines.line_of(reader.error_position() as usize),
            message: e.to_string(),
        })?;
        let line = lines.line_of(start);
        // The tree is built without recursion, but it is walked and
        // dropped recursively: elements nest at most as deep as any
        // outside input.
        if matches!(event, Event::Start(_) | Event::Empty(_)) && tree.stack.len() >= MAX_NESTING {
            return Err(XmlError {
                line,
                message: too_deep("elements"),
            });
        }
        match event {
            Event::Start(tag) => {
                let element = open_element(text, &lines, &tag, line)?;
                spend(element.size(), line)?;
                tree.start(element)?
            }
            Event::Empty(tag) => {
                let element = open_element(text, &lines, &tag, line)?;
                spend(element.size(), line)?;
                tree.empty(element)?
            }
            Event::End(_) => tree.end(line)?,
            Event::Text(t) => {
                let s = t.unescape().map_err(|e| XmlError {
                    line,
                    message: e.to_string(),
                })?;
                spend(s.len(), line)?;
                tree.text(&s, line)?;
            }
            Event::CData(c) => {
                let s = std::str::from_utf8(&c).map_err(|e| XmlError {
                    line,
                    message: e.to_string(),
                })?;
                spend(s.len(), line)?;
                tree.cdata(s, line)?;
            }
            Event::Comment(_) | Event::Decl(_) | Event::PI(_) | Event::DocType(_) => {}
            Event::Eof => break,
        }
    }
    tree.finish(lines.line_of(text.len()))
}

/// The tree as the events build it: the elements open so far, innermost
/// last, and the root once it is closed.
struct Builder {
    stack: Vec<Element>,
    root: Option<Element>,
}

impl Builder {
    fn start(&mut self, element: Element) -> Result<(), XmlError> {
        if self.root.is_some() && self.stack.is_empty() {
            return Err(second_root(&element));
        }
        self.stack.push(element);
        Ok(())
    }

    fn empty(&mut self, element: Element) -> Result<(), XmlError> {
        match self.stack.last_mut() {
            Some(parent) => parent.children.push(element),
            None if self.root.is_none() => self.root = Some(element),
            None => return Err(second_root(&element)),
        }
        Ok(())
    }

    fn end(&mut self, line: usize) -> Result<(), XmlError> {
        // quick-xml has already checked that the names match.
        let done = self.stack.pop().ok_or_else(|| XmlError {
            line,
            message: "unexpected closing tag".into(),
        })?;
        match self.stack.last_mut() {
            Some(parent) => parent.children.push(done),
            None => self.root = Some(done),
        }
        Ok(())
    }

    fn text(&mut self, s: &str, line: usize) -> Result<(), XmlError> {
        match self.stack.last_mut() {
            Some(el) => el.text.push_str(s),
            None if s.trim().is_empty() => {}
            None => {
                return Err(XmlError {
                    line,
                    message: "text outside the root element".into(),
                })
            }
        }
        Ok(())
    }

    fn cdata(&mut self, s: &str, line: usize) -> Result<(), XmlError> {
        match self.stack.last_mut() {
            Some(el) => el.text.push_str(s),
            None => {
                return Err(XmlError {
                    line,
                    message: "CDATA outside the root element".into(),
                })
            }
        }
        Ok(())
    }

    /// The root, once the document has ended (`last_line` is its last line).
    fn finish(self, last_line: usize) -> Result<Element, XmlError> {
        if let Some(open) = self.stack.last() {
            return Err(XmlError {
                line: last_line,
                message: format!(
                    "element <{}> opened on line {} is never closed",
                    open.name, open.line
                ),
            });
        }
        self.root.ok_or(XmlError {
            line: 1,
            message: "the document has no root element".into(),
        })
    }
}

fn second_root(element: &Element) -> XmlError {
    XmlError {
        line: element.line,
        message: format!(
            "a second root element <{}> after the first one",
            element.name
        ),
    }
}

fn open_element(
    text: &str,
    lines: &Lines,
    tag: &BytesStart<'_>,
    line: usize,
) -> Result<Element, XmlError> {
    let name = String::from_utf8_lossy(tag.name().as_ref()).into_owned();
    let mut attrs = Vec::new();
    for attr in tag.attributes() {
        let attr = attr.map_err(|e| XmlError {
            line,
            message: format!("in <{name}>: {e}"),
        })?;
        let attr_line = offset_within(text, attr.key.as_ref())
            .map(|o| lines.line_of(o))
            .unwrap_or(line);
        let value = attr.unescape_value().map_err(|e| XmlError {
            line: attr_line,
            message: e.to_string(),
        })?;
        attrs.push(Attr {
            name: String::from_utf8_lossy(attr.key.as_ref()).into_owned(),
            value: value.into_owned(),
            line: attr_line,
        });
    }
    Ok(Element {
        name,
        line,
        attrs,
        children: Vec::new(),
        text: String::new(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_one_based() {
        let l = Lines::new("a\nb\n\nc");
        assert_eq!(l.line_of(0), 1);
        assert_eq!(l.line_of(1), 1); // the newline itself belongs to line 1
        assert_eq!(l.line_of(2), 2);
        assert_eq!(l.line_of(5), 4);
    }

    #[test]
    fn tree_with_lines() {
        let doc = "<?xml version=\"1.0\"?>\n<Storage>\n  <!-- c -->\n  <A>x &amp; y</A>\n  <B k=\"v\"\n     j=\"w\"/>\n</Storage>\n";
        let root = parse_document(doc).unwrap();
        assert_eq!(root.name, "Storage");
        assert_eq!(root.line, 2);
        assert_eq!(root.children.len(), 2);
        assert_eq!(root.children[0].text, "x & y");
        assert_eq!(root.children[0].line, 4);
        let b = &root.children[1];
        assert_eq!(b.line, 5);
        assert_eq!(b.attr("k").unwrap().line, 5);
        assert_eq!(b.attr("j").unwrap().line, 6);
        assert_eq!(b.attr("j").unwrap().value, "w");
    }

    #[test]
    fn byte_order_mark_is_skipped() {
        let root = parse_document("\u{feff}<?xml version=\"1.0\"?>\n<S/>").unwrap();
        assert_eq!((root.name.as_str(), root.line), ("S", 2));
    }

    #[test]
    fn cdata_and_split_text() {
        let root = parse_document("<S><A>a<!-- x -->b<![CDATA[<c>]]></A></S>").unwrap();
        assert_eq!(root.children[0].text, "ab<c>");
    }

    /// Elements nest [`MAX_NESTING`] deep (the root is level 1) and no
    /// deeper; the tree of the deepest is built, walked and dropped on a
    /// thread with an eighth of a request thread's stack.
    #[test]
    fn nesting_is_bounded() {
        let doc = |n: usize| format!("<S>\n{}{}</S>", "<a>".repeat(n - 1), "</a>".repeat(n - 1));
        let at = doc(MAX_NESTING);
        let depth = std::thread::Builder::new()
            .stack_size(crate::input_bounds::TEST_STACK_BYTES)
            .spawn(move || {
                fn depth(e: &Element) -> usize {
                    1 + e.children.iter().map(depth).max().unwrap_or(0)
                }
                depth(&parse_document(&at).unwrap())
            })
            .unwrap()
            .join()
            .unwrap();
        assert_eq!(depth, MAX_NESTING);
        let e = parse_document(&doc(MAX_NESTING + 1)).unwrap_err();
        assert_eq!(e.line, 2);
        assert_eq!(e.message, "elements nested more than 64 levels deep");
        let empty = format!("<S>{}<b/>{}</S>", "<a>".repeat(63), "</a>".repeat(63));
        assert_eq!(parse_document(&empty).unwrap_err().message, e.message);
        let e = parse_document(&doc(50_000)).unwrap_err();
        assert_eq!(
            (e.line, e.message.as_str()),
            (2, "elements nested more than 64 levels deep")
        );
    }

    #[test]
    fn malformed_documents_report_a_line() {
        let e = parse_document("<Storage>\n<A>\n</B>\n</Storage>").unwrap_err();
        assert_eq!(e.line, 3, "{e:?}");
        let e = parse_document("<Storage>\n<A>\n").unwrap_err();
        assert!(e.message.contains("never closed") || e.line >= 2, "{e:?}");
        let e = parse_document("<S/>\n<T/>").unwrap_err();
        assert_eq!(e.line, 2);
        assert!(parse_document("").is_err());
        let e = parse_document("<S>\n<A b=\"1\" b=\"2\"/></S>").unwrap_err();
        assert_eq!(e.line, 2, "{e:?}");
    }
}
