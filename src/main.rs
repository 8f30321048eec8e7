//! The `supercolumn` binary.

fn main() {
    println!("supercolumn {}", env!("CARGO_PKG_VERSION"));
}
