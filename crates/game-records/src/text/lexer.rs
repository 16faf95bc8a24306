//! The tokens of a record's text (tag pairs, words, quoted strings,
//! comments, move numbers) with their lines and columns.

use super::{ErrorKind, Location, RecordError};

/// A token of a record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Token {
    /// `[Name "value"]`.
    Tag(String, String),
    /// A `"..."` string (escapes removed).
    Quoted(String),
    /// A `{...}` comment (trimmed).
    Comment(String),
    /// `12.`
    Number(u32),
    /// Any other run of non-space characters.
    Word(String),
}

impl Token {
    pub(crate) fn describe(&self) -> String {
        match self {
            Token::Tag(name, _) => format!("the tag {name}"),
            Token::Quoted(s) => format!("{s:?}"),
            Token::Comment(_) => "a comment".into(),
            Token::Number(n) => format!("\"{n}.\""),
            Token::Word(w) => format!("{w:?}"),
        }
    }
}

/// The tokens of a text, each with its location and whether an empty line
/// comes before it.
pub(crate) fn tokenize(text: &str) -> Result<Vec<(Location, Token, bool)>, RecordError> {
    let mut lexer = Lexer {
        chars: text.chars().collect(),
        i: 0,
        at: Location { line: 1, column: 1 },
    };
    let mut tokens = Vec::new();
    while let Some(token) = lexer.next()? {
        tokens.push(token);
    }
    Ok(tokens)
}

struct Lexer {
    chars: Vec<char>,
    i: usize,
    at: Location,
}

fn syntax(at: Location, expected: &'static str, found: Option<char>) -> RecordError {
    RecordError::at(
        at,
        ErrorKind::Syntax {
            expected,
            found: found.map_or_else(|| "the end of the record".into(), |c| format!("{c:?}")),
        },
    )
}

impl Lexer {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.i).copied()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.i += 1;
        if c == '\n' {
            self.at.line += 1;
            self.at.column = 1;
        } else {
            self.at.column += 1;
        }
        Some(c)
    }

    /// Skips spaces and `;` comments; returns whether an empty line (two
    /// line breaks with only spaces between) was crossed.
    fn skip_space(&mut self) -> bool {
        let mut breaks = 0;
        let mut blank = false;
        loop {
            match self.peek() {
                Some('\n') => {
                    breaks += 1;
                    blank |= breaks >= 2;
                    self.bump();
                }
                Some(c) if c.is_whitespace() => {
                    self.bump();
                }
                // `;` comments run to the end of the line, as in PGN; they
                // are not kept.
                Some(';') => {
                    breaks = 0;
                    while self.peek().is_some_and(|c| c != '\n') {
                        self.bump();
                    }
                }
                _ => return blank,
            }
        }
    }

    fn quoted(&mut self) -> Result<String, RecordError> {
        let start = self.at;
        self.bump();
        let mut s = String::new();
        loop {
            match self.bump() {
                Some('"') => return Ok(s),
                Some('\\') => match self.bump() {
                    Some(c @ ('"' | '\\')) => s.push(c),
                    found => return Err(syntax(self.at, "\\\" or \\\\ after \\", found)),
                },
                Some('\n') | None => {
                    return Err(syntax(start, "a closing \" on the same line", None));
                }
                Some(c) => s.push(c),
            }
        }
    }

    fn next(&mut self) -> Result<Option<(Location, Token, bool)>, RecordError> {
        let blank = self.skip_space();
        let at = self.at;
        let Some(c) = self.peek() else {
            return Ok(None);
        };
        let token = match c {
            '[' => {
                self.bump();
                let _ = self.skip_space();
                let mut name = String::new();
                while let Some(c) = self
                    .peek()
                    .filter(|c| c.is_ascii_alphanumeric() || *c == '_')
                {
                    name.push(c);
                    self.bump();
                }
                if name.is_empty() {
                    return Err(syntax(self.at, "a tag name", self.peek()));
                }
                let _ = self.skip_space();
                if self.peek() != Some('"') {
                    return Err(syntax(self.at, "a quoted tag value", self.peek()));
                }
                let value = self.quoted()?;
                let _ = self.skip_space();
                if self.bump() != Some(']') {
                    return Err(syntax(self.at, "']' closing the tag", self.peek()));
                }
                Token::Tag(name, value)
            }
            '"' => Token::Quoted(self.quoted()?),
            '{' => {
                self.bump();
                let mut s = String::new();
                loop {
                    match self.bump() {
                        Some('}') => break,
                        Some(c) => s.push(c),
                        None => return Err(syntax(at, "'}' closing the comment", None)),
                    }
                }
                Token::Comment(s.trim().to_string())
            }
            ']' | '}' => return Err(syntax(at, "a move, a comment or a tag", Some(c))),
            _ => {
                let mut word = String::new();
                while let Some(c) = self
                    .peek()
                    .filter(|c| !c.is_whitespace() && !matches!(c, '{' | '[' | '"' | ';'))
                {
                    word.push(c);
                    self.bump();
                }
                match word.strip_suffix('.').map(str::parse::<u32>) {
                    Some(Ok(n)) => Token::Number(n),
                    _ => Token::Word(word),
                }
            }
        };
        Ok(Some((at, token, blank)))
    }
}
