//! "Did you mean …?" for unknown setting names.
//!
//! A name a few keystrokes away from a known one is almost always a typo
//! (`<ColumFamily>`, `CompareWth=`, `comitlog_sync`) that would otherwise
//! start the server without the setting; the config readers refuse those
//! and only warn about names that resemble nothing. This module only
//! measures names; it knows no settings.

/// The known name `name` is probably a misspelling of, if any: the nearest
/// by edit distance (a swap of two neighbours counting as one edit), compared without regard to case, within a
/// budget that grows with the known name's length (1 edit up to 4
/// characters, 2 up to 12, 3 beyond). Ties go to the first in `known`.
pub(crate) fn close_match<'a>(name: &str, known: &[&'a str]) -> Option<&'a str> {
    let lower = name.to_lowercase();
    let mut best: Option<(usize, &'a str)> = None;
    for k in known {
        if *k == name {
            return None;
        }
        let d = strsim::osa_distance(&lower, &k.to_lowercase());
        if d <= budget(k) && best.is_none_or(|(bd, _)| d < bd) {
            best = Some((d, k));
        }
    }
    best.map(|(_, k)| k)
}

fn budget(known: &str) -> usize {
    match known.chars().count() {
        0..=4 => 1,
        5..=12 => 2,
        _ => 3,
    }
}

#[cfg(test)]
mod tests {
    use super::close_match;

    const KNOWN: &[&str] = &[
        "ColumnFamily",
        "CompareWith",
        "Name",
        "KeysCached",
        "RowsCached",
    ];

    #[test]
    fn typos_find_the_intended_name() {
        assert_eq!(close_match("ColumFamily", KNOWN), Some("ColumnFamily"));
        assert_eq!(close_match("CompareWth", KNOWN), Some("CompareWith"));
        assert_eq!(close_match("columnfamily", KNOWN), Some("ColumnFamily"));
        assert_eq!(close_match("Nme", KNOWN), Some("Name"));
        assert_eq!(close_match("KeyCached", KNOWN), Some("KeysCached"));
        assert_eq!(
            close_match("comitlog_sync", &["commitlog_sync", "commitlog_directory"]),
            Some("commitlog_sync")
        );
    }

    #[test]
    fn unrelated_and_exact_names_find_nothing() {
        assert_eq!(close_match("NoSuchSetting", KNOWN), None);
        assert_eq!(close_match("Bogus", KNOWN), None);
        assert_eq!(close_match("Id", KNOWN), None);
        assert_eq!(close_match("Name", KNOWN), None);
        assert_eq!(close_match("ReadRepairChance", KNOWN), None);
    }
}
