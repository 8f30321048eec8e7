//! Tests of the CQL 3 lexer.

use super::*;

fn kinds(src: &str) -> Vec<(TokenKind, String)> {
    tokenize(src)
        .unwrap()
        .into_iter()
        .map(|t| (t.kind, t.text))
        .collect()
}

#[test]
fn constants_and_positions() {
    let toks = tokenize("SELECT x\n  FROM t WHERE k = 'it''s' -- c\n").unwrap();
    assert_eq!(toks[2].text, "FROM");
    assert_eq!((toks[2].line, toks[2].column), (2, 2));
    assert_eq!(toks[7].kind, TokenKind::Str);
    assert_eq!(toks[7].text, "it's");
    assert_eq!(toks.last().unwrap().kind, TokenKind::Eof);
}

fn first_error(src: &str) -> String {
    tokenize(src).unwrap_err().to_string()
}

#[test]
fn a_predicted_uuid_fails_where_its_text_goes_wrong() {
    // A digit then a hex letter continues no number: a UUID was due,
    // and its ninth character had to be a dash (2.0.17 and 2.2.19).
    let q = "INSERT INTO ev (id, u) VALUES (28, 6ba7b8109dad11d180b400c04fd430c8)";
    assert_eq!(
        first_error(q),
        "line 1:43 mismatched character '9' expecting '-'"
    );
    // Eight hex digits then a dash continue no name: a UUID, whose
    // next character had to be a hex digit.
    assert_eq!(
        first_error("SELECT deadbeef-xyz"),
        "line 1:16 mismatched character 'x' expecting set null"
    );
    assert_eq!(
        first_error("SELECT 1b2c"),
        "line 1:11 mismatched character '<EOF>' expecting set null"
    );
}

#[test]
fn no_uuid_is_predicted_while_another_token_goes_on() {
    // Numbers with and without exponents, names of hex letters, a
    // number then a name after a space.
    let k = kinds("1e3 12345678 1E+5 deadbeef cafe9 6 b");
    let got: Vec<TokenKind> = k.into_iter().map(|(kind, _)| kind).collect();
    use TokenKind::*;
    assert_eq!(
        got,
        [Float, Integer, Float, Ident, Ident, Integer, Ident, Eof]
    );
}

#[test]
fn lexing_goes_on_after_the_failed_uuid() {
    // The partial UUID and the character it failed at are dropped.
    let toks = tokenize_past_errors("(28, 6ba7b8109dad11d180b400c04fd430c8)");
    let texts: Vec<&str> = toks.iter().map(|t| t.text.as_str()).collect();
    assert_eq!(
        texts,
        ["(", "28", ",", "dad11d180b400c04fd430c8", ")", "<EOF>"]
    );
    assert!(toks.last().is_some_and(|t| t.kind == TokenKind::Eof));
    // A hex digit's mismatch skips the character after it too (2.1's
    // snippet of `deadbeef-xyz` showed `z` alone).
    let toks = tokenize_past_errors("(10, deadbeef-xyz)");
    let texts: Vec<&str> = toks.iter().map(|t| t.text.as_str()).collect();
    assert_eq!(texts, ["(", "10", ",", "z", ")", "<EOF>"]);
}

#[test]
fn dollar_strings_are_2_2s() {
    let k = kinds("$$it's$$ 'x'");
    assert_eq!(k[0], (TokenKind::Str, "it's".to_string()));
    let before: Vec<TokenKind> = all_tokens(Lexer::new("$$a$$").without_dollars())
        .map(|t| t.into_iter().map(|t| t.kind).collect())
        .unwrap_or_default();
    assert!(before.is_empty(), "1.2 to 2.1 had no `$` token");
}

#[test]
fn uuid_beats_ident_and_integer() {
    let k =
        kinds("e4ed8000-c9e5-11e2-9000-0242ac110002 99051fe9-6a9c-46c2-b949-38ef78858dd0 e4ed8000");
    assert_eq!(k[0].0, TokenKind::Uuid);
    assert_eq!(k[1].0, TokenKind::Uuid);
    assert_eq!(k[2].0, TokenKind::Ident);
}

#[test]
fn numbers_blobs_symbols() {
    let k = kinds("-1 1.5 2e3 0x81ff <= != ? /* x */ \"Q\"\"n\"");
    assert_eq!(k[0], (TokenKind::Integer, "-1".into()));
    assert_eq!(k[1], (TokenKind::Float, "1.5".into()));
    assert_eq!(k[2], (TokenKind::Float, "2e3".into()));
    assert_eq!(k[3], (TokenKind::Hex, "0x81ff".into()));
    assert_eq!(k[4], (TokenKind::Symbol, "<=".into()));
    assert_eq!(k[5], (TokenKind::Symbol, "!=".into()));
    assert_eq!(k[6], (TokenKind::Symbol, "?".into()));
    assert_eq!(k[7], (TokenKind::QuotedName, "Q\"n".into()));
}

#[test]
fn identifiers_are_ascii_as_in_cassandra() {
    assert!(tokenize("SELECT théo FROM t").is_err());
    assert_eq!(kinds("'привет'")[0], (TokenKind::Str, "привет".into()));
}

#[test]
fn unterminated_string_is_an_error() {
    assert!(tokenize("SELECT 'abc").is_err());
}

fn error_of(lexer: Lexer) -> String {
    match all_tokens(lexer) {
        Err(CqlError::Syntax {
            line,
            column,
            message,
        }) => format!("{line}:{column} {message}"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn which_lexical_error_is_reported() {
    let text = "SELECT ~a FROM t WHERE k = ~1 AND c = 'x";
    assert_eq!(
        error_of(Lexer::with(text, LexErrors::Last)),
        "1:40 mismatched character '<EOF>' expecting '''"
    );
    let text = "SELECT ~a, ! FROM t";
    assert_eq!(
        error_of(Lexer::with(text, LexErrors::Last)),
        "1:11 no viable alternative at character '!'"
    );
    assert_eq!(
        error_of(Lexer::new(text)),
        "1:7 no viable alternative at character '~'"
    );
    // Collected: no failure, the bad characters skipped.
    let mut collecting = Lexer::with(text, LexErrors::Collected);
    let mut tokens = 0;
    while collecting.next_token().unwrap().kind != TokenKind::Eof {
        tokens += 1;
    }
    assert_eq!(tokens, 5);
    assert!(collecting.collected_error().is_some());
    assert_eq!(tokenize_past_errors(text).len(), 6);
}

#[test]
fn the_beta_had_no_brackets() {
    let text = "CREATE TABLE m (k text PRIMARY KEY) WITH c = {'class': 'L'}";
    assert_eq!(
        error_of(Lexer::beta(text)),
        "1:58 no viable alternative at character '}'"
    );
    assert!(all_tokens(Lexer::new(text)).is_ok());
}

#[test]
fn a_line_comment_needs_its_line_end() {
    // `COMMENT: ('--' | '//') .* ('\n'|'\r')` (1.2.9 to 3.11.10): a text
    // ending inside one fails at its end.
    assert_eq!(
        first_error("SELECT title FROM posts WHERE blog = 'b' -- PostDao.findByBlog"),
        "line 1:62 mismatched character '<EOF>' expecting set null"
    );
    assert_eq!(
        first_error("SELECT a FROM t\nWHERE k = 1 //"),
        "line 2:14 mismatched character '<EOF>' expecting set null"
    );
    // A line end or a carriage return ends it, and lexing goes on.
    for end in ["\n", "\r"] {
        let toks = kinds(&format!("SELECT a -- x{end}FROM t"));
        assert_eq!(toks[2], (TokenKind::Ident, "FROM".to_string()));
    }
    assert_eq!(kinds("SELECT a -- x\r").len(), 3);
}
