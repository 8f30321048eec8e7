//! ANTLR 3's recovery from a syntax error, as the parser emulates it: an
//! error reported and parsing gone on, the first error of a run of them
//! kept, a token dropped where the one after it is the one due. It must
//! not decide what a statement means.

use super::super::lexer::TokenKind;
use super::{CqlError, CqlResult, Parser};

impl Parser<'_> {
    /// Reports an error ANTLR recovered from (see `recovered`), unless one
    /// was reported since the last token matched.
    pub(super) fn report(&mut self, e: CqlError) {
        if !self.error_recovery {
            self.recovered.push(e);
        }
        self.error_recovery = true;
    }
    /// `extraneous input 'X' expecting Y` at the current token.
    pub(super) fn extraneous(&self, expecting: &str) -> CqlError {
        let t = self.peek();
        Self::error_at(
            t,
            format!("extraneous input '{}' expecting {}", t.text, expecting),
        )
    }
    /// ANTLR's single-token deletion: a token that must come next but
    /// comes one later (`is_next`) makes the one before it an extraneous
    /// token, reported and dropped, and the parse goes on as matched.
    pub(super) fn match_after_extraneous(
        &mut self,
        is_next: bool,
        expecting: String,
    ) -> CqlResult<()> {
        if !is_next {
            return Err(self.mismatched(&expecting));
        }
        let e = self.extraneous(&expecting);
        self.report(e);
        self.tokens.advance();
        self.tokens.advance();
        Ok(())
    }

    /// ANTLR's recovery in a rule that failed (`recover`): `e` reported
    /// (see [`Parser::report`]), then the tokens dropped up to one that
    /// may follow there (`follows`: the follow sets of the rules under
    /// way), where the parse goes on. At the end of the text no token is
    /// left to match and end the recovery: the error reported stands.
    pub(super) fn recover(
        &mut self,
        e: CqlError,
        follows: impl Fn(&Self) -> bool,
    ) -> CqlResult<()> {
        self.report(e);
        while self.peek().kind != TokenKind::Eof && !follows(self) {
            self.tokens.advance();
        }
        match self.peek().kind {
            TokenKind::Eof => Err(self.recovered.pop().expect("an error reported")),
            _ => Ok(()),
        }
    }
}
