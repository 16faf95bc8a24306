#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![cfg_attr(docsrs, feature(doc_cfg))]

mod family;
mod kamisado;
mod katarenga;
#[cfg(feature = "players")]
mod played;
mod record;
mod table;
mod text;

pub use family::FamilyRecord;
pub use kamisado::{KamisadoRecord, KamisadoRound};
pub use katarenga::{BoardSpec, Chooser, KatarengaRecord, OrientationChoice};
pub use table::{Acted, ParseActionError, Phase, Table, TableAction, TableError, TableRecord};
pub use text::{Annotated, ErrorKind, Header, Location, RecordError, RecordResult, Termination};

// Every error: `{"kind": ..., "message": ...}`, the message with its causes.
#[cfg(feature = "serde")]
kamisado_core::board_geometry::serde_as_error!(
    RecordError,
    ErrorKind,
    ParseActionError,
    TableError
);
