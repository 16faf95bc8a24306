//! The game description's text form and the positions over every game.

mod any;
mod spec;
