//! The messages: every message reads back to what it writes, and malformed
//! lines are refused at the word at fault; one file per module of
//! `src/message`, and here the specification's session as a whole.

use game_protocol::{Command, Reply};

mod command;
mod reply;
mod words;

/// The session in `docs/protocol.md` is made of messages this crate reads
/// and writes back as they stand.
#[test]
fn the_specification_s_session_is_well_formed() {
    let page = include_str!("../../../../../docs/protocol.md");
    let start = page.find("## A session").unwrap();
    let block = &page[start..];
    let block = &block[block.find("```text\n").unwrap() + 8..];
    let block = &block[..block.find("```").unwrap()];
    let (mut commands, mut replies) = (0, 0);
    for line in block.lines() {
        if let Some(c) = line.strip_prefix("> ") {
            let command: Command = c.parse().unwrap_or_else(|e| panic!("{c}: {e}"));
            assert_eq!(command.to_string(), c);
            commands += 1;
        } else if let Some(r) = line.strip_prefix("< ") {
            let reply: Reply = r.parse().unwrap_or_else(|e| panic!("{r}: {e}"));
            assert_eq!(reply.to_string(), r);
            replies += 1;
        } else {
            panic!("{line:?} is neither sent nor answered");
        }
    }
    assert!(commands >= 10 && replies >= 15, "{commands} {replies}");
}
