//! The words of a message line, with the position of each for errors.

use std::str::FromStr;

use super::{GameId, MessageError};

/// The words of a line (separated by any whitespace, so that a `\r` before
/// the line's end, tabs and runs of spaces all separate words), read one by
/// one.
pub(super) struct Words<'a> {
    words: Vec<&'a str>,
    next: usize,
}

impl<'a> Words<'a> {
    pub(super) fn new(line: &'a str) -> Words<'a> {
        Words {
            words: line.split_whitespace().collect(),
            next: 0,
        }
    }

    /// The error for the word about to be read (or the line's end).
    pub(super) fn error(&self, expected: &'static str) -> MessageError {
        MessageError {
            word: self.next + 1,
            expected,
            found: self
                .words
                .get(self.next)
                .map_or_else(|| "the end of the line".into(), |w| format!("{w:?}")),
        }
    }

    /// The error for the word just read.
    pub(super) fn error_back(&mut self, expected: &'static str) -> MessageError {
        self.next = self.next.saturating_sub(1);
        self.error(expected)
    }

    pub(super) fn peek(&self) -> Option<&'a str> {
        self.words.get(self.next).copied()
    }

    /// Moves past the word just peeked.
    pub(super) fn skip(&mut self) {
        self.next = (self.next + 1).min(self.words.len());
    }

    pub(super) fn word(&mut self, expected: &'static str) -> Result<&'a str, MessageError> {
        let w = self.peek().ok_or_else(|| self.error(expected))?;
        self.next += 1;
        Ok(w)
    }

    /// Takes `keyword` if it comes next.
    pub(super) fn take(&mut self, keyword: &str) -> bool {
        let found = self.peek() == Some(keyword);
        if found {
            self.next += 1;
        }
        found
    }

    pub(super) fn keyword(&mut self, keyword: &'static str) -> Result<(), MessageError> {
        if self.take(keyword) {
            Ok(())
        } else {
            Err(self.error(keyword))
        }
    }

    pub(super) fn number<T: FromStr>(&mut self, expected: &'static str) -> Result<T, MessageError> {
        let w = self.peek().ok_or_else(|| self.error(expected))?;
        let n = w.parse().map_err(|_| self.error(expected))?;
        self.next += 1;
        Ok(n)
    }

    /// The rest of the line, its words joined by single spaces.
    pub(super) fn rest(&mut self) -> String {
        let rest = self.words[self.next..].join(" ");
        self.next = self.words.len();
        rest
    }

    /// A game and, after the word `rules`, its rule options (to the
    /// line's end): `newgame`'s arguments and a `game` line's.
    pub(super) fn game_and_rules(&mut self) -> Result<(GameId, Vec<String>), MessageError> {
        let game = self
            .word("kamisado or katarenga")?
            .parse()
            .map_err(|_| self.error_back("kamisado or katarenga"))?;
        let rules = if self.take("rules") {
            self.list()
        } else {
            Vec::new()
        };
        Ok((game, rules))
    }

    /// The rest of the line as a list of words.
    pub(super) fn list(&mut self) -> Vec<String> {
        let list = self.words[self.next..]
            .iter()
            .map(|w| (*w).to_string())
            .collect();
        self.next = self.words.len();
        list
    }

    pub(super) fn end(&self) -> Result<(), MessageError> {
        match self.peek() {
            None => Ok(()),
            Some(_) => Err(self.error("the end of the line")),
        }
    }
}
