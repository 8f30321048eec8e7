//! What a SELECT answers: its columns (name and type class) and rows, as
//! planning (`select`), the selectors (`selection`), conditional writes'
//! answers (`condition`) and the scan (`scan`) build them. Data only.

/// A result column: its name and its type's class name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ResultColumn {
    pub name: String,
    pub type_class: String,
}

/// SELECT output.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ResultSet {
    pub columns: Vec<ResultColumn>,
    /// Values; `None` is null.
    pub rows: Vec<Vec<Option<Vec<u8>>>>,
}
