//! Bounds on input that comes from outside (a client's statement, a type
//! name from the wire, a dataset or configuration file): how deep it may
//! nest and which files may be read, and how much of them.
//!
//! Owns the one nesting bound every parser of outside input counts against,
//! the one memory budget every parser of a file counts its tree against
//! ([`Budget`]), and the one way such files are read. It must not know any format or any
//! protocol's error shape: each parser words its own refusal (around
//! [`too_deep`]) the way its surface reports a syntax error.
//!
//! Why a count and not the stack: a recursive parser (or a recursive drop
//! of the tree it built) given input nested ten thousand deep runs a
//! thread off its stack, and a stack overflow aborts the whole server.

use std::fs::File;
use std::io::{self, BufRead, Read};
use std::path::Path;

/// How deep any input from outside may nest: function calls, casts and
/// collection literals in a CQL statement, collection types, type names
/// (`CompositeType(ReversedType(...))`), structs and containers of a
/// Thrift request, elements of an XML file, lists and mappings of a YAML
/// or JSON file. One more level is refused.
///
/// No real statement, type or file comes near it (a cassandra.yaml nests
/// 4 deep, a dataset 6, a CQL statement rarely more than 3), and it is far
/// below what overflows a stack: the request threads (tokio's workers and
/// blocking pool) have 2 MiB, and the deepest parse allowed is tested on a
/// thread with an eighth of that.
pub const MAX_NESTING: usize = 64;

/// The stack a thread is given in the tests that parse input nested
/// [`MAX_NESTING`] deep: an eighth of the 2 MiB the server's request
/// threads have, so that the bound holds with room to spare.
#[cfg(test)]
pub(crate) const TEST_STACK_BYTES: usize = 256 * 1024;

/// The tail of every refusal of input nested too deep, e.g. `input nested
/// more than 64 levels deep`; `what` names what nests.
pub fn too_deep(what: &str) -> String {
    format!("{what} nested more than {MAX_NESTING} levels deep")
}

/// The largest dataset file read (`serve --dataset`, `supercolumn load`).
/// A dataset is a test fixture read whole into memory, and its document
/// tree takes some 10 to 20 times its text: 64 MiB of text is more than
/// any fixture needs and still a bounded load at start. Bulk data belongs
/// in `stress` or `load` scripts run over the wire.
pub const MAX_DATASET_BYTES: u64 = 64 * 1024 * 1024;

/// The largest configuration file read (`--config`): a storage-conf.xml
/// or cassandra.yaml is a few tens of KiB even with hundreds of column
/// families.
pub const MAX_CONFIG_BYTES: u64 = 16 * 1024 * 1024;

/// The most memory the document tree of one file may take (its nodes,
/// their text, and the copies its aliases make), whatever the file's
/// size: a configuration's tree takes some hundreds of KiB, a 64 MiB
/// dataset's some 10 to 20 times its text, and the densest markup (`<a/>`
/// after `<a/>`, `[1,1,1,...]`) about 30 times. A file whose tree would
/// pass it is refused before the tree takes the memory.
pub const MAX_TREE_BYTES: usize = 512 * MIB;

/// The least a file's aliases may copy, however short the file: a
/// configuration that aliases a column family's metadata a few times
/// copies some KiB.
pub const MIN_ALIAS_BYTES: usize = MIB;

const MIB: usize = 1024 * 1024;

/// The longest line a shell reads from a script, a pipe or a COPY FROM
/// stream (`cqlsh -f`, `cli -f`, stdin): a statement with a large blob
/// literal fits many times over, and a stream with no line end
/// (`/dev/zero`) is refused at it instead of filling memory.
pub const MAX_LINE_BYTES: u64 = 64 * 1024 * 1024;

/// The largest file cqlsh's `COPY ... FROM 'file'` reads: it reads the file
/// whole before it inserts (the records take some 3 times the text), so
/// 256 MiB of CSV holds the shell near 1 GiB; larger loads belong in
/// several files or in `supercolumn load`/`stress`.
pub const MAX_COPY_BYTES: u64 = 256 * 1024 * 1024;

/// What the parse of one file has built so far, against the bounds every
/// parser of a file shares: the whole tree under [`MAX_TREE_BYTES`], and
/// the copies made by YAML aliases (each a copy of its anchor's node, so
/// that a 1 MiB string aliased a thousand times would take a GiB from a
/// file of one MiB) under as many bytes as the file's text has, at least
/// [`MIN_ALIAS_BYTES`]. A parser counts each node it builds as it builds
/// it ([`Budget::built`], [`Budget::copied`]): its own size and the text
/// it owns, so that the file holds the server to a small multiple of its
/// size.
#[derive(Debug)]
pub struct Budget {
    built: usize,
    copied: usize,
    copy_limit: usize,
}

/// Why a parse stopped: what passed which bound. Each parser words where
/// (the file and line) around it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OverBudget {
    #[error("the document takes more than {} in memory", show(MAX_TREE_BYTES as u64))]
    Tree,
    #[error(
        "the aliases copy more than {} (each alias is a copy of its anchor's node; \
         the copies may take as many bytes as the file, at least {})",
        show(*.limit as u64),
        show(MIN_ALIAS_BYTES as u64)
    )]
    Copies { limit: usize },
}

impl Budget {
    /// The budget of a parse of `text_len` bytes of text.
    pub fn for_text(text_len: usize) -> Budget {
        Budget {
            built: 0,
            copied: 0,
            copy_limit: text_len.max(MIN_ALIAS_BYTES),
        }
    }

    /// `bytes` more of tree, parsed from the text.
    pub fn built(&mut self, bytes: usize) -> Result<(), OverBudget> {
        self.built = self.built.saturating_add(bytes);
        if self.built > MAX_TREE_BYTES {
            return Err(OverBudget::Tree);
        }
        Ok(())
    }

    /// `bytes` more of tree copied by an alias, counted before the copy
    /// is made.
    pub fn copied(&mut self, bytes: usize) -> Result<(), OverBudget> {
        self.copied = self.copied.saturating_add(bytes);
        if self.copied > self.copy_limit {
            return Err(OverBudget::Copies {
                limit: self.copy_limit,
            });
        }
        self.built(bytes)
    }
}

/// Reads a whole file that must be a regular file (a symbolic link to one
/// is fine) of at most `max` bytes. A FIFO, socket or device is refused
/// before it is opened (opening a FIFO blocks until a writer comes; a
/// device may never end), and the read stops one byte past `max` should
/// the file change under it.
pub fn read_regular_file(path: &Path, max: u64) -> io::Result<Vec<u8>> {
    regular_size(&std::fs::metadata(path)?, max)?;
    let mut file = File::open(path)?;
    // The file opened may not be the one looked at (a rename in between).
    let size = regular_size(&file.metadata()?, max)?;
    let mut bytes = Vec::with_capacity(size as usize);
    file.by_ref().take(max + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > max {
        return Err(too_large(bytes.len() as u64, max));
    }
    Ok(bytes)
}

/// Reads a whole stream (a file, a FIFO, `/dev/stdin`) of at most `max`
/// bytes; one byte more and it is refused, having held no more than that.
pub fn read_at_most(reader: impl Read, max: u64) -> io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    reader.take(max + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > max {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("it is over the limit of {}", show(max)),
        ));
    }
    Ok(bytes)
}

/// The lines of `reader` as `BufRead::lines` gives them (no `\n` or
/// `\r\n`, UTF-8 checked), each of at most `max` bytes: a longer line ends
/// the lines with an error, having held no more than `max` bytes of it.
pub fn bounded_lines<R: BufRead>(reader: R, max: u64) -> BoundedLines<R> {
    BoundedLines {
        reader,
        max,
        line: 0,
        failed: false,
    }
}

/// See [`bounded_lines`].
pub struct BoundedLines<R> {
    reader: R,
    max: u64,
    line: u64,
    failed: bool,
}

impl<R: BufRead> Iterator for BoundedLines<R> {
    type Item = io::Result<String>;

    fn next(&mut self) -> Option<io::Result<String>> {
        if self.failed {
            return None;
        }
        self.line += 1;
        let mut bytes = Vec::new();
        // One byte past the limit tells a line of exactly `max` bytes and
        // its newline from a longer one.
        match (&mut self.reader)
            .take(self.max + 1)
            .read_until(b'\n', &mut bytes)
        {
            Ok(0) => return None,
            Ok(_) => {}
            Err(e) => {
                self.failed = true;
                return Some(Err(e));
            }
        }
        if bytes.last() == Some(&b'\n') {
            bytes.pop();
            if bytes.last() == Some(&b'\r') {
                bytes.pop();
            }
        }
        if bytes.len() as u64 > self.max {
            self.failed = true;
            return Some(Err(io::Error::new(
                io::ErrorKind::InvalidData,
                format!(
                    "line {} is longer than the limit of {}",
                    self.line,
                    show(self.max)
                ),
            )));
        }
        Some(String::from_utf8(bytes).map_err(|_| {
            self.failed = true;
            io::Error::new(
                io::ErrorKind::InvalidData,
                "stream did not contain valid UTF-8",
            )
        }))
    }
}

/// The size of a regular file of at most `max` bytes; otherwise why not.
fn regular_size(meta: &std::fs::Metadata, max: u64) -> io::Result<u64> {
    let kind = meta.file_type();
    if !kind.is_file() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("not a regular file ({})", kind_name(&kind)),
        ));
    }
    if meta.len() > max {
        return Err(too_large(meta.len(), max));
    }
    Ok(meta.len())
}

fn too_large(size: u64, max: u64) -> io::Error {
    io::Error::new(
        io::ErrorKind::InvalidInput,
        format!("the file is {size} bytes, over the limit of {}", show(max)),
    )
}

/// `64 MiB` for whole MiBs, else bytes.
fn show(bytes: u64) -> String {
    const MIB: u64 = 1024 * 1024;
    if bytes >= MIB && bytes.is_multiple_of(MIB) {
        format!("{} MiB", bytes / MIB)
    } else {
        format!("{bytes} bytes")
    }
}

fn kind_name(kind: &std::fs::FileType) -> &'static str {
    use std::os::unix::fs::FileTypeExt;
    if kind.is_dir() {
        "a directory"
    } else if kind.is_fifo() {
        "a FIFO"
    } else if kind.is_socket() {
        "a socket"
    } else if kind.is_char_device() {
        "a character device"
    } else if kind.is_block_device() {
        "a block device"
    } else {
        "not a file"
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    #[test]
    fn lines_are_bounded_and_read_as_bufread_reads_them() {
        let text = "one\r\ntwo\n\nthree";
        let lines: Vec<String> = bounded_lines(text.as_bytes(), 5)
            .map(|l| l.unwrap())
            .collect();
        assert_eq!(lines, vec!["one", "two", "", "three"]);
        // A line of exactly the limit passes; one byte more ends the lines.
        let mut it = bounded_lines("12345\n123456\nnext\n".as_bytes(), 5);
        assert_eq!(it.next().unwrap().unwrap(), "12345");
        let e = it.next().unwrap().unwrap_err();
        assert_eq!(e.to_string(), "line 2 is longer than the limit of 5 bytes");
        assert!(it.next().is_none());
        // A stream with no line end is refused at the limit, not read on.
        let zeros = std::io::BufReader::new(std::io::repeat(0));
        let e = bounded_lines(zeros, 1 << 20).next().unwrap().unwrap_err();
        assert!(e.to_string().contains("1 MiB"), "{e}");
        let e = bounded_lines(&b"\xff\n"[..], 5)
            .next()
            .unwrap()
            .unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::InvalidData);
    }

    #[test]
    fn streams_are_read_whole_up_to_the_limit() {
        assert_eq!(read_at_most(&b"abc"[..], 3).unwrap(), b"abc");
        let e = read_at_most(std::io::repeat(7), 1 << 20).unwrap_err();
        assert_eq!(e.to_string(), "it is over the limit of 1 MiB");
    }

    #[test]
    fn regular_files_up_to_the_limit_are_read() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("f");
        std::fs::write(&path, b"0123456789").unwrap();
        assert_eq!(read_regular_file(&path, 10).unwrap(), b"0123456789");
        let e = read_regular_file(&path, 9).unwrap_err().to_string();
        assert_eq!(e, "the file is 10 bytes, over the limit of 9 bytes");
        assert_eq!(show(MAX_DATASET_BYTES), "64 MiB");
        // A link to a regular file is that file.
        let link = dir.path().join("l");
        std::os::unix::fs::symlink(&path, &link).unwrap();
        assert_eq!(read_regular_file(&link, 10).unwrap().len(), 10);
    }

    #[test]
    fn budgets_bound_the_tree_and_the_copies() {
        let mut b = Budget::for_text(10);
        b.copied(MIN_ALIAS_BYTES).unwrap();
        let e = b.copied(1).unwrap_err();
        assert_eq!(e, OverBudget::Copies { limit: MIB });
        assert!(
            e.to_string()
                .starts_with("the aliases copy more than 1 MiB"),
            "{e}"
        );
        // A longer file may copy as many bytes as it has.
        let mut b = Budget::for_text(3 * MIB);
        b.copied(3 * MIB).unwrap();
        assert!(b.copied(1).is_err());
        // The tree as a whole, copies included.
        let mut b = Budget::for_text(64 * MIB);
        b.built(MAX_TREE_BYTES - 64 * MIB).unwrap();
        b.copied(64 * MIB).unwrap();
        assert_eq!(b.built(1), Err(OverBudget::Tree));
        assert_eq!(
            OverBudget::Tree.to_string(),
            "the document takes more than 512 MiB in memory"
        );
    }

    #[test]
    fn fifos_devices_and_directories_are_refused_unopened() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("fifo");
        let made = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap();
        assert!(made.success());
        // Opening it would block for ever: the refusal comes first.
        let e = read_regular_file(&fifo, 1 << 20).unwrap_err().to_string();
        assert_eq!(e, "not a regular file (a FIFO)");
        let zero = dir.path().join("zero");
        std::os::unix::fs::symlink("/dev/zero", &zero).unwrap();
        let e = read_regular_file(&zero, 1 << 20).unwrap_err().to_string();
        assert_eq!(e, "not a regular file (a character device)");
        let e = read_regular_file(dir.path(), 1 << 20).unwrap_err();
        assert_eq!(e.to_string(), "not a regular file (a directory)");
        let mut f = std::fs::File::create(dir.path().join("ok")).unwrap();
        f.write_all(b"x").unwrap();
        assert!(read_regular_file(&dir.path().join("ok"), 1).is_ok());
    }

    #[test]
    fn refusals_name_the_bound() {
        assert_eq!(too_deep("input"), "input nested more than 64 levels deep");
    }
}
