//! How to start an engine: `name=<name> cmd=<program> [arg=<argument>]...
//! [option.<Name>=<value>]... [tc=<time control>] [dir=<folder>]`, words
//! separated by spaces and quoted as a shell quotes them.

use std::fmt;
use std::path::PathBuf;
use std::str::FromStr;

use super::time::{TimeControl, TimeControlError};

/// How to start an engine.
///
/// ```
/// use game_protocol::referee::EngineSpec;
/// let spec: EngineSpec = r#"name="my engine" cmd='/opt/my engines/e' arg=--fast option.Hash=64 tc=10+0.1"#.parse()?;
/// assert_eq!(spec.name, "my engine");
/// assert_eq!(spec.program, "/opt/my engines/e");
/// assert_eq!(spec.args, ["--fast"]);
/// assert_eq!(spec.options, [("Hash".to_string(), "64".to_string())]);
/// assert!(spec.time.is_some());
/// // Without a name, the program's file name.
/// let spec: EngineSpec = "cmd=/usr/local/bin/kk-engine".parse()?;
/// assert_eq!((spec.name.as_str(), spec.named), ("kk-engine", false));
/// # Ok::<(), game_protocol::referee::SpecError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EngineSpec {
    /// The name in the records and the report.
    pub name: String,
    /// Whether the name was given (`name=`), not taken from the program.
    pub named: bool,
    /// The program.
    pub program: String,
    /// Its arguments.
    pub args: Vec<String>,
    /// Options set after the handshake, in order.
    pub options: Vec<(String, String)>,
    /// Its own time control (`tc=`), in place of the run's.
    pub time: Option<TimeControl>,
    /// The folder to start it in (`dir=`).
    pub dir: Option<PathBuf>,
}

/// Why an engine spec does not read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SpecError {
    /// A quote that is not closed.
    #[error("a {quote} quote opened at character {at} is not closed")]
    Unclosed {
        /// The quote character.
        quote: char,
        /// Where it opened, counting characters from 1.
        at: usize,
    },
    /// A word that is not `key=value`.
    #[error("{word:?}: expected key=value (name, cmd, arg, option.<Name>, tc, dir)")]
    NotKeyValue {
        /// The word.
        word: String,
    },
    /// An unknown key.
    #[error("{word:?}: unknown key {key:?} (name, cmd, arg, option.<Name>, tc, dir)")]
    UnknownKey {
        /// The word.
        word: String,
        /// Its key.
        key: String,
    },
    /// No `cmd=`.
    #[error("no cmd=<program>")]
    NoProgram,
    /// A `tc=` that does not read.
    #[error("tc: {0}")]
    Time(#[from] TimeControlError),
    /// Both engines given the same name.
    #[error("both engines are named {0:?}: give each its own name=")]
    SameName(String),
}

/// Splits `s` into words as a shell does: spaces separate words; `'...'`
/// keeps everything as it is, `"..."` keeps everything but `\"` and `\\`,
/// and outside quotes `\` keeps the next character.
fn words(s: &str) -> Result<Vec<String>, SpecError> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut chars = s.chars().enumerate();
    while let Some((i, c)) = chars.next() {
        match c {
            c if c.is_whitespace() => {
                if let Some(w) = word.take() {
                    words.push(w);
                }
            }
            '\'' | '"' => {
                let w = word.get_or_insert_with(String::new);
                loop {
                    match chars.next() {
                        None => {
                            return Err(SpecError::Unclosed {
                                quote: c,
                                at: i + 1,
                            });
                        }
                        Some((_, q)) if q == c => break,
                        Some((_, '\\')) if c == '"' => match chars.next() {
                            Some((_, e @ ('"' | '\\'))) => w.push(e),
                            Some((_, e)) => {
                                w.push('\\');
                                w.push(e);
                            }
                            None => {
                                return Err(SpecError::Unclosed {
                                    quote: c,
                                    at: i + 1,
                                });
                            }
                        },
                        Some((_, q)) => w.push(q),
                    }
                }
            }
            '\\' => {
                let w = word.get_or_insert_with(String::new);
                if let Some((_, next)) = chars.next() {
                    w.push(next);
                }
            }
            c => word.get_or_insert_with(String::new).push(c),
        }
    }
    words.extend(word);
    Ok(words)
}

/// `s` quoted for a spec (as it was given, if it needs no quotes).
fn quoted(s: &str) -> String {
    if !s.is_empty() && !s.chars().any(|c| c.is_whitespace() || "'\"\\".contains(c)) {
        s.to_string()
    } else {
        format!("'{}'", s.replace('\'', r"'\''"))
    }
}

impl FromStr for EngineSpec {
    type Err = SpecError;

    fn from_str(s: &str) -> Result<EngineSpec, SpecError> {
        let mut spec = EngineSpec {
            name: String::new(),
            named: false,
            program: String::new(),
            args: Vec::new(),
            options: Vec::new(),
            time: None,
            dir: None,
        };
        for word in words(s)? {
            let (key, value) = word
                .split_once('=')
                .ok_or_else(|| SpecError::NotKeyValue { word: word.clone() })?;
            match key {
                "name" => {
                    spec.name = value.to_string();
                    spec.named = true;
                }
                "cmd" => spec.program = value.to_string(),
                "arg" => spec.args.push(value.to_string()),
                "tc" => spec.time = Some(value.parse()?),
                "dir" => spec.dir = Some(PathBuf::from(value)),
                _ => match key.strip_prefix("option.") {
                    Some(name) if !name.is_empty() => {
                        spec.options.push((name.to_string(), value.to_string()));
                    }
                    _ => {
                        return Err(SpecError::UnknownKey {
                            key: key.to_string(),
                            word: word.clone(),
                        });
                    }
                },
            }
        }
        if spec.program.is_empty() {
            return Err(SpecError::NoProgram);
        }
        if spec.name.is_empty() {
            spec.named = false;
            spec.name = spec
                .program
                .rsplit('/')
                .next()
                .unwrap_or(&spec.program)
                .to_string();
        }
        Ok(spec)
    }
}

impl fmt::Display for EngineSpec {
    /// The spec as it reads back (quoted where needed).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.named {
            write!(f, "name={} ", quoted(&self.name))?;
        }
        write!(f, "cmd={}", quoted(&self.program))?;
        for arg in &self.args {
            write!(f, " arg={}", quoted(arg))?;
        }
        for (name, value) in &self.options {
            write!(f, " option.{name}={}", quoted(value))?;
        }
        if let Some(time) = &self.time {
            write!(f, " tc={time}")?;
        }
        if let Some(dir) = &self.dir {
            write!(f, " dir={}", quoted(&dir.to_string_lossy()))?;
        }
        Ok(())
    }
}

/// Gives two engines distinct names: where both have the same name, each
/// that was not given one (`name=`) gets its number (`kk-engine-1`,
/// `kk-engine-2`).
///
/// # Errors
/// [`SpecError::SameName`]: both were given the same name, which the
/// records could not tell apart.
pub fn distinct_names(specs: &mut [EngineSpec; 2]) -> Result<(), SpecError> {
    if specs[0].name != specs[1].name {
        return Ok(());
    }
    if specs[0].named && specs[1].named {
        return Err(SpecError::SameName(specs[0].name.clone()));
    }
    for (i, spec) in specs.iter_mut().enumerate() {
        if !spec.named {
            spec.name = format!("{}-{}", spec.name, i + 1);
        }
    }
    Ok(())
}
