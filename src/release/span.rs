//! What lies between two releases rather than at either end: the upgrade
//! path Cassandra supported from one to the other (each series' `NEWS.txt`
//! said from which releases it could be reached), what came in a release
//! between and was gone again by the later one (a feature, a behaviour),
//! and the refusals whose words changed. Data and pure functions over the
//! release table; `diff` puts them into a [`super::diff::ReleaseDiff`].

use super::wordings::Refusal;
use super::{Behaviour, Feature, Release, Version, RELEASES};

/// From which release on each series could be reached by an upgrade, as
/// that series' `NEWS.txt` said (a series without an entry keeps the rule
/// of the one before; before 1.2 none was stated).
const UPGRADES: &[((u32, u32), Version)] = &[
    // "1.2 is NOT network-compatible with versions older than 1.0".
    ((1, 2), (1, 0, 0)),
    // "Upgrading is ONLY supported from Cassandra 1.2.9 or later".
    ((2, 0), (1, 2, 9)),
    // "Rolling upgrades from anything pre-2.0.7 is not supported".
    ((2, 1), (2, 0, 7)),
    // "Upgrade to 3.0 is supported from Cassandra 2.1 versions greater or
    // equal to 2.1.9, or Cassandra 2.2 versions greater or equal to 2.2.2".
    ((3, 0), (2, 1, 9)),
];

/// The earliest release `to` could be upgraded from directly.
fn reachable_from(to: &Release) -> Option<Version> {
    UPGRADES
        .iter()
        .rev()
        .find(|&&(series, _)| to.at_least(series.0, series.1))
        .map(|&(_, from)| from)
}

/// Whether Cassandra supported upgrading `from` to `to` in one step.
pub fn upgrades_directly(from: &Release, to: &Release) -> bool {
    from.numbers() <= to.numbers() && reachable_from(to).is_none_or(|min| from.numbers() >= min)
}

/// The releases an upgrade from `from` to `to` goes through, both ends
/// included, each step to the latest known release it could reach; empty
/// when `to` is earlier (Cassandra supported no downgrade).
pub fn upgrade_path(from: &'static Release, to: &'static Release) -> Vec<&'static str> {
    if from.numbers() > to.numbers() {
        return Vec::new();
    }
    let mut path = vec![from.version];
    let mut at = from;
    while at.numbers() < to.numbers() {
        let next = RELEASES
            .iter()
            .filter(|r| r.numbers() > at.numbers() && r.numbers() <= to.numbers())
            .filter(|r| upgrades_directly(at, r))
            .max_by_key(|r| r.numbers());
        match next {
            Some(r) => {
                path.push(r.version);
                at = r;
            }
            // No known release between can be reached: the rules hold no
            // such gap, but the path must not loop.
            None => break,
        }
    }
    path
}

/// The releases strictly between the two, in order.
fn between(a: &Release, b: &Release) -> Vec<&'static Release> {
    let (lo, hi) = if a.numbers() <= b.numbers() {
        (a.numbers(), b.numbers())
    } else {
        (b.numbers(), a.numbers())
    };
    RELEASES
        .iter()
        .filter(|r| r.numbers() > lo && r.numbers() < hi)
        .collect()
}

/// What some release between had that neither end had: met on the way,
/// gone by the end.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct OnTheWay {
    pub features: Vec<Feature>,
    pub behaviours: Vec<Behaviour>,
}

pub fn on_the_way(from: &Release, to: &Release) -> OnTheWay {
    let mid = between(from, to);
    let transient =
        |at: &dyn Fn(&Release) -> bool| at(from) || at(to) || !mid.iter().any(|r| at(r));
    OnTheWay {
        features: Feature::ALL
            .into_iter()
            .filter(|&f| !transient(&|r| r.has(f)))
            .collect(),
        behaviours: Behaviour::ALL
            .iter()
            .copied()
            .filter(|&b| !transient(&|r| r.does(b)))
            .collect(),
    }
}

/// A refusal worded otherwise at the two ends (`None`: 1.2.9's words).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WordingChange {
    pub refusal: Refusal,
    pub from: Option<&'static str>,
    pub to: Option<&'static str>,
}

pub fn wording_changes(from: &Release, to: &Release) -> Vec<WordingChange> {
    Refusal::ALL
        .into_iter()
        .map(|refusal| WordingChange {
            refusal,
            from: from.wording(refusal),
            to: to.wording(refusal),
        })
        .filter(|w| w.from != w.to)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(version: &str) -> &'static Release {
        Release::find(version).unwrap()
    }

    #[test]
    fn the_paths_to_3_x_go_through_the_releases_news_txt_required() {
        assert_eq!(
            upgrade_path(r("1.0.12"), r("3.0.24")),
            ["1.0.12", "1.2.19", "2.0.17", "2.2.19", "3.0.24"]
        );
        assert_eq!(
            upgrade_path(r("2.2.19"), r("3.11.10")),
            ["2.2.19", "3.11.10"]
        );
        assert_eq!(
            upgrade_path(r("2.0.17"), r("3.11.10")),
            ["2.0.17", "2.2.19", "3.11.10"]
        );
        assert_eq!(upgrade_path(r("0.7.10"), r("1.1.12")), ["0.7.10", "1.1.12"]);
        assert!(upgrade_path(r("3.0.24"), r("2.2.19")).is_empty());
        assert!(!upgrades_directly(r("1.2.9"), r("2.1.22")));
        assert!(upgrades_directly(r("1.2.9"), r("2.0.17")));
    }

    #[test]
    fn what_came_and_went_between() {
        let w = on_the_way(r("1.0.12"), r("3.0.24"));
        assert_eq!(w.features, [Feature::Cql3Beta]);
        assert!(w.behaviours.contains(&Behaviour::AtomicSuperDeletionsFail));
        assert!(w
            .behaviours
            .contains(&Behaviour::RingOfUnknownKeyspaceDropped));
        // What one end had is not "on the way".
        assert!(!w.behaviours.contains(&Behaviour::MarkersNamedByDefinition));
        let w = on_the_way(r("2.0.17"), r("3.11.10"));
        assert!(w.behaviours.contains(&Behaviour::MarkersNamedByDefinition));
        assert!(w.behaviours.contains(&Behaviour::DefinitionsWithPositions));
        assert_eq!(
            on_the_way(r("2.2.19"), r("3.11.10")),
            on_the_way(r("3.11.10"), r("2.2.19"))
        );
    }

    #[test]
    fn words_that_changed() {
        let w = wording_changes(r("2.2.19"), r("3.11.10"));
        assert_eq!(w.len(), 1);
        assert_eq!(w[0].refusal, Refusal::SerialMultiget);
        assert_eq!(w[0].from, None);
        assert!(w[0].to.unwrap().ends_with("one partition at a time"));
        assert!(wording_changes(r("3.0.24"), r("3.11.10")).is_empty());
        let old = wording_changes(r("1.0.12"), r("3.0.24"));
        assert!(old.iter().any(|w| w.refusal == Refusal::NoKeyspaceSet));
    }
}
