//! Tokens of Cassandra 0.6's cli grammar, and the lexer's error lines.
//!
//! The 0.6 cli read one statement per line with an ANTLR 3 lexer that
//! matched keywords case-insensitively (its input stream upper-cased every
//! lookahead character, so the characters in its error lines are upper
//! case), made `API VERSION` one token, and on a character it could not use
//! printed `line 1:N ...` on stderr, dropped that character and went on.
//! This module reproduces those tokens and lines; it knows nothing of the
//! statements (`cli06_parse`) or of the server.

/// Token types, with the names ANTLR printed in `expecting ...`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum T {
    Eof,
    Config,
    Connect,
    Count,
    Cluster,
    Del,
    Describe,
    Get,
    Help,
    Exit,
    File,
    Name,
    Quit,
    Set,
    Show,
    Keyspace,
    Keyspaces,
    ApiVersion,
    Integer,
    Ident,
    Str,
    Dot,
    Slash,
    Semi,
    Question,
    Equals,
    LBracket,
    RBracket,
}

impl T {
    /// The bit of this type in a follow set (bit 0 is ANTLR's end-of-rule).
    pub fn bit(self) -> u64 {
        1 << (self as u32 + 1)
    }

    /// The name ANTLR's error messages used for the type.
    pub fn display(self) -> &'static str {
        match self {
            T::Eof => "EOF",
            T::Config => "K_CONFIG",
            T::Connect => "K_CONNECT",
            T::Count => "K_COUNT",
            T::Cluster => "K_CLUSTER",
            T::Del => "K_DEL",
            T::Describe => "K_DESCRIBE",
            T::Get => "K_GET",
            T::Help => "K_HELP",
            T::Exit => "K_EXIT",
            T::File => "K_FILE",
            T::Name => "K_NAME",
            T::Quit => "K_QUIT",
            T::Set => "K_SET",
            T::Show => "K_SHOW",
            T::Keyspace => "K_TABLE",
            T::Keyspaces => "K_TABLES",
            T::ApiVersion => "K_VERSION",
            T::Integer => "IntegerLiteral",
            T::Ident => "Identifier",
            T::Str => "StringLiteral",
            T::Dot => "DOT",
            T::Slash => "SLASH",
            T::Semi => "SEMICOLON",
            T::Question => "'?'",
            T::Equals => "'='",
            T::LBracket => "'['",
            T::RBracket => "']'",
        }
    }
}

/// One token: its type, its text as typed, and where it starts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tok {
    pub t: T,
    pub text: String,
    /// Character offset in the line (ANTLR's charPositionInLine).
    pub pos: usize,
    /// Character offset just past the token.
    pub end: usize,
}

const KEYWORDS: &[(&str, T)] = &[
    ("CONFIG", T::Config),
    ("CONNECT", T::Connect),
    ("COUNT", T::Count),
    ("CLUSTER", T::Cluster),
    ("DEL", T::Del),
    ("DESCRIBE", T::Describe),
    ("GET", T::Get),
    ("HELP", T::Help),
    ("EXIT", T::Exit),
    ("FILE", T::File),
    ("NAME", T::Name),
    ("QUIT", T::Quit),
    ("SET", T::Set),
    ("SHOW", T::Show),
    ("KEYSPACE", T::Keyspace),
    ("KEYSPACES", T::Keyspaces),
];

/// How ANTLR showed a character in a lexer error: quoted, escapes spelled out.
fn char_display(c: Option<char>) -> String {
    match c {
        None => "'<EOF>'".into(),
        Some('\n') => "'\\n'".into(),
        Some('\t') => "'\\t'".into(),
        Some('\r') => "'\\r'".into(),
        Some(c) => format!("'{c}'"),
    }
}

/// Splits one statement line into tokens (comments and blanks dropped);
/// the lexer's error lines are appended to `errors`.
pub fn lex(line: &str, errors: &mut Vec<String>) -> Vec<Tok> {
    let chars: Vec<char> = line.chars().collect();
    // What the case-insensitive stream showed the lexer.
    let up = |i: usize| chars.get(i).map(|c| c.to_ascii_uppercase());
    let alnum = |c: char| c.is_ascii_alphanumeric();
    let mut toks = Vec::new();
    let mut i = 0;
    let text = |a: usize, b: usize| chars[a..b].iter().collect::<String>();
    while i < chars.len() {
        let c = chars[i];
        let single = match c {
            '.' => Some(T::Dot),
            ';' => Some(T::Semi),
            '?' => Some(T::Question),
            '=' => Some(T::Equals),
            '[' => Some(T::LBracket),
            ']' => Some(T::RBracket),
            _ => None,
        };
        if let Some(t) = single {
            toks.push(Tok {
                t,
                text: c.to_string(),
                pos: i,
                end: i + 1,
            });
            i += 1;
        } else if matches!(c, ' ' | '\r' | '\t' | '\n') {
            i += 1;
        } else if c == '-' && chars.get(i + 1) == Some(&'-') {
            while i < chars.len() && chars[i] != '\n' && chars[i] != '\r' {
                i += 1;
            }
        } else if c == '/' && chars.get(i + 1) == Some(&'*') {
            let mut j = i + 2;
            while j < chars.len() && !(chars[j] == '*' && chars.get(j + 1) == Some(&'/')) {
                j += 1;
            }
            if j >= chars.len() {
                errors.push(format!(
                    "line 1:{} mismatched character '<EOF>' expecting '*'",
                    chars.len()
                ));
                i = chars.len();
            } else {
                i = j + 2;
            }
        } else if c == '/' {
            toks.push(Tok {
                t: T::Slash,
                text: "/".into(),
                pos: i,
                end: i + 1,
            });
            i += 1;
        } else if c == '\'' {
            // 'x' ('y')*: doubled quotes stay in the text, as 0.6 kept them.
            let start = i;
            let mut j = i;
            let mut closed = true;
            while chars.get(j) == Some(&'\'') {
                match chars[j + 1..].iter().position(|&c| c == '\'') {
                    Some(k) => j = j + 1 + k + 1,
                    None => {
                        closed = false;
                        break;
                    }
                }
            }
            if !closed {
                errors.push(format!(
                    "line 1:{} mismatched character '<EOF>' expecting '''",
                    chars.len()
                ));
                i = chars.len();
                continue;
            }
            toks.push(Tok {
                t: T::Str,
                text: text(start, j),
                pos: start,
                end: j,
            });
            i = j;
        } else if alnum(c) {
            let start = i;
            let mut j = i + 1;
            while j < chars.len() && (alnum(chars[j]) || chars[j] == '_' || chars[j] == '-') {
                j += 1;
            }
            let word = text(start, j).to_ascii_uppercase();
            if word == "API" && chars.get(j) == Some(&' ') {
                // `API VERSION` is one keyword: the space commits to it.
                let want: Vec<char> = " VERSION".chars().collect();
                let mut k = 0;
                while k < want.len() && up(j + k) == Some(want[k]) {
                    k += 1;
                }
                if k == want.len() {
                    toks.push(Tok {
                        t: T::ApiVersion,
                        text: text(start, j + k),
                        pos: start,
                        end: j + k,
                    });
                    i = j + k;
                } else {
                    errors.push(format!(
                        "line 1:{} mismatched character {} expecting {}",
                        j + k,
                        char_display(up(j + k)),
                        char_display(Some(want[k]))
                    ));
                    i = j + k + 1;
                }
                continue;
            }
            let t = if word.chars().all(|c| c.is_ascii_digit()) {
                T::Integer
            } else {
                KEYWORDS
                    .iter()
                    .find(|(k, _)| *k == word)
                    .map_or(T::Ident, |(_, t)| *t)
            };
            toks.push(Tok {
                t,
                text: text(start, j),
                pos: start,
                end: j,
            });
            i = j;
        } else {
            errors.push(format!(
                "line 1:{i} no viable alternative at character {}",
                char_display(up(i))
            ));
            i += 1;
        }
    }
    toks
}

#[cfg(test)]
mod tests {
    use super::*;

    fn types(line: &str) -> (Vec<T>, Vec<String>) {
        let mut errors = Vec::new();
        let toks = lex(line, &mut errors);
        (toks.into_iter().map(|t| t.t).collect(), errors)
    }

    #[test]
    fn keywords_any_case_identifiers_and_literals() {
        let (t, e) = types("GeT Keyspace1.Standard1['k']['it''s'] -- note");
        assert!(e.is_empty());
        assert_eq!(
            t,
            [
                T::Get,
                T::Ident,
                T::Dot,
                T::Ident,
                T::LBracket,
                T::Str,
                T::RBracket,
                T::LBracket,
                T::Str,
                T::RBracket
            ]
        );
        let (t, _) = types("connect 127.0.0.1/9160");
        assert_eq!(t[1], T::Integer);
        assert_eq!(t.last(), Some(&T::Integer));
        let (t, _) = types("show api version; /* c */");
        assert_eq!(t, [T::Show, T::ApiVersion, T::Semi]);
        let (t, _) = types("keyspaces keyspace getx");
        assert_eq!(t, [T::Keyspaces, T::Keyspace, T::Ident]);
    }

    #[test]
    fn lexer_errors_name_the_upper_cased_character() {
        let (t, e) = types("show api  version");
        assert_eq!(e, ["line 1:9 mismatched character ' ' expecting 'V'"]);
        assert_eq!(t, [T::Show, T::Ident]);
        let (t, e) = types("get !x");
        assert_eq!(e, ["line 1:4 no viable alternative at character '!'"]);
        assert_eq!(t, [T::Get, T::Ident]);
    }
}
