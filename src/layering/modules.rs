//! The order inside modules: any `mod.rs` whose header states a numbered
//! list of its children, in `lib.rs`'s format, is checked as `lib.rs` is:
//! a child uses only children of earlier layers, never a sibling of its own
//! layer nor a later one. And, for every folder whether it states an order
//! or not, its children's uses of each other must not run in a cycle.
//!
//! Uses are read from the paths a file's code writes, `crate::`, `super::`
//! and `self::` ones (with their `{...}` groups), resolved against the
//! module the code sits in (a `foo_tests.rs` beside `foo.rs` is
//! `foo::tests`, an inline `mod m { ... }` nests its path). A path through
//! the parent's own items, not a child, is no use of a sibling.

use super::{code_only, stated_order, Place};
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// One source file as the checks see it: where it is shown, the module it
/// is (from the crate root, e.g. `["gateway", "read", "row"]`), its code.
pub(super) struct SourceFile {
    pub shown: String,
    pub module: Vec<String>,
    pub code: String,
}

impl SourceFile {
    /// `rel` is the file's path under `src`; `None` for the crate roots.
    /// A `foo_tests.rs` is `foo::tests` when `src/.../foo.rs` exists
    /// (`beside`), else a module of its own name.
    pub(super) fn new(rel: &Path, source: &str, beside: bool) -> Option<SourceFile> {
        let mut module: Vec<String> = rel
            .iter()
            .map(|p| p.to_string_lossy().trim_end_matches(".rs").to_string())
            .collect();
        match module.last().map(String::as_str) {
            Some("lib" | "main") if module.len() == 1 => return None,
            Some("mod") => {
                module.pop();
            }
            Some(name) if beside && name.ends_with("_tests") => {
                let base = name.trim_end_matches("_tests").to_string();
                module.pop();
                module.push(base);
                module.push("tests".into());
            }
            _ => {}
        }
        Some(SourceFile {
            shown: format!("src/{}", rel.display()),
            module,
            code: code_only(source),
        })
    }
}

/// The tokens path parsing needs: words, `::`, and single characters.
fn tokens(code: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = code;
    while let Some(c) = rest.chars().next() {
        if c.is_alphanumeric() || c == '_' {
            let end = rest
                .find(|c: char| !(c.is_alphanumeric() || c == '_'))
                .unwrap_or(rest.len());
            out.push(&rest[..end]);
            rest = &rest[end..];
        } else if rest.starts_with("::") {
            out.push("::");
            rest = &rest[2..];
        } else {
            if !c.is_whitespace() {
                out.push(&rest[..c.len_utf8()]);
            }
            rest = &rest[c.len_utf8()..];
        }
    }
    out
}

/// The paths of a use tree starting at `tokens[i]`, each prefixed with
/// `prefix`, and the index after it. `{a, b::c}` groups are expanded; a
/// path ends at the first token that continues neither it nor a group.
fn use_tree(tokens: &[&str], mut i: usize, prefix: &[String]) -> (Vec<Vec<String>>, usize) {
    let mut path = prefix.to_vec();
    let mut out = Vec::new();
    while let Some(&t) = tokens.get(i) {
        if t == "{" {
            i += 1;
            while let Some(&t) = tokens.get(i) {
                if t == "}" {
                    i += 1;
                    break;
                }
                if t == "," {
                    i += 1;
                    continue;
                }
                let (paths, next) = use_tree(tokens, i, &path);
                out.extend(paths);
                i = next.max(i + 1);
            }
            return (out, i);
        }
        let word = t.chars().all(|c| c.is_alphanumeric() || c == '_');
        if word {
            path.push(t.to_string());
            i += 1;
            if tokens.get(i) == Some(&"::") {
                i += 1;
                continue;
            }
        }
        break;
    }
    out.push(path);
    (out, i)
}

/// Every path `code` names through `crate::`, `supercolumn::`, `super::`
/// or `self::`, resolved to a path from the crate root; `module` is where
/// the file's code sits (inline `mod m { }` blocks nest it).
pub(super) fn resolved_paths(code: &str, module: &[String]) -> Vec<Vec<String>> {
    let tokens = tokens(code);
    let mut out = Vec::new();
    // Inline modules open: their names and the brace depth they opened at.
    let mut inline: Vec<(String, usize)> = Vec::new();
    let mut depth = 0usize;
    let mut i = 0;
    while i < tokens.len() {
        let t = tokens[i];
        match t {
            "{" => depth += 1,
            "}" => {
                depth = depth.saturating_sub(1);
                if inline.last().is_some_and(|(_, d)| *d == depth) {
                    inline.pop();
                }
            }
            "mod" if tokens.get(i + 2) == Some(&"{") => {
                inline.push((tokens[i + 1].to_string(), depth));
            }
            "crate" | "supercolumn" | "super" | "self"
                if tokens.get(i + 1) == Some(&"::")
                    && (i == 0 || tokens[i - 1] != "::")
                    && tokens.get(i.wrapping_sub(1)) != Some(&"$") =>
            {
                let (paths, next) = use_tree(&tokens, i, &[]);
                let here: Vec<String> = module
                    .iter()
                    .cloned()
                    .chain(inline.iter().map(|(m, _)| m.clone()))
                    .collect();
                out.extend(paths.into_iter().filter_map(|p| resolve(&p, &here)));
                i = next;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    out
}

/// A written path from the crate root, read in module `here`.
fn resolve(path: &[String], here: &[String]) -> Option<Vec<String>> {
    let mut base: Vec<String> = Vec::new();
    let mut rest = path;
    match path.first().map(String::as_str) {
        Some("crate" | "supercolumn") => rest = &path[1..],
        Some("self") => {
            base = here.to_vec();
            rest = &path[1..];
        }
        Some("super") => {
            base = here.to_vec();
            while rest.first().map(String::as_str) == Some("super") {
                base.pop()?;
                rest = &rest[1..];
            }
        }
        _ => return None,
    }
    base.extend(rest.iter().filter(|s| *s != "self").cloned());
    Some(base)
}

/// The `mod NAME;` children a module file declares, but for test modules
/// (`#[cfg(test)]` above them).
pub(super) fn declared_children(source: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut test_only = false;
    for line in source.lines().map(str::trim) {
        if line.starts_with("#[") {
            test_only |= line.starts_with("#[cfg(test)]");
            continue;
        }
        let decl = line
            .strip_prefix("pub ")
            .or_else(|| line.split_once(") ").map(|(_, r)| r))
            .unwrap_or(line);
        if let Some(name) = decl.strip_prefix("mod ").and_then(|r| r.strip_suffix(';')) {
            if !test_only && line.starts_with(['m', 'p']) {
                out.push(name.trim().to_string());
            }
        }
        test_only = false;
    }
    out
}

/// The uses among a module's children: for each child, the siblings it
/// names (`module` the parent's path, `files` the whole tree).
fn sibling_uses(module: &[String], files: &[SourceFile]) -> BTreeMap<String, BTreeSet<String>> {
    let mut uses: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for f in files {
        if f.module.len() <= module.len() || !f.module.starts_with(module) {
            continue;
        }
        let child = &f.module[module.len()];
        for p in resolved_paths(&f.code, &f.module) {
            if p.len() > module.len() && p.starts_with(module) && p[module.len()] != *child {
                uses.entry(child.clone())
                    .or_default()
                    .insert(p[module.len()].clone());
            }
        }
    }
    uses
}

/// What the files under an ordered module do against its order; `order`
/// read from its `mod.rs` (`shown`), `declared` its children.
pub(super) fn check_order(
    shown: &str,
    module: &[String],
    order: &BTreeMap<String, Place>,
    declared: &[String],
    files: &[SourceFile],
) -> Vec<String> {
    let name = module.join("::");
    let mut problems = Vec::new();
    for m in declared {
        if !order.contains_key(m) {
            problems.push(format!("{shown}: module {m} is not in the stated order"));
        }
    }
    for m in order.keys() {
        if !declared.contains(m) {
            problems.push(format!(
                "{shown}: the order names {m}, which is not a module"
            ));
        }
    }
    for f in files {
        if f.module.len() <= module.len() || !f.module.starts_with(module) {
            continue;
        }
        let Some(own) = order.get(&f.module[module.len()]) else {
            continue;
        };
        let child = &f.module[module.len()];
        for p in resolved_paths(&f.code, &f.module) {
            if p.len() <= module.len() || !p.starts_with(module) || p[module.len()] == *child {
                continue;
            }
            let used = &p[module.len()];
            let Some(theirs) = order.get(used) else {
                continue;
            };
            let why = if theirs.layer > own.layer {
                "a later layer"
            } else if theirs.layer == own.layer {
                "a sibling in its own layer"
            } else {
                continue;
            };
            problems.push(format!(
                "{}: in {name}, {child} uses {used}, {why}",
                f.shown
            ));
        }
    }
    problems
}

/// The cycles among the children of every module but the `ordered` ones
/// (whose stated order already forbids them): each strongly connected set
/// of more than one child, as `<module>: a, b, c use each other in a cycle`.
pub(super) fn cycles(files: &[SourceFile], ordered: &BTreeSet<Vec<String>>) -> Vec<String> {
    let parents: BTreeSet<Vec<String>> = files
        .iter()
        .flat_map(|f| (0..f.module.len()).map(|n| f.module[..n].to_vec()))
        .collect();
    let mut out = Vec::new();
    for module in parents.difference(ordered) {
        let uses = sibling_uses(module, files);
        for set in strongly_connected(&uses) {
            if set.len() > 1 {
                let shown = if module.is_empty() {
                    "the crate".to_string()
                } else {
                    module.join("::")
                };
                let names: Vec<&str> = set.iter().map(String::as_str).collect();
                out.push(format!(
                    "{shown}: {} use each other in a cycle",
                    names.join(", ")
                ));
            }
        }
    }
    out
}

/// The strongly connected sets of a graph (Tarjan's), each sorted.
fn strongly_connected(graph: &BTreeMap<String, BTreeSet<String>>) -> Vec<BTreeSet<String>> {
    struct Walk<'a> {
        graph: &'a BTreeMap<String, BTreeSet<String>>,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        on_stack: BTreeSet<&'a str>,
        out: Vec<BTreeSet<String>>,
    }
    impl<'a> Walk<'a> {
        fn visit(&mut self, v: &'a str) {
            let n = self.index.len();
            self.index.insert(v, n);
            self.low.insert(v, n);
            self.stack.push(v);
            self.on_stack.insert(v);
            for w in self.graph.get(v).into_iter().flatten() {
                let w = w.as_str();
                if !self.index.contains_key(w) {
                    self.visit(w);
                    let low = self.low[v].min(self.low[w]);
                    self.low.insert(v, low);
                } else if self.on_stack.contains(w) {
                    let low = self.low[v].min(self.index[w]);
                    self.low.insert(v, low);
                }
            }
            if self.low[v] == self.index[v] {
                let mut set = BTreeSet::new();
                while let Some(w) = self.stack.pop() {
                    self.on_stack.remove(w);
                    set.insert(w.to_string());
                    if w == v {
                        break;
                    }
                }
                self.out.push(set);
            }
        }
    }
    let mut walk = Walk {
        graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        out: Vec::new(),
    };
    for v in graph.keys() {
        if !walk.index.contains_key(v.as_str()) {
            walk.visit(v);
        }
    }
    walk.out
}

/// Every ordered `mod.rs` under `src` and what its files do against it;
/// the modules that state an order (the crate root among them).
pub(super) fn check_modules(
    src: &Path,
    files: &[SourceFile],
) -> (Vec<String>, BTreeSet<Vec<String>>) {
    let mut problems = Vec::new();
    let mut ordered = BTreeSet::from([Vec::new()]);
    for f in files {
        if !f.shown.ends_with("/mod.rs") {
            continue;
        }
        let source = std::fs::read_to_string(src.join(f.shown.trim_start_matches("src/")))
            .unwrap_or_default();
        let order = match stated_order(&source) {
            Ok(order) if order.is_empty() => continue,
            Ok(order) => order,
            Err(e) => {
                problems.push(format!("{}: {e}", f.shown));
                continue;
            }
        };
        let declared = declared_children(&source);
        problems.extend(check_order(&f.shown, &f.module, &order, &declared, files));
        ordered.insert(f.module.clone());
    }
    (problems, ordered)
}
