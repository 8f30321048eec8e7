//! A static table's undeclared columns (`layout::Shape::Static`): whether
//! the cluster lets CQL reach their `(column1, value)` rows, and those rows
//! as a dense table's, for the reads and the writes alike. Pure: this
//! module must not send statements.

use super::layout::{Layout, Shape};
use crate::gateway::driver::error::GatewayError;
use crate::gateway::driver::error::GatewayResult;
use crate::schema::CfDef;

/// The undeclared cells' rows, read and written as a dense table's.
pub fn as_dense(layout: &Layout) -> Layout {
    Layout {
        shape: Shape::Dense,
        ..layout.clone()
    }
}

/// Whether the undeclared pair has 3.x's usual names (a declared column
/// named `column1` or `value` moves them, and the dense statements name
/// `column1`/`value`).
pub fn pair_names_are_default(layout: &Layout) -> bool {
    layout.pair.0 == "column1" && layout.pair.1 == "value"
}

/// Refuses a call on undeclared columns the cluster does not let CQL reach.
pub fn reachable(def: &CfDef, layout: &Layout) -> GatewayResult<()> {
    if !layout.pair_reachable() {
        return Err(GatewayError::Invalid(format!(
            "column family {} declares its columns (a static compact table in Cassandra 3.x, \
             whose undeclared columns CQL cannot reach); the cluster backend serves only \
             its declared columns",
            def.name
        )));
    }
    if !pair_names_are_default(layout) {
        return Err(GatewayError::Invalid(format!(
            "column family {} declares a column named column1 or value, which hides its \
             undeclared columns from the cluster backend",
            def.name
        )));
    }
    Ok(())
}
