//! The text handling both formats share, one file per module of
//! `src/text`; the writer's round trips are in `write.rs`.

mod error;
mod lexer;
mod moves;
mod split;
mod tags;
mod vocabulary;
mod write;
