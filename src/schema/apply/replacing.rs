//! What an update of a column family must keep of the definition it
//! replaces: 1.2's `validateCompatility` and `ColumnDefinition.apply`
//! checks, 0.7 to 1.0's stricter comparator rule, 1.2 to 2.2's re-reading
//! of declared names, and which of these refusals 1.1 made only as it
//! applied the update.
//!
//! Owns those checks; the type relation itself is [`crate::schema::compat`]'s and
//! the order of a change's checks is [`super`]'s.

use super::{invalid, Result, SchemaChangeError};
use crate::schema::compat::is_compatible_with;
use crate::schema::{CfDef, Rules};

/// Whether `why` is a refusal of an update's compatibility with the
/// definition it replaces ([`check_compatible`]'s): 1.1 made these checks
/// only as it applied the update (`CFMetaData.apply`,
/// `ColumnDefinition.apply`), the new definition already in its schema
/// tables, after the update's own checks (`CFMetaData.validate`) passed.
pub fn refused_on_apply(why: &str) -> bool {
    const WHOLE: [&str; 5] = [
        "types do not match.",
        "comparators do not match or are not compatible.",
        "subcolumncomparators do not match.",
        "subcolumncomparators do not match or are note compatible.",
        "Cannot modify index name",
    ];
    const PREFIXES: [&str; 2] = [
        "Cannot modify validator to a non-compatible one for column ",
        "Cannot modify component index for column ",
    ];
    WHOLE.contains(&why) || PREFIXES.iter().any(|p| why.starts_with(p))
}

/// 1.2 to 2.2's `CFMetaData.toSchemaUpdate` stored each declared column's
/// name in the old comparator's words (`getString`); the schema merge read
/// it back by the new comparator's `fromString` (`ColumnDefinition.fromSchema`)
/// and failed on the server where that could not read it.
pub(super) fn names_reread(old: &CfDef, new: &CfDef, rules: Rules) -> Result<()> {
    if !rules.names_reread_by_new_comparator {
        return Ok(());
    }
    for c in &new.options.column_metadata {
        let (was, now) = (
            old.column_name_comparator(c.component_index),
            new.column_name_comparator(c.component_index),
        );
        if was.class_name() == now.class_name() {
            continue;
        }
        if let Err(e) = now.from_string(&was.get_string(&c.name)) {
            return Err(SchemaChangeError::FailsOnServer(e.0));
        }
    }
    Ok(())
}

/// 1.2's `validateCompatility` and `ColumnDefinition.apply` checks.
pub(super) fn check_compatible(old: &CfDef, new: &CfDef, rules: Rules) -> Result<()> {
    if old.column_type != new.column_type {
        return invalid("types do not match.");
    }
    if rules.comparators_must_match {
        // 0.7 to 1.0's CFMetaData.apply: the types themselves, not their
        // compatibility.
        if new.comparator.class_name() != old.comparator.class_name() {
            return invalid("comparators do not match.");
        }
        let name = |t: &Option<crate::marshal::TypeRef>| t.as_ref().map(|t| t.class_name());
        if name(&new.subcomparator) != name(&old.subcomparator) {
            return invalid("subcolumncomparators do not match.");
        }
    }
    if !is_compatible_with(&new.comparator, &old.comparator) {
        return invalid("comparators do not match or are not compatible.");
    }
    match (&new.subcomparator, &old.subcomparator) {
        (None, Some(_)) => return invalid("subcolumncomparators do not match."),
        (Some(n), Some(o)) if !is_compatible_with(n, o) => {
            // Sic: 1.2's spelling.
            return invalid("subcolumncomparators do not match or are note compatible.");
        }
        _ => {}
    }
    for c in &new.options.column_metadata {
        let Some(o) = old.options.column(&c.name) else {
            continue;
        };
        if c == o {
            continue;
        }
        let text = || {
            old.column_name_comparator(o.component_index)
                .get_string(&o.name)
        };
        if o.index_type.is_some() && c.index_type.is_some() {
            if !rules.indexed_validators_free
                && !is_compatible_with(&c.validation_class, &o.validation_class)
            {
                return invalid(format!(
                    "Cannot modify validator to a non-compatible one for column {} since an index is set",
                    text()
                ));
            }
            if o.index_name != c.index_name
                && !rules.update_sets_index_names
                && !rules.update_takes_index_names
            {
                return invalid("Cannot modify index name");
            }
        }
        if o.component_index != c.component_index {
            return invalid(format!(
                "Cannot modify component index for column {}",
                text()
            ));
        }
    }
    Ok(())
}
