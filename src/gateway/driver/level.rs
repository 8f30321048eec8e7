//! A call's consistency level as the driver names it. The level itself is
//! the call's (`crate::call::Consistency`); this is only its spelling at
//! the driver's border.

use crate::call::Consistency;
use scylla::statement::Consistency as Driver;

/// The driver's level for a call's. The 0.6 API's ZERO is sent at ANY (its
/// answer is not reported: see `Consistency::Zero`).
pub fn driver_level(cl: Consistency) -> Driver {
    match cl {
        Consistency::Zero | Consistency::Any => Driver::Any,
        Consistency::One => Driver::One,
        Consistency::Two => Driver::Two,
        Consistency::Three => Driver::Three,
        Consistency::Quorum => Driver::Quorum,
        Consistency::All => Driver::All,
        Consistency::LocalQuorum => Driver::LocalQuorum,
        Consistency::EachQuorum => Driver::EachQuorum,
        Consistency::LocalOne => Driver::LocalOne,
    }
}
