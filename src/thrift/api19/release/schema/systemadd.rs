//! `system_add_column_family` of a CfDef naming the `system` keyspace:
//! 0.8 and 1.0 (`ClientState.hasColumnFamilySchemaAccess`) and 1.2 on
//! (`hasKeyspaceAccess`) checked the session's keyspace, not the CfDef's,
//! so a session in another keyspace added a column family to `system` and
//! one in `system` was refused whatever its CfDef named; 0.7 checked
//! neither (`Behaviour::SystemCfAddsTaken`), 1.1 the CfDef's keyspace. It
//! must not apply the change.

use crate::node::Node;
use crate::release::Behaviour;
use crate::thrift::error::ApiError;

/// `system_add_column_family`'s refusal of a session in the `system`
/// keyspace, whatever keyspace the CfDef named (which could be the system
/// one, `Behaviour::SystemCfAddsTaken`): 0.8 and 1.0's
/// `ClientState.hasColumnFamilySchemaAccess` (no full stop), 1.2 on
/// `hasKeyspaceAccess` of the session's keyspace. 0.7 checked no keyspace,
/// 1.1 the CfDef's.
pub fn add_cf_session_refusal(node: &Node, session_keyspace: &str) -> Result<(), ApiError> {
    let Some(r) = node.release else {
        return Ok(());
    };
    if !session_keyspace.eq_ignore_ascii_case("system") {
        return Ok(());
    }
    if r.at_least(0, 8) && !r.at_least(1, 1) {
        return Err(ApiError::invalid("system keyspace is not user-modifiable"));
    }
    if r.does(Behaviour::SystemCfAddsFromOtherSessions) {
        return Err(ApiError::invalid(format!(
            "{session_keyspace} keyspace is not user-modifiable."
        )));
    }
    Ok(())
}

/// Whether `system_add_column_family` takes a CfDef naming the `system`
/// keyspace (from a session in another keyspace: see
/// [`add_cf_session_refusal`]): 0.8 and 1.0, and 1.2 on, checked the
/// session's keyspace alone; 0.7 took it anyway (`SystemCfAddsTaken`), 1.1
/// checked the CfDef's.
pub fn add_cf_takes_system(node: &Node) -> bool {
    node.release.is_some_and(|r| {
        (r.at_least(0, 8) && !r.at_least(1, 1)) || r.does(Behaviour::SystemCfAddsFromOtherSessions)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::node::test_nodes::as_release as node_as;

    #[test]
    fn adds_refused_a_session_in_the_system_keyspace_but_0_7_and_1_1() {
        let refused = |v: &str, ks: &str| add_cf_session_refusal(&node_as(v), ks).is_err();
        for v in ["0.8.10", "1.0.12"] {
            assert!(refused(v, "system"), "{v}");
            assert!(refused(v, "System"), "{v}");
            assert!(!refused(v, "app"), "{v}");
        }
        for v in ["0.7.10", "1.1.12"] {
            assert!(!refused(v, "system"), "{v}");
        }
        let takes = |v: &str| add_cf_takes_system(&node_as(v));
        assert!(takes("0.8.10") && takes("1.0.12") && takes("1.2.9") && takes("3.11.10"));
        assert!(!takes("0.7.10") && !takes("1.1.12"));
        for v in ["1.2.9", "2.0.17", "3.11.10"] {
            let e = add_cf_session_refusal(&node_as(v), "system").unwrap_err();
            assert!(
                e.to_string()
                    .contains("system keyspace is not user-modifiable."),
                "{v}"
            );
            assert!(!refused(v, "app"), "{v}");
        }
    }
}
