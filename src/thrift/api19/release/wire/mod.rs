//! A request and a reply as the release's own IDL declared them: the
//! request's fields read by the release's generated readers (`decode`,
//! from the tables of `super::idl`), the reply's fields it had
//! (`declared`), and how its libthrift quoted a binary argument (here).

pub(in crate::thrift::api19) mod declared;
pub(in crate::thrift::api19) mod decode;

use crate::node::Node;
use crate::release::Behaviour;

/// How the release's libthrift quoted a binary argument in a "Required
/// field" message, on a connection framed or not.
pub fn buffer_quote(node: &Node, unframed: bool) -> crate::thrift::api19::javaargs::BufferQuote {
    match node.release {
        // Only 0.7's port read unframed calls (`FramingFromConfig`).
        Some(_) if unframed => crate::thrift::api19::javaargs::BufferQuote::Copied,
        Some(r) if r.does(Behaviour::RequiredFieldQuotesOwnBytes) => {
            crate::thrift::api19::javaargs::BufferQuote::OwnBytes
        }
        _ => crate::thrift::api19::javaargs::BufferQuote::FromFrame,
    }
}
