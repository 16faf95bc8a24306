//! Kamisado's solver and matches (`game_search::kamisado`).

mod certificate;
mod matches;
