//! The model advisor on the admin surface: `POST /api/advisor` and `POST
//! /api/advisor/activity` (see docs/advisor.md; listed in
//! [`super::routes`]), their bodies decoded into the advisor's plain
//! requests, and the one place an [`AdvisorError`] becomes an
//! [`AdminError`]. The advice
//! itself lives in [`crate::advisor`]; this module must not give it.

use super::http::{AdminError, Request, Response};
use super::state::AdminState;
use crate::advisor::api::{advise, Request as Advice};
use crate::advisor::workload::{advise_workload, WorkloadRequest};
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

/// `POST /api/advisor/activity`.
pub(super) fn post_activity(state: &AdminState, req: &Request) -> Result<Response, AdminError> {
    let body: WorkloadRequest = req.json()?;
    Ok(Response::json(&advise_workload(&state.node, &body)?))
}
