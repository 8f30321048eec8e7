//! Bounds on input that comes from outside (a client's statement, a type
//! name from the wire, a dataset or configuration file): how deep it may
//! nest and which files may be read, and how much of them.
//!
//! Owns the one nesting bound every parser of outside input counts against,
//! and the one way such files are read. It must not know any format or any
//! protocol's error shape: each parser words its own refusal (around
//! [`too_deep`]) the way its surface reports a syntax error.
//!
//! Why a count and not the stack: a recursive parser (or a recursive drop
//! of the tree it built) given input nested ten thousand deep runs a
//! thread off its stack, and a stack overflow aborts the whole server.

use std::fs::File;
use std::io::{self, Read};
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
