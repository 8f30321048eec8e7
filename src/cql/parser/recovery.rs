//! ANTLR 3's recovery from a syntax error, as the parser emulates it: an
//! error reported and parsing gone on, the first error of a run of them
//! kept, a token dropped where the one after it is the one due. It must
//! not decide what a statement means.

use super::super::ast::{Batch, BatchKind, Statement, Using};
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
    /// The error a statement whose parse failed with `e` answers: from
    /// 2.2, whose first error reported is the one answered, an earlier
    /// reported error stands before a later recognition error (which a
    /// rule's catch would have reported after it).
    pub(super) fn first_reported_over(&mut self, e: CqlError) -> CqlError {
        match e {
            CqlError::Syntax { .. } if self.grammar.is_cql33() && !self.recovered.is_empty() => {
                self.recovered.remove(0)
            }
            e => e,
        }
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

    /// ANTLR's recovery in a rule that failed on its own decision or match
    /// (`catch: reportError; recover`): the error reported, then tokens
    /// dropped until one the rules below it on the stack may take next
    /// (`follow`: any keyword of those, a `;`, the end), where the failed
    /// rule returns as if it had matched.
    pub(super) fn recover_to(&mut self, e: CqlError, follow: &[&str]) {
        self.report(e);
        self.drop_until(|p| p.at_sym(";") || follow.iter().any(|k| p.at_kw(k)));
    }

    /// A batch whose own rule failed (its statements' loop, its `APPLY`):
    /// recovered to the `;` or end after it (the follow of the whole
    /// statement), the statement the text's later error will not let run.
    pub(super) fn batch_recovered(
        &mut self,
        e: CqlError,
        kind: BatchKind,
        using: Using,
        statements: Vec<Statement>,
    ) -> Batch {
        self.recover_to(e, &[]);
        Batch {
            kind,
            using,
            statements,
            outline: None,
        }
    }

    /// Whether `e` is the relation rule's own failure to choose an
    /// alternative at the relation's first (`at` 0) or second token: what
    /// ANTLR recovered from inside the WHERE clause.
    pub(super) fn relation_decision_failed(
        &self,
        e: &CqlError,
        first: (i32, i32),
        second: (i32, i32),
    ) -> bool {
        match e {
            CqlError::Syntax {
                line,
                column,
                message,
            } => {
                message.starts_with("no viable alternative at input")
                    && ((*line, *column) == first || (*line, *column) == second)
            }
            _ => false,
        }
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
        self.drop_until(follows);
        match self.peek().kind {
            TokenKind::Eof => Err(self.recovered.pop().expect("an error reported")),
            _ => Ok(()),
        }
    }

    /// The tokens dropped up to the end of the text or one that `follows`
    /// takes: the one loop of both recoveries above.
    pub(super) fn drop_until(&mut self, follows: impl Fn(&Self) -> bool) {
        while self.peek().kind != TokenKind::Eof && !follows(self) {
            self.tokens.advance();
        }
    }
}
