//! An error shown with its causes, on one line.

use core::fmt;

/// Writes an error and each of its sources, separated by `": "`: the whole
/// story of a nested error on one line, each cause once.
///
/// ```
/// use board_geometry::ErrorChain;
/// use board_geometry::Square;
/// let e = "i4".parse::<Square>().unwrap_err();
/// assert_eq!(
///     ErrorChain(&e).to_string(),
///     "expected a file letter a-h at offset 0, found 'i'"
/// );
/// ```
#[derive(Debug, Clone, Copy)]
pub struct ErrorChain<'a>(pub &'a dyn core::error::Error);

impl fmt::Display for ErrorChain<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)?;
        let mut source = self.0.source();
        while let Some(cause) = source {
            write!(f, ": {cause}")?;
            source = cause.source();
        }
        Ok(())
    }
}
