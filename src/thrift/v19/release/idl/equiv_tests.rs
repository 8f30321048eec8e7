//! Temporary: the shared tables give every release exactly what its old
//! per-release file gave.

#[path = "r0_7_10.rs"]
mod r0_7_10;
#[path = "r0_8_10.rs"]
mod r0_8_10;
#[path = "r1_0_12.rs"]
mod r1_0_12;
#[path = "r1_1_12.rs"]
mod r1_1_12;
#[path = "r1_2_19.rs"]
mod r1_2_19;
#[path = "r2_0_17.rs"]
mod r2_0_17;
#[path = "r2_1_22.rs"]
mod r2_1_22;
#[path = "r2_2_19.rs"]
mod r2_2_19;

use super::args_table;
use super::methods::METHODS;
use crate::thrift::v19::javaargs::ArgsOf;
use crate::thrift::wire::idl::{StructDesc, Ty};

fn same_ty(a: &Ty, b: &Ty, at: &str, count: &mut usize) {
    match (a, b) {
        (Ty::Bool, Ty::Bool)
        | (Ty::I32, Ty::I32)
        | (Ty::I64, Ty::I64)
        | (Ty::Double, Ty::Double)
        | (Ty::Str, Ty::Str)
        | (Ty::Bin, Ty::Bin) => {}
        (Ty::Enum(x), Ty::Enum(y)) => {
            for v in (-1000..1000).chain([i32::MIN, i32::MAX]) {
                assert_eq!(x(v), y(v), "{at}: enum value {v}");
            }
        }
        (Ty::Struct(x), Ty::Struct(y)) => same_struct(x, y, at, count),
        (Ty::List(x), Ty::List(y)) | (Ty::Set(x), Ty::Set(y)) => same_ty(x, y, at, count),
        (Ty::Map(k, v), Ty::Map(k2, v2)) => {
            same_ty(k, k2, at, count);
            same_ty(v, v2, at, count);
        }
        _ => panic!("{at}: {a:?} vs {b:?}"),
    }
}

fn same_struct(a: &StructDesc, b: &StructDesc, at: &str, count: &mut usize) {
    *count += 1;
    let at = format!("{at}/{}", a.name);
    assert_eq!(a.name, b.name, "{at}");
    assert_eq!(a.fields.len(), b.fields.len(), "{at}");
    for (x, y) in a.fields.iter().zip(b.fields) {
        let at = format!("{at}.{}", x.name);
        assert_eq!(x.id, y.id, "{at}");
        assert_eq!(x.name, y.name, "{at}");
        assert_eq!(x.req, y.req, "{at}");
        assert_eq!(x.default, y.default, "{at}");
        same_ty(&x.ty, &y.ty, &at, count);
    }
}

#[test]
fn shared_tables_equal_the_per_release_files() {
    let old: [(&str, ArgsOf); 8] = [
        ("0.7.10", r0_7_10::args_of),
        ("0.8.10", r0_8_10::args_of),
        ("1.0.12", r1_0_12::args_of),
        ("1.1.12", r1_1_12::args_of),
        ("1.2.19", r1_2_19::args_of),
        ("2.0.17", r2_0_17::args_of),
        ("2.1.22", r2_1_22::args_of),
        ("2.2.19", r2_2_19::args_of),
    ];
    let mut names: Vec<&str> = METHODS.iter().map(|(n, _)| *n).collect();
    names.extend(["no_such_method", "", "insertx", "zzz"]);
    let (mut declared, mut structs) = (0, 0);
    for (version, old_args) in old {
        let new_args = args_table(version).unwrap();
        for method in &names {
            match (old_args(method), new_args(method)) {
                (None, None) => {}
                (Some(a), Some(b)) => {
                    declared += 1;
                    same_struct(a, b, &format!("{version} {method}"), &mut structs);
                }
                (a, b) => panic!(
                    "{version} {method}: {:?} vs {:?}",
                    a.map(|d| d.name),
                    b.map(|d| d.name)
                ),
            }
        }
    }
    eprintln!("{declared} (release, method) pairs, {structs} structs compared");
    assert_eq!(declared, 28 + 31 + 31 + 37 + 43 + 44 + 45 + 45);
}
