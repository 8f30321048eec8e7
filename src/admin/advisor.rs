//! The model advisor on the admin surface: `POST /api/advisor` (see
//! docs/advisor.md; listed in [`super::routes`]), its body decoded into the advisor's plain request, and
//! the one place an [`AdvisorError`] becomes an [`AdminError`]. The advice
//! itself lives in [`crate::advisor`]; this module must not give it.

use super::http::{AdminError, Request, Response};
use super::state::AdminState;
use crate::advisor::api::{advise, Request as Advice};
use crate::advisor::AdvisorError;

impl From<AdvisorError> for AdminError {
    fn from(e: AdvisorError) -> Self {
        match e {
            AdvisorError::BadRequest(why) => AdminError::BadRequest(why),
            AdvisorError::NotFound(why) => AdminError::NotFound(why),
            AdvisorError::Internal(why) => AdminError::Internal(why),
        }
    }
}

/// `POST /api/advisor`.
pub(super) fn post(state: &AdminState, req: &Request) -> Result<Response, AdminError> {
    let body: Advice = req.json()?;
    Ok(Response::json(&advise(&state.node, &body)?))
}
