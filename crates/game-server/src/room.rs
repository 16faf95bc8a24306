//! A room: one game's one authoritative table, its clocks, who is
//! connected, and its numbered events. Every change goes through the room's
//! lock in this order: checked against the rules and the seats, stored,
//! then applied and broadcast; a change the store refuses is not applied.

use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use game_records::{Phase, Table, TableAction, TableError, TableRecord, Termination};
use game_spec::{AnyPosition, BoardSetup, GameSpec};
use kamisado_core::board_geometry::Player;
use tokio::sync::{Mutex, broadcast};
use tokio::time::Instant;

use crate::clock::{Charge, Clocks, TimeControl};
use crate::protocol::{
    ClientError, EventView, Presence, RematchView, Role, SeatPresence, ServerMessage, Snapshot,
};
use crate::store::{EventRow, Finish, GameRow, RateGame, Seats, Store, StoreError};

/// The server's settings a room needs.
#[derive(Debug, Clone, Copy)]
pub struct Rules {
    /// How long a player may be away before the opponent may claim.
    pub grace: Duration,
    /// The lag allowance credited to each action.
    pub lag: Duration,
}

/// What a room needs of its server: the settings, the store, and, when the
/// store is shared with other server processes, this process's id (its
/// connections are announced to the others under it).
#[derive(Clone)]
pub struct Context {
    /// The settings.
    pub rules: Rules,
    /// The store.
    pub store: Store,
    /// This process's id, if the store is shared.
    pub server: Option<Arc<str>>,
    /// How long a process may be silent before the others take it for
    /// dead (its connections no longer count).
    pub stale: Duration,
}

/// How a stored game is taken up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TakeUp {
    /// The service stopped and starts again: the clocks stood still from
    /// its last sign of life (the heartbeat, in milliseconds since the Unix
    /// epoch), and a `resume` event says so.
    Restart(Option<u64>),
    /// The service never stopped (another process held the game, or it
    /// waited for a link): the clocks ran on from the last event.
    Live,
}

/// What happened in a game, as stored and as sent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Event {
    /// Its number, from 1.
    pub n: u64,
    /// What it is.
    pub kind: EventKind,
    /// When, in milliseconds since the Unix epoch.
    pub at_ms: u64,
    /// Both clocks after it.
    pub clocks: [u64; 2],
}

/// The kinds of event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EventKind {
    /// Both seats have come: the clocks start.
    Start,
    /// A player's action, in its text form.
    Act(Player, String),
    /// A player's time ran out.
    Flag(Player),
    /// A player left and the opponent claimed the game.
    Abandon(Player),
    /// The server started again: the clocks stood still for this long.
    Resume(u64),
}

impl Event {
    /// The kind's name, player, action and pause, as stored and as sent.
    fn parts(&self) -> (&'static str, Option<Player>, Option<String>, Option<u64>) {
        match &self.kind {
            EventKind::Start => ("start", None, None, None),
            EventKind::Act(p, a) => ("act", Some(*p), Some(a.clone()), None),
            EventKind::Flag(p) => ("flag", Some(*p), None, None),
            EventKind::Abandon(p) => ("abandon", Some(*p), None, None),
            EventKind::Resume(ms) => ("resume", None, None, Some(*ms)),
        }
    }

    fn row(&self) -> EventRow {
        let (kind, player, action, paused) = self.parts();
        EventRow {
            n: self.n,
            kind: kind.into(),
            player: player.map(|p| p.to_string()),
            action,
            at_ms: self.at_ms,
            clocks: self.clocks,
            paused_ms: paused,
        }
    }

    fn from_row(row: &EventRow) -> Result<Event, String> {
        let player = || -> Result<Player, String> {
            row.player
                .as_deref()
                .ok_or_else(|| format!("event {} names no player", row.n))?
                .parse()
                .map_err(|e| format!("event {}: {e}", row.n))
        };
        let kind = match row.kind.as_str() {
            "start" => EventKind::Start,
            "act" => EventKind::Act(
                player()?,
                row.action
                    .clone()
                    .ok_or_else(|| format!("event {} has no action", row.n))?,
            ),
            "flag" => EventKind::Flag(player()?),
            "abandon" => EventKind::Abandon(player()?),
            "resume" => EventKind::Resume(row.paused_ms.unwrap_or(0)),
            other => return Err(format!("event {} is of no known kind: {other}", row.n)),
        };
        Ok(Event {
            n: row.n,
            kind,
            at_ms: row.at_ms,
            clocks: row.clocks,
        })
    }

    /// The event as clients see it (no clocks if `control` is untimed).
    #[must_use]
    pub fn view(&self, control: TimeControl) -> EventView {
        let (kind, player, action, paused_ms) = self.parts();
        EventView {
            n: self.n,
            kind,
            player,
            action,
            at_ms: self.at_ms,
            clocks: (control != TimeControl::Untimed).then_some(self.clocks),
            paused_ms,
        }
    }
}

/// The rematch's game: the same, except a Katarenga game whose orientation
/// Black chose, which is played again on the board as turned (the rules'
/// rematch: the board turned round, the pieces where they stood).
fn rematch_spec(table: &Table) -> GameSpec {
    let spec = *table.spec();
    if let (
        GameSpec::Katarenga { rules, .. },
        Some(first @ (_, TableAction::ChooseOrientation(_))),
    ) = (spec, table.actions().first())
    {
        if let Ok(chosen) = Table::replay(spec, std::slice::from_ref(first)) {
            if let AnyPosition::Katarenga(position) = chosen.position() {
                return GameSpec::Katarenga {
                    rules,
                    board: BoardSetup::Colours(*position.board()),
                };
            }
        }
    }
    spec
}

/// Milliseconds since the Unix epoch, now.
#[must_use]
pub fn wall_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
}

struct State {
    table: Table,
    clocks: Clocks,
    events: Vec<Event>,
    started: bool,
    /// Open connections per seat, to this process.
    connected: [u32; 2],
    /// Open connections per seat, to the other processes sharing the store.
    remote: [u32; 2],
    /// Whether each seat has ever come.
    seen: [bool; 2],
    /// Since when each seat has been away (after it came once).
    away_since: [Option<Instant>; 2],
    /// Bumped whenever the flag's deadline changes.
    timer: u64,
    /// Which seats offered a rematch (as stored).
    offers: [bool; 2],
}

/// One game in play.
pub struct Room {
    /// The game's public id.
    pub id: String,
    /// What is played.
    pub spec: GameSpec,
    /// The time control.
    pub control: TimeControl,
    tokens: [String; 3],
    rules: Rules,
    store: Store,
    server: Option<Arc<str>>,
    stale: Duration,
    state: Mutex<State>,
    /// The number of the last event in `state` (read without the lock).
    last: std::sync::atomic::AtomicU64,
    /// Every message for all of the room's connections, serialised once.
    pub broadcast: broadcast::Sender<Arc<str>>,
    /// The rematch once made: its id and tokens `[black, white, spectator]`.
    rematch: std::sync::OnceLock<(String, [String; 3])>,
    /// The game this one is the rematch of.
    rematch_of: Option<String>,
    /// The accounts the seats are bound to, `[black, white]`.
    owners: std::sync::Mutex<[Option<String>; 2]>,
    /// Whether the game counts for the players' ratings.
    rated: bool,
}

/// The refusal of a change another server process beat to the store.
const CONFLICT: &str = "conflict";

/// How many messages a slow connection may fall behind before it must
/// resynchronise (it is then closed and reconnects with the last event it
/// saw).
const BACKLOG: usize = 256;

impl Room {
    fn new(game: &GameRow, spec: GameSpec, control: TimeControl, cx: Context) -> Room {
        let table = if game.choose_orientation {
            Table::choosing_orientation(spec).unwrap_or_else(|| Table::new(spec))
        } else {
            Table::new(spec)
        };
        Room {
            id: game.id.clone(),
            spec,
            control,
            tokens: game.tokens.clone(),
            rules: cx.rules,
            store: cx.store,
            server: cx.server,
            stale: cx.stale,
            last: std::sync::atomic::AtomicU64::new(0),
            state: Mutex::new(State {
                table,
                clocks: Clocks::new(control),
                events: Vec::new(),
                started: false,
                connected: [0; 2],
                remote: [0; 2],
                seen: [false; 2],
                away_since: [None; 2],
                timer: 0,
                offers: [false; 2],
            }),
            broadcast: broadcast::channel(BACKLOG).0,
            rematch: std::sync::OnceLock::new(),
            rematch_of: game.rematch_of.clone(),
            owners: std::sync::Mutex::new(game.owners.clone()),
            rated: game.rated,
        }
    }

    /// A new game, stored.
    ///
    /// # Errors
    /// The store's error.
    pub async fn create(
        game: GameRow,
        spec: GameSpec,
        control: TimeControl,
        cx: Context,
    ) -> Result<Arc<Room>, ClientError> {
        cx.store
            .create_game(game.clone())
            .await
            .map_err(ClientError::store)?;
        Ok(Arc::new(Room::new(&game, spec, control, cx)))
    }

    /// A stored game rebuilt from its events; an unfinished one goes on
    /// from where it stood, taken up as `take_up` says.
    ///
    /// # Errors
    /// A message if the stored game does not replay.
    pub async fn load(
        game: &GameRow,
        rows: &[EventRow],
        cx: Context,
        take_up: TakeUp,
    ) -> Result<Arc<Room>, String> {
        let spec: GameSpec = game
            .spec
            .parse()
            .map_err(|e| format!("game {}: {e}", game.id))?;
        let control: TimeControl =
            serde_json::from_str(&game.clock).map_err(|e| format!("game {}: {e}", game.id))?;
        let room = Arc::new(Room::new(game, spec, control, cx));
        if let Some(made) = room
            .store
            .rematch_of(&game.id)
            .await
            .map_err(|e| e.to_string())?
        {
            let _ = room.rematch.set(made);
        }
        let offered = room
            .store
            .offers(&game.id)
            .await
            .map_err(|e| e.to_string())?;
        let over;
        {
            let mut s = room.state.lock().await;
            Room::note_offers(&mut s, &offered);
            for row in rows {
                room.replay(&mut s, row)?;
            }
            s.seen = [s.started; 2];
            over = s.table.is_over();
            if let (TakeUp::Live, false, true) = (take_up, over, s.started) {
                room.run_on(&mut s);
                let now = Instant::now();
                s.away_since = [Some(now); 2];
            }
            if let (TakeUp::Restart(heartbeat_ms), false, true) = (take_up, over, s.started) {
                // The runner thought from its turn's start to the server's
                // last heartbeat; from then on the clocks stood still.
                let now_ms = wall_ms();
                let last_at = s.events.last().map_or(now_ms, |e| e.at_ms);
                let alive_until = heartbeat_ms.unwrap_or(last_at).max(last_at);
                if let Some(actor) = s.table.actor() {
                    let mut left = s.clocks.stored();
                    if control != TimeControl::Untimed {
                        left[actor.index()] =
                            left[actor.index()].saturating_sub(alive_until - last_at);
                    }
                    let event = Event {
                        n: s.events.len() as u64 + 1,
                        kind: EventKind::Resume(now_ms.saturating_sub(alive_until)),
                        at_ms: now_ms,
                        clocks: left,
                    };
                    match room.store_event(&s, &event, None).await {
                        Ok(()) => {
                            s.clocks = Clocks::resumed(control, left);
                            s.clocks.start(Some(actor), Instant::now());
                            room.push(&mut s, event);
                        }
                        // Another process starting with this one resumed
                        // the game first.
                        Err(StoreError::Conflict { .. }) => {
                            room.catch_up_locked(&mut s).await;
                        }
                        Err(e) => return Err(e.to_string()),
                    }
                    // Both seats must come back; until then they count as away.
                    let now = Instant::now();
                    s.away_since = [Some(now); 2];
                }
            }
        }
        if !over {
            room.schedule_flag().await;
            room.refresh_presence().await;
        }
        Ok(room)
    }

    /// Applies a stored event to the state (the clocks as stored with it,
    /// none running).
    fn replay(&self, s: &mut State, row: &EventRow) -> Result<Event, String> {
        let event = Event::from_row(row).map_err(|e| format!("game {}: {e}", self.id))?;
        match &event.kind {
            EventKind::Start => s.started = true,
            EventKind::Act(p, a) => {
                s.table
                    .act_text(*p, a)
                    .map_err(|e| format!("game {}, event {}: {e}", self.id, event.n))?;
            }
            EventKind::Flag(p) => {
                s.table.forfeit(*p, Termination::TimeForfeit);
            }
            EventKind::Abandon(p) => {
                s.table.forfeit(*p, Termination::Abandoned);
            }
            EventKind::Resume(_) => {}
        }
        s.clocks = Clocks::resumed(self.control, event.clocks);
        self.push(s, event.clone());
        Ok(event)
    }

    /// Stores an event of the state `s` (under the room's lock). Its number
    /// is noted first, so that the store's own notice of it (which may
    /// come before the write's answer) is not taken for another process's.
    async fn store_event(
        &self,
        s: &State,
        event: &Event,
        finish: Option<Finish>,
    ) -> Result<(), StoreError> {
        self.last
            .store(event.n, std::sync::atomic::Ordering::Relaxed);
        let stored = self.store.append(&self.id, event.row(), finish).await;
        if stored.is_err() {
            self.last
                .store(s.events.len() as u64, std::sync::atomic::Ordering::Relaxed);
        }
        stored
    }

    /// Tells everyone of an event just added to the state, and arms the
    /// flag for the turn it began (a new turn: a flag armed before is
    /// stale).
    fn publish(self: &Arc<Self>, s: &mut State, event: &Event, now: Instant) {
        s.timer += 1;
        self.send(&ServerMessage::Event {
            event: event.view(self.control),
            state: self.snapshot(s, now),
        });
        self.arm_flag(s);
    }

    /// Adds an event to the state (and notes its number for the notices).
    fn push(&self, s: &mut State, event: Event) {
        self.last
            .store(event.n, std::sync::atomic::Ordering::Relaxed);
        s.events.push(event);
    }

    /// The number of the last event this room has.
    #[must_use]
    pub fn last_event(&self) -> u64 {
        self.last.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// What a room made from this one (its rematch) needs.
    fn context(&self) -> Context {
        Context {
            rules: self.rules,
            store: self.store.clone(),
            server: self.server.clone(),
            stale: self.stale,
        }
    }

    /// Starts the runner's clock as of the last event (the time since then
    /// was the runner's).
    fn run_on(&self, s: &mut State) {
        if !s.started || s.table.is_over() {
            return;
        }
        let now = Instant::now();
        let last_at = s.events.last().map_or(0, |e| e.at_ms);
        let since = Duration::from_millis(wall_ms().saturating_sub(last_at));
        s.clocks
            .start(s.table.actor(), now.checked_sub(since).unwrap_or(now));
    }

    /// Takes up the events another server process stored since this one's
    /// last, and tells this process's connections.
    pub async fn catch_up(self: &Arc<Self>) {
        let mut s = self.state.lock().await;
        self.catch_up_locked(&mut s).await;
    }

    async fn catch_up_locked(self: &Arc<Self>, s: &mut State) {
        let Ok(rows) = self
            .store
            .events_after(&self.id, s.events.len() as u64)
            .await
        else {
            // The next notice, or the next action's conflict, tries again.
            return;
        };
        for row in rows {
            if row.n != s.events.len() as u64 + 1 {
                break;
            }
            let Ok(event) = self.replay(s, &row) else {
                break;
            };
            self.run_on(s);
            self.publish(s, &event, Instant::now());
        }
    }

    /// Reads which seats the other server processes have connections for,
    /// and starts the game if both seats have now come.
    pub async fn refresh_presence(self: &Arc<Self>) {
        let Some(server) = &self.server else { return };
        let Ok(others) = self.store.presence(&self.id, server, self.stale).await else {
            return;
        };
        let mut remote = [0u32; 2];
        for seats in others {
            for (sum, n) in remote.iter_mut().zip(seats.connected) {
                *sum = sum.saturating_add(n);
            }
        }
        let mut s = self.state.lock().await;
        if remote == s.remote {
            return;
        }
        let now = Instant::now();
        let was = [Player::Black, Player::White].map(|p| Room::present(&s, p));
        s.remote = remote;
        for (p, was) in [Player::Black, Player::White].into_iter().zip(was) {
            if Room::present(&s, p) {
                s.seen[p.index()] = true;
                s.away_since[p.index()] = None;
            } else if was {
                self.went_away(&mut s, p);
            }
        }
        if self.start_if_both_came(&mut s).await.unwrap_or(false) {
            return;
        }
        self.send(&ServerMessage::Presence {
            state: self.snapshot(&s, now),
        });
    }

    /// Tells the other server processes this one's connections to the game.
    async fn announce(&self, s: &State) {
        if let Some(server) = &self.server {
            // Lost, the others count this process's seats as they were
            // until its next change.
            let _ = self
                .store
                .set_presence(
                    &self.id,
                    server,
                    Seats {
                        connected: s.connected,
                    },
                )
                .await;
        }
    }

    /// Whether `player` has a connection to any server process.
    fn present(s: &State, player: Player) -> bool {
        s.connected[player.index()] + s.remote[player.index()] > 0
    }

    /// The role a token opens in this room.
    #[must_use]
    pub fn role_of(&self, token: &str) -> Option<Role> {
        [Role::Black, Role::White, Role::Spectator]
            .into_iter()
            .zip(&self.tokens)
            .find(|(_, t)| crate::token::same(t, token))
            .map(|(r, _)| r)
    }

    /// The account `seat` is bound to, as this room knows it.
    #[must_use]
    pub fn owner(&self, seat: Player) -> Option<String> {
        self.owners
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)[seat.index()]
        .clone()
    }

    /// Notes the account `seat` is bound to.
    pub fn set_owner(&self, seat: Player, account: String) {
        self.owners
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)[seat.index()] = Some(account);
    }

    /// The tokens, `[black, white, spectator]`.
    #[must_use]
    pub fn tokens(&self) -> &[String; 3] {
        &self.tokens
    }

    fn snapshot(&self, s: &State, now: Instant) -> Snapshot {
        let record = s.table.record();
        let m = s.table.kamisado_match();
        let presence = |p: Player| SeatPresence {
            connected: Room::present(s, p),
            away_ms: s.away_since[p.index()].map(|t| {
                u64::try_from(now.saturating_duration_since(t).as_millis()).unwrap_or(u64::MAX)
            }),
            claimable: self.claimable(s, p, now),
        };
        Snapshot {
            game: self.id.clone(),
            spec: self.spec.to_string(),
            position: s.table.position().to_string(),
            phase: s.table.phase(),
            actor: s.table.actor(),
            n: s.events.len() as u64,
            result: record.result().to_string(),
            termination: record.termination().name().to_string(),
            scores: m.map(kamisado_core::Match::scores),
            round: m.map(kamisado_core::Match::round),
            started: s.started,
            control: self.control,
            clocks: (self.control != TimeControl::Untimed).then(|| s.clocks.remaining_at(now)),
            running: s.clocks.running(),
            presence: Presence {
                black: presence(Player::Black),
                white: presence(Player::White),
            },
            actions: s
                .table
                .actions()
                .iter()
                .map(|(p, a)| (*p, a.to_string()))
                .collect(),
            rematch: RematchView {
                black: s.offers[0],
                white: s.offers[1],
                game: self.rematch.get().map(|(id, _)| id.clone()),
            },
            rematch_of: self.rematch_of.clone(),
            rated: self.rated,
        }
    }

    fn claimable(&self, s: &State, away: Player, now: Instant) -> bool {
        self.control.claims_allowed()
            && !s.table.is_over()
            && s.started
            && !Room::present(s, away)
            && s.away_since[away.index()]
                .is_some_and(|t| now.saturating_duration_since(t) >= self.rules.grace)
    }

    fn send(&self, message: &ServerMessage) {
        if let Ok(text) = serde_json::to_string(message) {
            // Nobody listening is not an error.
            let _ = self.broadcast.send(text.into());
        }
    }

    /// The current state, for a newcomer, with the events after `since`.
    pub async fn welcome(&self, role: Role, since: u64) -> String {
        let s = self.state.lock().await;
        let now = Instant::now();
        let events = s
            .events
            .iter()
            .filter(|e| e.n > since)
            .map(|e| e.view(self.control))
            .collect();
        let message = ServerMessage::Welcome {
            role,
            events,
            state: self.snapshot(&s, now),
        };
        serde_json::to_string(&message).unwrap_or_default()
    }

    /// The current state.
    pub async fn state(&self) -> Snapshot {
        let s = self.state.lock().await;
        self.snapshot(&s, Instant::now())
    }

    /// The record so far (finished or not), with the players' names.
    pub async fn record(&self) -> TableRecord {
        let s = self.state.lock().await;
        self.headed(&s, &s.table).await
    }

    /// The record of `table` as the server writes it: the event names the
    /// game, the date is the day it started (UTC), and the players are the
    /// seats' accounts (`?` for a seat played by link alone).
    async fn headed(&self, s: &State, table: &Table) -> TableRecord {
        let mut record = table.record().clone();
        let mut names = [None, None];
        for (name, seat) in names.iter_mut().zip([Player::Black, Player::White]) {
            if let Some(id) = self.owner(seat) {
                *name = self.store.player(&id).await.ok().flatten().map(|p| p.name);
            }
        }
        let started = s.events.first().map_or_else(wall_ms, |e| e.at_ms);
        let header = record.header_mut();
        header.event = format!("kk-server game {}", self.id);
        header.date = crate::archive::record_date(started);
        let [black, white] = names;
        header.black = black.unwrap_or_else(|| "?".into());
        header.white = white.unwrap_or_else(|| "?".into());
        record
    }

    /// A seat's connection opened.
    pub async fn arrive(self: &Arc<Self>, role: Role) -> Result<(), ClientError> {
        let Some(player) = role.player() else {
            return Ok(());
        };
        let mut s = self.state.lock().await;
        s.connected[player.index()] += 1;
        s.away_since[player.index()] = None;
        s.seen[player.index()] = true;
        self.announce(&s).await;
        if self.start_if_both_came(&mut s).await? {
            return Ok(());
        }
        self.send(&ServerMessage::Presence {
            state: self.snapshot(&s, Instant::now()),
        });
        Ok(())
    }

    /// Starts the game (a `start` event: the clocks run) if both seats
    /// have come; returns whether it is now started and everyone told.
    async fn start_if_both_came(self: &Arc<Self>, s: &mut State) -> Result<bool, ClientError> {
        if s.started || s.seen != [true; 2] || s.table.is_over() {
            return Ok(false);
        }
        let now = Instant::now();
        let event = Event {
            n: s.events.len() as u64 + 1,
            kind: EventKind::Start,
            at_ms: wall_ms(),
            clocks: s.clocks.stored(),
        };
        match self.store_event(s, &event, None).await {
            Ok(()) => {}
            Err(StoreError::Conflict { .. }) => {
                // Another process started it first: its event is taken up
                // (and sent) instead.
                self.catch_up_locked(s).await;
                return Ok(s.started);
            }
            Err(e) => return Err(ClientError::store(e)),
        }
        s.started = true;
        let actor = s.table.actor();
        s.clocks.start(actor, now);
        self.push(s, event.clone());
        self.publish(s, &event, now);
        Ok(true)
    }

    /// A seat's connection closed.
    pub async fn leave(self: &Arc<Self>, role: Role) {
        let Some(player) = role.player() else { return };
        let mut s = self.state.lock().await;
        let n = &mut s.connected[player.index()];
        *n = n.saturating_sub(1);
        self.announce(&s).await;
        if !Room::present(&s, player) {
            self.went_away(&mut s, player);
        }
        self.send(&ServerMessage::Presence {
            state: self.snapshot(&s, Instant::now()),
        });
    }

    /// `player` has no connection left: away from now, and everyone hears
    /// when the game becomes claimable, without asking.
    fn went_away(self: &Arc<Self>, s: &mut State, player: Player) {
        let since = Instant::now();
        s.away_since[player.index()] = Some(since);
        if self.control.claims_allowed() && !s.table.is_over() {
            let room = Arc::clone(self);
            tokio::spawn(async move {
                tokio::time::sleep_until(since + room.rules.grace).await;
                let s = room.state.lock().await;
                if s.away_since[player.index()] == Some(since) && !s.table.is_over() {
                    room.send(&ServerMessage::Presence {
                        state: room.snapshot(&s, Instant::now()),
                    });
                }
            });
        }
    }

    /// `role` acts `text`: checked (seat, turn, phase, rules, clock),
    /// stored, then applied and broadcast.
    ///
    /// # Errors
    /// [`ClientError`] saying why nothing happened.
    pub async fn act(self: &Arc<Self>, role: Role, text: &str) -> Result<Snapshot, ClientError> {
        self.act_allowing(role, text, self.rules.lag).await
    }

    /// As [`Room::act`], with `lag` credited for the network instead of
    /// the server's allowance (a bot's action: none).
    ///
    /// # Errors
    /// [`ClientError`] saying why nothing happened.
    pub async fn act_allowing(
        self: &Arc<Self>,
        role: Role,
        text: &str,
        lag: Duration,
    ) -> Result<Snapshot, ClientError> {
        let Some(player) = role.player() else {
            return Err(ClientError::new(
                "spectator",
                "a spectator cannot act: only the seats' links can",
            ));
        };
        let action = TableAction::parse(self.spec.game(), text)
            .map_err(|e| ClientError::table(&TableError::Parse(e)))?;
        let mut s = self.state.lock().await;
        let mut tries = 0;
        let (flagged, now) = loop {
            let now = Instant::now();
            let mut table = s.table.clone();
            if let Err(e) = table.act(player, action) {
                // Refused here, perhaps only because another process's
                // event has not been heard yet: checked again once caught
                // up.
                if self.server.is_none() || tries > 0 {
                    return Err(ClientError::table(&e));
                }
                tries += 1;
                let before = s.events.len();
                self.catch_up_locked(&mut s).await;
                if s.events.len() == before {
                    return Err(ClientError::table(&e));
                }
                continue;
            }
            let mut clocks = s.clocks.clone();
            let mut kind = EventKind::Act(player, action.to_string());
            if s.started && clocks.charge(player, now, lag) == Charge::Flagged {
                // The time ran out before the action came: the flag falls
                // instead, and the action is refused.
                table = s.table.clone();
                table.forfeit(player, Termination::TimeForfeit);
                kind = EventKind::Flag(player);
            }
            if s.started && !table.is_over() {
                clocks.start(table.actor(), now);
            } else {
                clocks.start(None, now);
            }
            let flagged = matches!(kind, EventKind::Flag(_));
            match self.commit(&mut s, table, clocks, kind, now).await {
                // Another process stored an event first (the game has been
                // caught up): checked again against the game as it now is.
                Err(e) if e.kind == CONFLICT && tries < 3 => tries += 1,
                Err(e) => return Err(e),
                Ok(()) => break (flagged, now),
            }
        };
        if flagged {
            return Err(ClientError::new(
                "time_out",
                "your time ran out before the action arrived: the game is lost on time",
            ));
        }
        Ok(self.snapshot(&s, now))
    }

    /// `role` claims the game of an opponent who left.
    ///
    /// # Errors
    /// [`ClientError`] saying why the claim is refused.
    pub async fn claim(self: &Arc<Self>, role: Role) -> Result<Snapshot, ClientError> {
        let Some(player) = role.player() else {
            return Err(ClientError::new(
                "spectator",
                "a spectator cannot claim a game",
            ));
        };
        let away = player.opponent();
        let mut s = self.state.lock().await;
        let now = Instant::now();
        if s.table.is_over() {
            return Err(ClientError::table(&TableError::Over {
                result: s.table.record().result().to_string(),
            }));
        }
        if !self.claimable(&s, away, now) {
            let why = if !self.control.claims_allowed() {
                "a correspondence game is not claimed: its deadline ends it".to_string()
            } else if Room::present(&s, away) || s.away_since[away.index()].is_none() {
                format!("{away} is connected")
            } else {
                let waited = s.away_since[away.index()]
                    .map_or(Duration::ZERO, |t| now.saturating_duration_since(t));
                format!(
                    "{away} has been away {} ms; the game may be claimed after {} ms",
                    waited.as_millis(),
                    self.rules.grace.as_millis()
                )
            };
            return Err(ClientError::new("not_claimable", &why));
        }
        let mut table = s.table.clone();
        table.forfeit(away, Termination::Abandoned);
        let mut clocks = s.clocks.clone();
        clocks.start(None, now);
        self.commit(&mut s, table, clocks, EventKind::Abandon(away), now)
            .await?;
        Ok(self.snapshot(&s, now))
    }

    /// `role` offers a rematch of the finished game, or accepts the
    /// opponent's offer: then the new game is made (the same game and
    /// clocks, the colours exchanged; a Katarenga game whose orientation
    /// was chosen is replayed on the board as turned, from the same
    /// start) and returned for the server to hold.
    ///
    /// # Errors
    /// [`ClientError`]: a spectator, a game not over, the store's failure.
    pub async fn offer_rematch(
        self: &Arc<Self>,
        role: Role,
    ) -> Result<Option<Arc<Room>>, ClientError> {
        let Some(player) = role.player() else {
            return Err(ClientError::new(
                "spectator",
                "a spectator cannot offer a rematch",
            ));
        };
        let mut s = self.state.lock().await;
        if !s.table.is_over() {
            return Err(ClientError::new(
                "not_over",
                "a rematch is offered once the game is over",
            ));
        }
        if self.rematch.get().is_some() {
            return Ok(None);
        }
        self.store
            .offer_rematch(&self.id, &player.to_string())
            .await
            .map_err(ClientError::store)?;
        s.offers[player.index()] = true;
        if s.offers != [true; 2] && self.server.is_some() {
            // The other seat may have offered through another process.
            if let Ok(offered) = self.store.offers(&self.id).await {
                Room::note_offers(&mut s, &offered);
            }
        }
        if s.offers != [true; 2] {
            self.send(&ServerMessage::Offer {
                state: self.snapshot(&s, Instant::now()),
            });
            return Ok(None);
        }
        let spec = rematch_spec(&s.table);
        let game = GameRow {
            id: crate::token::id(),
            spec: spec.to_string(),
            choose_orientation: false,
            clock: serde_json::to_string(&self.control).unwrap_or_default(),
            tokens: [
                crate::token::token(),
                crate::token::token(),
                crate::token::token(),
            ],
            created_ms: wall_ms(),
            rematch_of: Some(self.id.clone()),
            // The colours exchanged, each account keeps its player's seat.
            owners: [self.owner(Player::White), self.owner(Player::Black)],
            rated: self.rated,
        };
        let made = Room::create(game.clone(), spec, self.control, self.context()).await;
        let room = match made {
            Ok(room) => {
                let _ = self.rematch.set((game.id, game.tokens));
                Some(room)
            }
            // Another process made it first (a game has one rematch), or
            // it was not made: the offers stay, and offering again tries
            // again.
            Err(e) => match self.store.rematch_of(&self.id).await {
                Ok(Some(made)) => {
                    let _ = self.rematch.set(made);
                    None
                }
                _ => return Err(e),
            },
        };
        self.send(&ServerMessage::Offer {
            state: self.snapshot(&s, Instant::now()),
        });
        Ok(room)
    }

    fn note_offers(s: &mut State, offered: &[String]) {
        for player in offered {
            if let Ok(player) = player.parse::<Player>() {
                s.offers[player.index()] = true;
            }
        }
    }

    /// Reads the offers and the rematch another server process stored,
    /// and tells this process's connections.
    pub async fn refresh_offers(self: &Arc<Self>) {
        let (Ok(offered), Ok(made)) = (
            self.store.offers(&self.id).await,
            self.store.rematch_of(&self.id).await,
        ) else {
            return;
        };
        let mut s = self.state.lock().await;
        let before = (s.offers, self.rematch.get().is_some());
        Room::note_offers(&mut s, &offered);
        if let Some(made) = made {
            let _ = self.rematch.set(made);
        }
        if (s.offers, self.rematch.get().is_some()) != before {
            self.send(&ServerMessage::Offer {
                state: self.snapshot(&s, Instant::now()),
            });
        }
    }

    /// The rematch's id and `role`'s token in it (the other colour's seat),
    /// once it is made.
    #[must_use]
    pub fn rematch_for(&self, role: Role) -> Option<(String, String)> {
        let (id, tokens) = self.rematch.get()?;
        let token = match role {
            Role::Black => &tokens[1],
            Role::White => &tokens[0],
            Role::Spectator => &tokens[2],
        };
        Some((id.clone(), token.clone()))
    }

    /// Stores the event, then applies it and tells everyone.
    async fn commit(
        self: &Arc<Self>,
        s: &mut State,
        table: Table,
        clocks: Clocks,
        kind: EventKind,
        now: Instant,
    ) -> Result<(), ClientError> {
        let event = Event {
            n: s.events.len() as u64 + 1,
            kind,
            at_ms: wall_ms(),
            clocks: clocks.stored(),
        };
        let finish = if table.is_over() {
            Some(Finish {
                result: table.record().result().to_string(),
                termination: table.record().termination().name().to_string(),
                record: self.headed(s, &table).await.to_string(),
            })
        } else {
            None
        };
        match self.store_event(s, &event, finish).await {
            Ok(()) => {}
            Err(e @ StoreError::Conflict { .. }) => {
                self.catch_up_locked(s).await;
                return Err(ClientError::new(CONFLICT, &e.to_string()));
            }
            Err(e) => return Err(ClientError::store(e)),
        }
        let over = table.is_over();
        s.table = table;
        s.clocks = clocks;
        if over {
            self.rate(&s.table, event.at_ms).await;
        }
        self.push(s, event.clone());
        self.publish(s, &event, now);
        Ok(())
    }

    /// Applies a rated game's result to its players' ratings (once: the
    /// store keeps the game from counting twice). The seats' accounts are
    /// read from the store, where another process may have bound one.
    async fn rate(&self, table: &Table, at_ms: u64) {
        if !self.rated {
            return;
        }
        let Ok([Some(black), Some(white)]) = self.store.seat_owners(&self.id).await else {
            return;
        };
        let Some(black_score) = crate::ratings::black_score(table.record().result()) else {
            return;
        };
        if black == white {
            return;
        }
        // A failure leaves the game unrated; the game itself is stored.
        let _ = self
            .store
            .rate_game(RateGame {
                id: self.id.clone(),
                kind: self.spec.game().to_string(),
                players: [black, white],
                black_score,
                at_ms,
                update: crate::ratings::update,
            })
            .await;
    }

    /// Arms the flag for the runner's deadline.
    async fn schedule_flag(self: &Arc<Self>) {
        let s = self.state.lock().await;
        self.arm_flag(&s);
    }

    fn arm_flag(self: &Arc<Self>, s: &State) {
        let Some((player, deadline)) = s.clocks.deadline(self.rules.lag) else {
            return;
        };
        let timer = s.timer;
        let room = Arc::clone(self);
        tokio::spawn(async move {
            tokio::time::sleep_until(deadline).await;
            // A flag the store could not take is tried again shortly rather
            // than lost.
            while room.flag(player, timer).await {
                tokio::time::sleep(Duration::from_millis(500)).await;
            }
        });
    }

    /// The flag falls if the turn it was armed for is still running.
    /// Returns whether to try again (the store refused the event).
    async fn flag(self: &Arc<Self>, player: Player, timer: u64) -> bool {
        let mut s = self.state.lock().await;
        if s.timer != timer || s.table.is_over() || s.clocks.running() != Some(player) {
            return false;
        }
        let now = Instant::now();
        let mut table = s.table.clone();
        table.forfeit(player, Termination::TimeForfeit);
        let mut clocks = s.clocks.clone();
        clocks.set_remaining(player, 0);
        clocks.start(None, now);
        self.commit(&mut s, table, clocks, EventKind::Flag(player), now)
            .await
            .is_err()
    }

    /// Whether the room may be let go of and read again from the store
    /// as it is (a game over, or one not started: nothing runs), if nobody
    /// holds its lock now.
    #[must_use]
    pub fn settled_if_idle(&self) -> Option<bool> {
        self.state
            .try_lock()
            .ok()
            .map(|s| s.table.is_over() || !s.started)
    }

    /// Whether the game is over.
    pub async fn is_over(&self) -> bool {
        self.state.lock().await.table.is_over()
    }

    /// What the game waits for.
    pub async fn phase(&self) -> Phase {
        self.state.lock().await.table.phase()
    }
}
