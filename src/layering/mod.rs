//! The layering check: reads the order of layers that `lib.rs` states and
//! every source file under `src/`, and fails on a use that points up that
//! order, across a layer's siblings, or from a front end past `node` into the
//! data's homes. Any `mod.rs` that states an order of its own children, in
//! the same format, is checked alike (`modules`), and the children of every
//! other module must not use each other in a cycle. It also refuses
//! `#[path]` attributes (but for a unit-test file beside its code) and
//! re-exports that give an item a second path. Test-only; it reads the
//! source tree at test time and owns no behaviour of the server.
//!
//! The order is the numbered list in `lib.rs`'s header: `N. [`a`], [`b`]: ...`,
//! lowest first. A line whose names are followed by `(front ends)` marks
//! modules that may not name the modules of a line marked `(behind node)`.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

mod modules;

/// One module's place in the stated order.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Place {
    layer: usize,
    front_end: bool,
    behind_node: bool,
}

/// The numbered layer lines of a crate header (`//! N. ...`), by module name.
fn stated_order(lib_rs: &str) -> Result<BTreeMap<String, Place>, String> {
    let mut order = BTreeMap::new();
    for line in lib_rs.lines() {
        let Some(text) = line.strip_prefix("//! ") else {
            continue;
        };
        let Some((number, rest)) = text.split_once(". ") else {
            continue;
        };
        let Ok(layer) = number.trim().parse::<usize>() else {
            continue;
        };
        let head = rest.split(':').next().unwrap_or("");
        let place = Place {
            layer,
            front_end: head.contains("(front ends)"),
            behind_node: head.contains("(behind node)"),
        };
        for name in bracketed_names(head) {
            if order.insert(name.clone(), place.clone()).is_some() {
                return Err(format!("{name} is named twice in the order"));
            }
        }
    }
    Ok(order)
}

/// The names written as [`name`] in a text.
fn bracketed_names(text: &str) -> Vec<String> {
    text.split("[`")
        .skip(1)
        .filter_map(|s| s.split_once("`]").map(|(name, _)| name.to_string()))
        .collect()
}

/// The `pub mod NAME;` declarations of a crate root.
fn declared_modules(lib_rs: &str) -> Vec<String> {
    lib_rs
        .lines()
        .filter_map(|l| l.trim().strip_prefix("pub mod "))
        .filter_map(|l| l.strip_suffix(';'))
        .map(str::to_string)
        .collect()
}

/// The source with comments, string and character literals blanked out, so
/// that only code is searched.
fn code_only(source: &str) -> String {
    let chars: Vec<char> = source.chars().collect();
    let mut out = String::with_capacity(source.len());
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            while i < chars.len() {
                if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
                    depth += 1;
                    i += 2;
                } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
            out.push(' ');
        } else if c == 'r' && (next == Some('#') || next == Some('"')) && !ident_before(&out) {
            // A raw string: r"..." or r#"..."#.
            let mut j = i + 1;
            let mut hashes = 0;
            while chars.get(j) == Some(&'#') {
                hashes += 1;
                j += 1;
            }
            if chars.get(j) != Some(&'"') {
                out.push(c);
                i += 1;
                continue;
            }
            j += 1;
            while j < chars.len() {
                if chars[j] == '"' && (0..hashes).all(|h| chars.get(j + 1 + h) == Some(&'#')) {
                    j += 1 + hashes;
                    break;
                }
                j += 1;
            }
            out.push_str("\"\"");
            i = j;
        } else if c == '"' {
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                i += if chars[i] == '\\' { 2 } else { 1 };
            }
            i += 1;
            out.push_str("\"\"");
        } else if c == '\''
            && (next == Some('\\') || chars.get(i + 2) == Some(&'\''))
            && !ident_before(&out)
        {
            // A character literal (a lifetime has no closing quote).
            i += 1;
            while i < chars.len() && chars[i] != '\'' {
                i += if chars[i] == '\\' { 2 } else { 1 };
            }
            i += 1;
            out.push_str("' '");
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

fn ident_before(out: &str) -> bool {
    out.chars()
        .last()
        .is_some_and(|c| c.is_alphanumeric() || c == '_')
}

/// The top-level modules a file's code names: `crate::m`, `crate::{m, ...}`,
/// `supercolumn::m` (the binary's files), and `super::` chains that climb to
/// the crate root. `depth` is how many modules deep the file is (1 for
/// `src/thrift/mod.rs` and `src/thrift.rs`, 2 for `src/thrift/dispatch.rs`).
fn named_modules(code: &str, depth: usize) -> Vec<String> {
    let mut found = Vec::new();
    let bytes = code.as_bytes();
    let word_at = |i: usize| {
        let end = code[i..]
            .find(|c: char| !(c.is_alphanumeric() || c == '_'))
            .map_or(code.len(), |n| i + n);
        &code[i..end]
    };
    let mut i = 0;
    while i < code.len() {
        let starts_word = i == 0 || !(bytes[i - 1].is_ascii_alphanumeric() || bytes[i - 1] == b'_');
        if !starts_word || !bytes[i].is_ascii_alphabetic() {
            i += 1;
            continue;
        }
        let word = word_at(i);
        let after = i + word.len();
        let rest = &code[after..];
        match word {
            "crate" | "supercolumn" if rest.starts_with("::{") => {
                let inner = &rest[3..];
                let mut level = 0;
                let mut item = String::new();
                for c in inner.chars() {
                    match c {
                        '{' => level += 1,
                        '}' if level == 0 => break,
                        '}' => level -= 1,
                        ',' if level == 0 => {
                            found.push(std::mem::take(&mut item));
                            continue;
                        }
                        _ => {}
                    }
                    if level == 0 {
                        item.push(c);
                    }
                }
                found.push(item);
            }
            "crate" | "supercolumn" if rest.starts_with("::") => {
                found.push(word_at(after + 2).to_string());
            }
            "super" if rest.starts_with("::") => {
                let mut climbs = 1;
                let mut j = after + 2;
                while code[j..].starts_with("super::") {
                    climbs += 1;
                    j += "super::".len();
                }
                if climbs >= depth {
                    found.push(word_at(j).to_string());
                }
                i = j;
                continue;
            }
            _ => {}
        }
        i = after;
    }
    found
        .into_iter()
        .map(|s| s.trim().split("::").next().unwrap_or("").trim().to_string())
        .filter(|s| !s.is_empty() && s != "self")
        .collect()
}

/// `#[path]` attributes, but for a unit-test module kept beside its code in
/// a sibling file named `<something>_tests.rs`. (Read from the source, since
/// `code_only` blanks the attribute's string.)
fn path_attributes(source: &str) -> Vec<String> {
    source
        .lines()
        .map(str::trim)
        .filter(|l| l.starts_with("#[path"))
        .filter(|l| {
            let file = l.split('"').nth(1).unwrap_or("");
            file.contains('/') || !file.ends_with("_tests.rs")
        })
        .map(|l| format!("#[path] attribute: {l}"))
        .collect()
}

/// Re-exports that give an item a second path: `pub use` of `crate::` or
/// `super::` paths, or of a module this file itself declares `pub`.
fn second_paths(code: &str) -> Vec<String> {
    let public_mods: Vec<&str> = code
        .lines()
        .filter_map(|l| l.trim().strip_prefix("pub mod "))
        .filter_map(|l| l.strip_suffix(';'))
        .collect();
    code.lines()
        .map(str::trim)
        .filter_map(|l| {
            let path = ["pub use ", "pub(crate) use ", "pub(super) use "]
                .iter()
                .find_map(|p| l.strip_prefix(p))?;
            let first = path.trim_start_matches("self::").split("::").next()?;
            let second = first == "crate"
                || first == "super"
                || public_mods.contains(&first.trim_end_matches(';'));
            second.then(|| l.to_string())
        })
        .collect()
}

/// Every problem found in the source tree rooted at `src`.
fn check_tree(src: &Path) -> Vec<String> {
    let lib_rs = std::fs::read_to_string(src.join("lib.rs")).expect("src/lib.rs");
    let order = match stated_order(&lib_rs) {
        Ok(order) => order,
        Err(e) => return vec![e],
    };
    let mut problems = Vec::new();
    let declared = declared_modules(&lib_rs);
    for m in &declared {
        if !order.contains_key(m) {
            problems.push(format!("lib.rs: module {m} is not in the stated order"));
        }
    }
    for m in order.keys() {
        if !declared.contains(m) {
            problems.push(format!(
                "lib.rs: the order names {m}, which is not a module"
            ));
        }
    }
    let mut files = Vec::new();
    collect_rs(src, &mut files);
    let mut sources = Vec::new();
    for file in files {
        let rel = file.strip_prefix(src).unwrap_or(&file);
        let source = std::fs::read_to_string(&file).unwrap_or_default();
        let code = code_only(&source);
        let shown = format!("src/{}", rel.display());
        let top = rel
            .iter()
            .next()
            .map(|t| t.to_string_lossy().trim_end_matches(".rs").to_string());
        if top.is_some_and(|t| declared.contains(&t)) {
            let name = file.file_name().unwrap_or_default().to_string_lossy();
            let code_file = name.strip_suffix("_tests.rs").map(|b| format!("{b}.rs"));
            let beside = code_file.is_some_and(|b| file.with_file_name(b).exists());
            sources.extend(modules::SourceFile::new(rel, &source, beside));
        }
        for attr in path_attributes(&source) {
            problems.push(format!("{shown}: {attr}"));
        }
        for line in second_paths(&code) {
            problems.push(format!("{shown}: a second path for an item: {line}"));
        }
        let parts: Vec<String> = rel
            .iter()
            .map(|p| p.to_string_lossy().into_owned())
            .collect();
        let top = parts[0].trim_end_matches(".rs").to_string();
        let Some(own) = order.get(&top) else { continue };
        let depth = match parts.last().map(String::as_str) {
            Some("mod.rs") => parts.len() - 1,
            _ => parts.len(),
        };
        for used in named_modules(&code, depth) {
            if used == top {
                continue;
            }
            let Some(theirs) = order.get(&used) else {
                continue;
            };
            let why = if theirs.layer > own.layer {
                "a later layer"
            } else if theirs.layer == own.layer {
                "a sibling in its own layer"
            } else if own.front_end && theirs.behind_node {
                "what a front end reaches only through node"
            } else {
                continue;
            };
            problems.push(format!("{shown}: {top} uses {used}, {why}"));
        }
    }
    let (in_modules, ordered) = modules::check_modules(src, &sources);
    problems.extend(in_modules);
    problems.extend(modules::cycles(&sources, &ordered));
    problems.sort();
    problems.dedup();
    problems
}

fn collect_rs(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect_rs(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// What the tree still does against the orders, one line per problem as
/// `check_tree` words it: the layering's known debt. The test fails on any
/// problem not listed here (a new upward use, sibling use, cycle, `#[path]`
/// or second path), and on a line listed here that no longer occurs, so that
/// the list only shrinks.
const KNOWN: &[&str] = &[];

#[test]
fn the_source_tree_keeps_the_stated_order() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let problems = check_tree(&src);
    let new: Vec<&String> = problems
        .iter()
        .filter(|p| !KNOWN.contains(&p.as_str()))
        .collect();
    let gone: Vec<&&str> = KNOWN
        .iter()
        .filter(|k| !problems.iter().any(|p| p == **k))
        .collect();
    assert!(
        new.is_empty(),
        "layering problems (see lib.rs for the order):\n{new:#?}"
    );
    assert!(
        gone.is_empty(),
        "fixed, so remove them from KNOWN:\n{gone:#?}"
    );
}

#[cfg(test)]
mod tests;
