//! A void batch call's outcome on the wire: its handler's error sorted into
//! the result struct's declared exceptions or a TApplicationException, as
//! the generated processors did, and the reply message written. Knows no
//! generation's types (they come as type parameters).

use thrift::protocol::{TMessageIdentifier, TMessageType, TOutputProtocol};
use thrift::{ApplicationError, ApplicationErrorKind};

/// The declared exceptions a void batch call answers with (the `ire`, `ue`
/// and `te` of its result struct), or the TApplicationException, as the
/// generated processors sort a handler's error.
pub type VoidOutcome<I, U, T> = Result<(Option<I>, Option<U>, Option<T>), ApplicationError>;

/// Sorts a void call's result the way the generated processors do.
pub fn void_outcome<I, U, T>(result: thrift::Result<()>) -> VoidOutcome<I, U, T>
where
    I: std::error::Error + Send + Sync + 'static,
    U: std::error::Error + Send + Sync + 'static,
    T: std::error::Error + Send + Sync + 'static,
{
    let unknown = |e: &dyn std::fmt::Display| {
        Err(ApplicationError::new(
            ApplicationErrorKind::Unknown,
            e.to_string(),
        ))
    };
    match result {
        Ok(()) => Ok((None, None, None)),
        Err(thrift::Error::User(e)) => match e.downcast::<I>() {
            Ok(ire) => Ok((Some(*ire), None, None)),
            Err(e) => match e.downcast::<U>() {
                Ok(ue) => Ok((None, Some(*ue), None)),
                Err(e) => match e.downcast::<T>() {
                    Ok(te) => Ok((None, None, Some(*te))),
                    Err(e) => unknown(&e),
                },
            },
        },
        Err(thrift::Error::Application(a)) => Err(a),
        Err(e) => unknown(&e),
    }
}

/// Writes the reply of call `method`: its result struct (which `write`
/// writes), or the TApplicationException.
pub fn write_reply<W>(
    o: &mut dyn TOutputProtocol,
    method: &str,
    seq: i32,
    reply: Result<W, ApplicationError>,
) -> thrift::Result<()>
where
    W: FnOnce(&mut dyn TOutputProtocol) -> thrift::Result<()>,
{
    match reply {
        Ok(write) => {
            o.write_message_begin(&TMessageIdentifier::new(method, TMessageType::Reply, seq))?;
            write(o)?;
        }
        Err(app) => {
            o.write_message_begin(&TMessageIdentifier::new(
                method,
                TMessageType::Exception,
                seq,
            ))?;
            thrift::Error::write_application_error_to_out_protocol(&app, o)?;
        }
    }
    o.write_message_end()?;
    o.flush()
}
