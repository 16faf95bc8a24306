//! Laying out a record's movetext: lines of at most 79 characters, and
//! comments.

/// Writes a comment, `}` turned into `)` (a comment cannot hold it).
pub(crate) fn comment(text: &str) -> String {
    format!("{{{}}}", text.replace('}', ")"))
}

/// Lays out movetext tokens in lines of at most 79 characters.
#[derive(Default)]
pub(crate) struct Lines {
    pub(crate) out: String,
    line: usize,
}

impl Lines {
    pub(crate) fn push(&mut self, token: &str) {
        if self.line > 0 && self.line + 1 + token.len() > 79 {
            self.out.push('\n');
            self.line = 0;
        }
        if self.line > 0 {
            self.out.push(' ');
            self.line += 1;
        }
        self.out.push_str(token);
        // A comment may hold line breaks.
        self.line = match token.rfind('\n') {
            Some(i) => token.len() - i - 1,
            None => self.line + token.len(),
        };
    }

    pub(crate) fn end_line(&mut self) {
        if self.line > 0 {
            self.out.push('\n');
            self.line = 0;
        }
    }
}
