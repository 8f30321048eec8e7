//! The model advisor on the admin surface: `POST /api/advisor` (see
//! docs/advisor.md), its body decoded into the advisor's plain request, and
//! the one place an [`AdvisorError`] becomes an [`AdminError`]. The advice
//! itself lives in [`crate::advisor`]; this module must not give it.

use super::http::{AdminError, Method, Request, Response};
use super::routes::{route, Access, Route};
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
fn post(state: &AdminState, req: &Request) -> Result<Response, AdminError> {
    let body: Advice = req.json()?;
    Ok(Response::json(&advise(&state.node, &body)?))
}

/// The advisor's route, for the admin route table.
pub fn routes() -> Vec<Route> {
    vec![route(Method::Post, "/api/advisor", Access::Operator, post)]
}
