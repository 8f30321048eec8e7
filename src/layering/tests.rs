//! The checker's own tests: synthetic trees fed to `check_tree`.

use super::*;

const LIB: &str = "//! Layers:\n//!\n\
    //! 1. [`low`]: the bottom.\n\
    //! 2. [`store`] (behind node): the data.\n\
    //! 3. [`node`]: shared.\n\
    //! 4. [`front`], [`other`] (front ends): the wire.\n\
    \npub mod front;\npub mod low;\npub mod node;\npub mod other;\npub mod store;\n";

fn tree(files: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("lib.rs"), LIB).unwrap();
    for (path, text) in files {
        let path = dir.path().join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
    dir
}

#[test]
fn reads_the_order_with_its_marks() {
    let order = stated_order(LIB).unwrap();
    assert_eq!(order["low"].layer, 1);
    assert!(order["store"].behind_node && !order["store"].front_end);
    assert!(order["front"].front_end && order["other"].front_end);
    assert_eq!(order["front"].layer, order["other"].layer);
}

#[test]
fn a_downward_use_passes() {
    let dir = tree(&[
        (
            "node/mod.rs",
            "use crate::store::Thing;\nuse crate::{low, store::X};\n",
        ),
        (
            "front/mod.rs",
            "use crate::node::Node;\nuse crate::low::Y;\n",
        ),
    ]);
    assert_eq!(check_tree(dir.path()), Vec::<String>::new());
}

#[test]
fn an_upward_use_fails() {
    let dir = tree(&[("low/mod.rs", "//! low\nfn f() { crate::node::go(); }\n")]);
    assert_eq!(
        check_tree(dir.path()),
        vec!["src/low/mod.rs: low uses node, a later layer".to_string()]
    );
}

#[test]
fn every_spelling_of_a_use_is_seen() {
    let dir = tree(&[
        ("low/a.rs", "use crate::{store::S, low::L};\n"),
        ("low/b/c.rs", "fn f() { super::super::super::node::go() }\n"),
    ]);
    assert_eq!(
        check_tree(dir.path()),
        vec![
            "src/low/a.rs: low uses store, a later layer".to_string(),
            "src/low/b/c.rs: low uses node, a later layer".to_string(),
        ]
    );
}

#[test]
fn siblings_and_reaching_past_node_fail() {
    let dir = tree(&[("front/x.rs", "use crate::other::O;\nuse crate::store::S;\n")]);
    assert_eq!(
        check_tree(dir.path()),
        vec![
            "src/front/x.rs: front uses other, a sibling in its own layer".to_string(),
            "src/front/x.rs: front uses store, what a front end reaches only through node"
                .to_string(),
        ]
    );
}

#[test]
fn comments_and_strings_are_not_uses() {
    let dir = tree(&[(
        "low/mod.rs",
        "//! see [`crate::node`]\n/* crate::store */\nconst S: &str = \"crate::node\";\n\
         const R: &str = r#\"crate::store\"#;\nfn f<'a>(c: &'a char) -> char { '\"' }\n",
    )]);
    assert_eq!(check_tree(dir.path()), Vec::<String>::new());
}

#[test]
fn path_attributes_second_paths_and_unlisted_modules_fail() {
    let lib = format!("{LIB}pub mod stray;\n");
    let dir = tree(&[
        (
            "node/mod.rs",
            "#[path = \"x.rs\"]\nmod x;\n#[cfg(test)]\n#[path = \"mod_tests.rs\"]\nmod tests;\n\
             pub mod inner;\npub use inner::Thing;\n",
        ),
        ("front/mod.rs", "pub use crate::node::Node;\n"),
    ]);
    std::fs::write(dir.path().join("lib.rs"), lib).unwrap();
    assert_eq!(
        check_tree(dir.path()),
        vec![
            "lib.rs: module stray is not in the stated order".to_string(),
            "src/front/mod.rs: a second path for an item: pub use crate::node::Node;".to_string(),
            "src/node/mod.rs: #[path] attribute: #[path = \"x.rs\"]".to_string(),
            "src/node/mod.rs: a second path for an item: pub use inner::Thing;".to_string(),
        ]
    );
}

/// A crate whose `gateway` states the order of its children, as the real
/// one does.
const GATEWAY_LIB: &str = "//! 1. [`model`]: rows.\n//! 2. [`gateway`]: the cluster.\n\
    \npub mod gateway;\npub mod model;\n";

const GATEWAY_MOD: &str = "//! The cluster backend.\n//!\n\
    //! 1. [`driver`]: the driver's border.\n\
    //! 2. [`session`]: what calls share.\n\
    //! 3. [`read`], [`write`]: reads; writes.\n\
    \npub mod driver;\npub mod read;\npub mod session;\npub mod write;\n\
    #[cfg(test)]\nmod block_tests;\n";

fn gateway_tree(files: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("lib.rs"), GATEWAY_LIB).unwrap();
    let all = [("gateway/mod.rs", GATEWAY_MOD)]
        .into_iter()
        .chain(files.iter().copied());
    for (path, text) in all {
        let path = dir.path().join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
    dir
}

#[test]
fn downward_uses_inside_gateway_pass() {
    let dir = gateway_tree(&[
        ("gateway/driver/mod.rs", "pub mod error;\n"),
        ("gateway/driver/error.rs", "pub struct E;\n"),
        (
            "gateway/session/mod.rs",
            "use crate::gateway::driver::error::E;\nuse super::Cluster;\n",
        ),
        (
            "gateway/read/row.rs",
            "use super::super::{driver, session::Inner};\nuse crate::model::Row;\n\
             fn f() { crate::gateway::block_on(); }\n",
        ),
        ("gateway/block_tests.rs", "use super::write::W;\n"),
    ]);
    assert_eq!(check_tree(dir.path()), Vec::<String>::new());
}

#[test]
fn an_upward_use_inside_gateway_fails() {
    let dir = gateway_tree(&[
        (
            "gateway/driver/error.rs",
            "use crate::gateway::session::Inner;\n",
        ),
        (
            "gateway/session/mod.rs",
            "fn f() { super::read::row::go() }\n",
        ),
        (
            "gateway/read/row.rs",
            "use crate::gateway::{driver, write::send};\n",
        ),
        (
            "gateway/write/plan.rs",
            "use super::super::session::Inner;\n",
        ),
    ]);
    assert_eq!(
        check_tree(dir.path()),
        vec![
            "src/gateway/driver/error.rs: in gateway, driver uses session, a later layer"
                .to_string(),
            "src/gateway/read/row.rs: in gateway, read uses write, a sibling in its own layer"
                .to_string(),
            "src/gateway/session/mod.rs: in gateway, session uses read, a later layer".to_string(),
        ]
    );
}

#[test]
fn a_module_s_order_names_exactly_its_children() {
    let dir = gateway_tree(&[]);
    let with_stray = GATEWAY_MOD.replace("pub mod write;", "pub mod write;\nmod stray;");
    let without_write = with_stray.replace("pub mod write;\n", "");
    std::fs::write(dir.path().join("gateway/mod.rs"), without_write).unwrap();
    assert_eq!(
        check_tree(dir.path()),
        vec![
            "src/gateway/mod.rs: module stray is not in the stated order".to_string(),
            "src/gateway/mod.rs: the order names write, which is not a module".to_string(),
        ]
    );
}

#[test]
fn a_cycle_among_the_children_of_a_module_without_an_order_fails() {
    let dir = gateway_tree(&[
        ("gateway/read/a.rs", "use super::b::B;\n"),
        ("gateway/read/b.rs", "use super::c::C;\n"),
        (
            "gateway/read/c.rs",
            "fn f() { crate::gateway::read::a::go() }\n",
        ),
        ("gateway/read/d.rs", "use super::a::A;\n"),
        ("model/x.rs", "pub struct X;\n"),
        ("model/y.rs", "pub struct Y;\n"),
        ("model/y_tests.rs", "use super::super::x::X;\n"),
    ]);
    assert_eq!(
        check_tree(dir.path()),
        vec!["gateway::read: a, b, c use each other in a cycle".to_string()]
    );
}

#[test]
fn paths_resolve_from_where_the_code_sits() {
    let here: Vec<String> = ["gateway", "read", "row"].map(String::from).to_vec();
    let code = code_only(
        "use super::{self, cells::{Budget, cell}, slice};\nuse crate::model::Row;\n\
         mod tests { use super::super::scan::Piece; fn f() { self::g(); } }\n\
         fn h() -> Self { Self::new() }\n",
    );
    let paths: Vec<String> = modules::resolved_paths(&code, &here)
        .into_iter()
        .map(|p| p.join("::"))
        .collect();
    assert_eq!(
        paths,
        [
            "gateway::read",
            "gateway::read::cells::Budget",
            "gateway::read::cells::cell",
            "gateway::read::slice",
            "model::Row",
            "gateway::read::scan::Piece",
            "gateway::read::row::tests::g",
        ]
    );
}
