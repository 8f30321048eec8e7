//! The shape of 3.10's duration literal (its lexer's `DURATION` token):
//! `-`? then either numbers each with a unit (`1h30m`, units `y mo w d h m
//! s ms us µs ns` in any case), or ISO 8601's `P` forms (`P1Y2M3DT4H5M6S`,
//! `P2W`, `P0001-02-03T04:05:06`, upper case). Owns only where such a
//! token ends; its value is `marshal::Duration`'s to read.

/// A unit's symbols, longest first (`mo` and `ms` before `m`).
const UNITS: [&str; 11] = ["mo", "ms", "us", "µs", "ns", "y", "w", "d", "h", "m", "s"];

/// How many characters of `ahead` a duration literal takes, if one starts
/// it; `word`: the length of the name that starts there (0 if none), which
/// an ISO form must cover to be a duration rather than a name.
pub(crate) fn length(ahead: &str, word: usize) -> Option<usize> {
    let chars: Vec<char> = ahead.chars().collect();
    let sign = usize::from(chars.first() == Some(&'-'));
    match chars.get(sign) {
        Some(c) if c.is_ascii_digit() => standard(&chars, sign),
        Some('P') => {
            let n = iso(&chars[sign..])?;
            // A name as long (`P1D`) is the duration; a longer one
            // (`P1Days`) is a name.
            (sign == 1 || n >= word).then_some(sign + n)
        }
        _ => None,
    }
}

fn digits(chars: &[char], at: usize) -> usize {
    chars[at.min(chars.len())..]
        .iter()
        .take_while(|c| c.is_ascii_digit())
        .count()
}

/// `DIGIT+ UNIT (DIGIT+ UNIT)*` from `at`.
fn standard(chars: &[char], mut at: usize) -> Option<usize> {
    let start = at;
    loop {
        let n = digits(chars, at);
        if n == 0 {
            break;
        }
        let rest: String = chars[at + n..]
            .iter()
            .take(2)
            .collect::<String>()
            .to_lowercase();
        let Some(unit) = UNITS.iter().find(|u| rest.starts_with(*u)) else {
            break;
        };
        at += n + unit.chars().count();
    }
    (at > start).then_some(at)
}

/// An ISO 8601 form from its `P`: the alternative format, the weeks', or
/// the one with designators (at least one number given).
fn iso(chars: &[char]) -> Option<usize> {
    const ALTERNATIVE: &str = "Pdddd-dd-ddTdd:dd:dd";
    let fits = ALTERNATIVE.chars().enumerate().all(|(i, s)| match s {
        'd' => chars.get(i).is_some_and(char::is_ascii_digit),
        _ => chars.get(i) == Some(&s),
    });
    if fits {
        return Some(ALTERNATIVE.len());
    }
    let weeks = digits(chars, 1);
    if weeks > 0 && chars.get(1 + weeks) == Some(&'W') {
        return Some(2 + weeks);
    }
    let mut at = 1;
    let mut any = false;
    let mut designated = |at: &mut usize, designators: &[char]| {
        let mut next = 0;
        loop {
            let n = digits(chars, *at);
            let Some(d) = chars.get(*at + n) else { break };
            match designators[next..].iter().position(|x| x == d) {
                Some(i) if n > 0 => {
                    next += i + 1;
                    *at += n + 1;
                    any = true;
                }
                _ => break,
            }
        }
    };
    designated(&mut at, &['Y', 'M', 'D']);
    if chars.get(at) == Some(&'T') {
        let mut t = at + 1;
        designated(&mut t, &['H', 'M', 'S']);
        at = t;
    }
    any.then_some(at)
}

#[cfg(test)]
mod tests {
    use super::length;

    fn len(s: &str) -> Option<usize> {
        let word = s
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .count();
        let word = if s.starts_with(|c: char| c.is_alphabetic()) {
            word
        } else {
            0
        };
        length(s, word)
    }

    #[test]
    fn standard_forms() {
        assert_eq!(len("1h30m"), Some(5));
        assert_eq!(len("-2d10s"), Some(6));
        assert_eq!(len("3mo2w"), Some(5));
        assert_eq!(len("12MS"), Some(4));
        assert_eq!(len("1x"), None);
        assert_eq!(len("90"), None);
        assert_eq!(len("1h30"), Some(2));
    }

    #[test]
    fn iso_forms() {
        assert_eq!(len("P1DT2H"), Some(6));
        assert_eq!(len("P2W"), Some(3));
        assert_eq!(len("P0001-02-03T04:05:06"), Some(20));
        assert_eq!(len("Price"), None);
        assert_eq!(len("P1Days"), None);
        assert_eq!(len("P"), None);
    }
}
