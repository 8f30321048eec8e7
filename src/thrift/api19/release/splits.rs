//! `describe_splits(_ex)` of one node as each release's
//! `StorageService.getSplits` computed them: from the keys its SSTables'
//! index summaries sampled (one every `index_interval` keys of each
//! SSTable) inside the range, never from memtables, so a node that has not
//! flushed knows no key and answers the whole range as one split.
//!
//! - 0.7 to 1.0 (`List<Token> getSplits`): the range's bounds with every
//!   `samples / splits`-th sample between, `splits` being `samples ×
//!   index_interval / keys_per_split` in `int`s (a `keys_per_split` of 0
//!   divided by zero: the call failed on the server);
//! - 1.1 to 2.0: `(samples + 1) × index_interval` rows (the yaml's
//!   interval; 2.0 the column family's), at most `samples / 4 + 1` splits
//!   of `total / keys_per_split` rows (a `long` divided by zero for 0), each
//!   split estimated at the samples it spans × the interval;
//! - 2.1 on: rows are `ColumnFamilyStore.estimatedKeysForRange`, each
//!   SSTable's samples in the range × the column family's
//!   `min_index_interval`, at least 1 per SSTable (0 without SSTables), and
//!   each split at least `min_index_interval` (CASSANDRA-7322).
//!
//! A negative `keys_per_split` was never refused: the split count fell to 1.

use crate::node::Node;
use crate::partitioner::Token;
use crate::release::Behaviour;
use crate::schema::CfDef;

/// The rule `node`'s release split by, for column family `cf`.
pub fn rule(node: &Node, cf: &CfDef) -> Rule {
    let does = |b| node.release.is_some_and(|r| r.does(b));
    // The yaml's interval (the engine's SSTables sample by it too).
    let yaml = node.engine().map_or(128, |e| e.index_interval());
    let yaml = i64::try_from(yaml).unwrap_or(128);
    let o = &cf.options;
    if does(Behaviour::SplitRowsFromSstableEstimates) {
        // CFMetaData.fromThrift: index_interval stood for an unset minimum.
        let min = o.min_index_interval.or(o.index_interval).unwrap_or(128);
        return Rule::Estimated {
            min_interval: i64::from(min),
        };
    }
    if does(Behaviour::SplitRowsFromSamples) {
        // 2.0 took the column family's interval (its CfDef's index_interval).
        return Rule::Interval {
            interval: o.index_interval.map_or(yaml, i64::from),
        };
    }
    Rule::Tokens {
        interval: i32::try_from(yaml).unwrap_or(128),
    }
}

/// How a release estimated a range's rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    /// 0.7 to 1.0: tokens only, no estimates.
    Tokens { interval: i32 },
    /// 1.1 to 2.0: (samples + 1) × the index interval.
    Interval { interval: i64 },
    /// 2.1 on: the SSTables' estimated keys, at least `min_interval` a split.
    Estimated { min_interval: i64 },
}

/// Why the release failed the call: `keys_per_split` 0 divided by zero
/// (an `ArithmeticException` the call did not catch).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DividedByZero;

/// `(left, right]` as Cassandra's `Range.contains` read it: a range whose
/// left bound is not below its right wraps (equal bounds: the whole ring).
fn contains(left: &Token, right: &Token, point: &Token) -> bool {
    if left >= right {
        point > left || point <= right
    } else {
        point > left && point <= right
    }
}

/// Samples inside the range, in the range's order (`FBUtilities.
/// sortSampledKeys`: a wrapping range's tokens after its left bound first).
fn sorted_in(left: &Token, right: &Token, samples: &[Vec<Token>]) -> Vec<Token> {
    let mut keys: Vec<Token> = samples
        .iter()
        .flatten()
        .filter(|t| contains(left, right, t))
        .cloned()
        .collect();
    keys.sort_by_key(|t| (left >= right && t <= left, t.clone()));
    keys
}

/// `ColumnFamilyStore.estimatedKeysForRange`: each SSTable's samples in the
/// range × the interval, at least 1 an SSTable.
fn estimated_keys(left: &Token, right: &Token, samples: &[Vec<Token>], interval: i64) -> i64 {
    let in_table = |t: &Vec<Token>| t.iter().filter(|k| contains(left, right, k)).count() as i64;
    samples
        .iter()
        .map(|t| (in_table(t) * interval).max(1))
        .sum()
}

/// Java's `Math.round` of a positive double.
fn round(x: f64) -> usize {
    (x + 0.5).floor() as usize
}

/// The splits of `(left, right]` (`left`/`right` as the release printed
/// them, `bounds` their tokens when they lie on the ring): `(start, end,
/// rows)` each, rows `None` under [`Rule::Tokens`].
pub fn splits(
    rule: Rule,
    (left, right): (&str, &str),
    bounds: Option<(&Token, &Token)>,
    samples: &[Vec<Token>],
    keys_per_split: i32,
    print: &dyn Fn(&Token) -> String,
) -> Result<Vec<(String, String, Option<i64>)>, DividedByZero> {
    if keys_per_split == 0 {
        return Err(DividedByZero);
    }
    let keys = bounds.map_or_else(Vec::new, |(l, r)| sorted_in(l, r, samples));
    let n = keys.len();
    let mut tokens = vec![left.to_string()];
    tokens.extend(keys.iter().map(print));
    tokens.push(right.to_string());
    let (total, interval) = match rule {
        Rule::Tokens { interval } => {
            // int arithmetic, as the release's.
            let count = (n as i32).wrapping_mul(interval) / keys_per_split;
            let mut out = vec![left.to_string()];
            if n as i32 >= count {
                for i in 1..count.max(1) {
                    out.push(tokens[1 + (i * (n as i32 / count)) as usize].clone());
                }
            }
            out.push(right.to_string());
            let pairs = out.windows(2);
            return Ok(pairs.map(|w| (w[0].clone(), w[1].clone(), None)).collect());
        }
        Rule::Interval { interval } => ((n as i64 + 1) * interval, interval),
        Rule::Estimated { min_interval } => (
            bounds.map_or(0, |(l, r)| estimated_keys(l, r, samples, min_interval)),
            min_interval,
        ),
    };
    let most = (n / 4 + 1) as i32;
    let count = most.min((total / i64::from(keys_per_split)) as i32).max(1) as usize;
    let step = (tokens.len() - 1) as f64 / count as f64;
    let (mut prev, mut out) = (0usize, Vec::with_capacity(count));
    for i in 1..=count {
        let index = round(i as f64 * step);
        let rows = match (rule, bounds) {
            (Rule::Estimated { min_interval }, Some((bl, br))) => {
                // A split's bounds: the range's own at its ends, else samples.
                let at = |i: usize| (i > 0 && i <= n).then(|| &keys[i - 1]);
                let (l, r) = (at(prev).unwrap_or(bl), at(index).unwrap_or(br));
                estimated_keys(l, r, samples, min_interval).max(min_interval)
            }
            // Bounds off the ring were read only before 2.1.
            (Rule::Estimated { min_interval }, None) => min_interval,
            _ => (index - prev) as i64 * interval,
        };
        out.push((tokens[prev].clone(), tokens[index].clone(), Some(rows)));
        prev = index;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn print(t: &Token) -> String {
        match t {
            Token::Long(v) => v.to_string(),
            _ => unreachable!(),
        }
    }

    fn run(
        rule: Rule,
        l: i64,
        r: i64,
        samples: &[Vec<i64>],
        kps: i32,
    ) -> Vec<(String, String, Option<i64>)> {
        let samples: Vec<Vec<Token>> = samples
            .iter()
            .map(|t| t.iter().map(|v| Token::Long(*v)).collect())
            .collect();
        let (lt, rt) = (Token::Long(l), Token::Long(r));
        let (ls, rs) = (l.to_string(), r.to_string());
        splits(rule, (&ls, &rs), Some((&lt, &rt)), &samples, kps, &print).unwrap()
    }

    fn one(l: &str, r: &str, rows: Option<i64>) -> Vec<(String, String, Option<i64>)> {
        vec![(l.to_string(), r.to_string(), rows)]
    }

    #[test]
    fn a_node_that_has_not_flushed_answers_one_split() {
        let interval = Rule::Interval { interval: 128 };
        assert_eq!(run(interval, 0, 0, &[], 65536), one("0", "0", Some(128)));
        assert_eq!(run(interval, 0, 100, &[], 1), one("0", "100", Some(128)));
        assert_eq!(run(interval, 0, -1, &[], -5), one("0", "-1", Some(128)));
        let estimated = Rule::Estimated { min_interval: 128 };
        assert_eq!(run(estimated, 0, 0, &[], 10), one("0", "0", Some(128)));
        let tokens = Rule::Tokens { interval: 128 };
        assert_eq!(run(tokens, 0, -1, &[], -5), one("0", "-1", None));
    }

    #[test]
    fn keys_per_split_zero_divides_by_zero() {
        let (l, r) = (Token::Long(0), Token::Long(1));
        for rule in [
            Rule::Tokens { interval: 128 },
            Rule::Interval { interval: 128 },
            Rule::Estimated { min_interval: 128 },
        ] {
            let got = splits(rule, ("0", "1"), Some((&l, &r)), &[], 0, &print);
            assert_eq!(got, Err(DividedByZero));
        }
    }

    #[test]
    fn samples_cut_the_range() {
        // 8 samples: at most 3 splits; 9 × 128 rows / 300 = 3.
        let s = vec![(1..=8).map(|i| i * 10).collect::<Vec<i64>>()];
        let got = run(Rule::Interval { interval: 128 }, 0, 100, &s, 300);
        let ends: Vec<&str> = got.iter().map(|s| s.1.as_str()).collect();
        assert_eq!(ends, ["30", "60", "100"]);
        assert_eq!(got[0].2, Some(3 * 128));
        // 0.7-1.0: 8 × 128 / 512 = 2 splits, cut at sample 4.
        let got = run(Rule::Tokens { interval: 128 }, 0, 100, &s, 512);
        let ends: Vec<&str> = got.iter().map(|s| s.1.as_str()).collect();
        assert_eq!(ends, ["50", "100"]);
        // 2.1: one SSTable's 8 samples × 128 rows; a split's own samples.
        let got = run(Rule::Estimated { min_interval: 128 }, 0, 100, &s, 1);
        assert_eq!(got.len(), 3);
        assert_eq!(got[0].2, Some(3 * 128));
    }

    #[test]
    fn a_wrapping_range_takes_its_samples_after_the_left_bound_first() {
        let (l, r) = (Token::Long(100), Token::Long(0));
        let samples = vec![[-50, 50, 150].map(Token::Long).to_vec()];
        let keys = sorted_in(&l, &r, &samples);
        assert_eq!(keys, [Token::Long(150), Token::Long(-50)]);
    }
}
