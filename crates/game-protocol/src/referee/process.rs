//! An engine's process: started in a process group of its own, read by a
//! thread of its own into a bounded queue of lines no longer than
//! [`LINE_LIMIT`], and killed as a whole group (its forks and the program
//! behind a shell wrapper too).

use std::collections::HashSet;
use std::fs::{File, OpenOptions};
use std::io::{self, BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, SyncSender};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::spec::EngineSpec;

/// The longest line an engine may send, in bytes (64 KiB): a longer one is
/// a protocol error, read no further.
pub const LINE_LIMIT: usize = 64 * 1024;

/// How many lines may wait in an engine's queue: the reader thread then
/// stops reading, the pipe fills and the engine waits. With
/// [`LINE_LIMIT`], at most 4 MiB an engine.
const QUEUE: usize = 64;

/// How often a wait looks whether the engine's process has exited while
/// something else (a fork) holds its output open.
const LOOK: Duration = Duration::from_millis(50);

/// Stops a referee run from another thread: raises a flag that the run
/// checks before each game and kills the process group of every engine
/// running, so that nothing waits for them. A signal handler (kk-referee
/// takes SIGINT, SIGTERM and SIGHUP) or a program's Cancel button calls
/// [`Interrupt::trigger`]. Games that end by a fault after it are not
/// recorded.
#[derive(Debug, Clone, Default)]
pub struct Interrupt {
    inner: Arc<Shared>,
}

#[derive(Debug, Default)]
struct Shared {
    raised: AtomicBool,
    /// The process groups of the engines running.
    groups: Mutex<HashSet<u32>>,
}

impl Interrupt {
    /// A flag not raised, with no engine.
    #[must_use]
    pub fn new() -> Interrupt {
        Interrupt::default()
    }

    /// Raises the flag and kills every engine's process group.
    pub fn trigger(&self) {
        self.inner.raised.store(true, Ordering::SeqCst);
        let groups: Vec<u32> = match self.inner.groups.lock() {
            Ok(groups) => groups.iter().copied().collect(),
            Err(_) => Vec::new(),
        };
        for group in groups {
            kill_group(group);
        }
    }

    /// Whether [`Interrupt::trigger`] was called.
    #[must_use]
    pub fn is_triggered(&self) -> bool {
        self.inner.raised.load(Ordering::SeqCst)
    }

    fn register(&self, group: u32) {
        if let Ok(mut groups) = self.inner.groups.lock() {
            groups.insert(group);
        }
        // Started while the flag was being raised: not left running.
        if self.is_triggered() {
            kill_group(group);
        }
    }

    fn unregister(&self, group: u32) {
        if let Ok(mut groups) = self.inner.groups.lock() {
            groups.remove(&group);
        }
    }
}

/// Kills the process group `group` (the engine, and whatever it started
/// that did not leave the group).
fn kill_group(group: u32) {
    #[cfg(unix)]
    if let Ok(pid) = i32::try_from(group) {
        // ESRCH (nothing left in the group) is not an error here.
        let _ = nix::sys::signal::killpg(
            nix::unistd::Pid::from_raw(pid),
            nix::sys::signal::Signal::SIGKILL,
        );
    }
    #[cfg(not(unix))]
    let _ = group;
}

/// What an engine sent, as its reader thread passes it on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Event {
    /// A line, without its `\n` (and a `\r` before it).
    Line(String),
    /// A line longer than [`LINE_LIMIT`]: its first bytes (lossily
    /// decoded); the reader reads no more.
    TooLong(String),
    /// A line that is not UTF-8: where the first bad byte is, and the line
    /// (lossily decoded).
    NotUtf8 {
        /// The offset of the first byte that is not UTF-8.
        at: usize,
        /// The line.
        line: String,
    },
    /// The engine closed its output.
    Closed,
    /// Reading failed.
    Failed(String),
}

/// What waiting for an engine's next line came to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Next {
    /// Something the engine sent.
    Event(Event),
    /// The process has exited (how), though its output is still open (a
    /// child it started holds it).
    Exited(String),
    /// Nothing before the deadline.
    Timeout,
}

/// A running engine program.
#[derive(Debug)]
pub(super) struct EngineProcess {
    child: Child,
    /// The process group: the child's own.
    group: u32,
    stdin: Option<ChildStdin>,
    events: Receiver<Event>,
    interrupt: Interrupt,
    /// Whether the process has been reaped (its group killed before).
    reaped: bool,
}

impl EngineProcess {
    /// Starts `spec`'s program in a process group of its own, its standard
    /// error appended to `stderr` (else discarded).
    pub(super) fn start(
        spec: &EngineSpec,
        stderr: Option<&Path>,
        interrupt: &Interrupt,
    ) -> io::Result<EngineProcess> {
        let mut command = std::process::Command::new(&spec.program);
        command
            .args(&spec.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(match stderr {
                Some(path) => Stdio::from(log_file(path, spec)?),
                None => Stdio::null(),
            });
        if let Some(dir) = &spec.dir {
            command.current_dir(dir);
        }
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut command, 0);
        let mut child = command.spawn()?;
        let group = child.id();
        interrupt.register(group);
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            kill_group(group);
            let _ = child.kill();
            let _ = child.wait();
            interrupt.unregister(group);
            return Err(io::Error::other("no pipes to the engine"));
        };
        let (tx, events) = mpsc::sync_channel(QUEUE);
        std::thread::spawn(move || read_lines(stdout, &tx));
        Ok(EngineProcess {
            child,
            group,
            stdin: Some(stdin),
            events,
            interrupt: interrupt.clone(),
            reaped: false,
        })
    }

    /// Writes `line` and a newline, and flushes.
    pub(super) fn send(&mut self, line: &str) -> io::Result<()> {
        let stdin = self
            .stdin
            .as_mut()
            .ok_or_else(|| io::Error::other("its input is closed"))?;
        writeln!(stdin, "{line}")?;
        stdin.flush()
    }

    /// The next thing the engine sends, waiting until `deadline` at most.
    pub(super) fn next(&mut self, deadline: Instant) -> Next {
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.events.recv_timeout(left.min(LOOK)) {
                Ok(event) => return Next::Event(event),
                Err(RecvTimeoutError::Disconnected) => return Next::Event(Event::Closed),
                Err(RecvTimeoutError::Timeout) => {
                    if let Some(how) = self.exited() {
                        return Next::Exited(how);
                    }
                    if Instant::now() >= deadline {
                        return Next::Timeout;
                    }
                }
            }
        }
    }

    /// How the process ended, if it has (it is not reaped: its process
    /// group stays safe to kill). Where `waitid` is missing (macOS), an
    /// exit is seen only when the output closes.
    pub(super) fn exited(&self) -> Option<String> {
        #[cfg(any(target_os = "linux", target_os = "android", target_os = "freebsd"))]
        {
            use nix::sys::wait::{Id, WaitPidFlag, WaitStatus, waitid};
            let pid = nix::unistd::Pid::from_raw(i32::try_from(self.group).ok()?);
            let flags = WaitPidFlag::WEXITED | WaitPidFlag::WNOHANG | WaitPidFlag::WNOWAIT;
            match waitid(Id::Pid(pid), flags) {
                Ok(WaitStatus::Exited(_, code)) => Some(format!("exited with status {code}")),
                Ok(WaitStatus::Signaled(_, signal, _)) => {
                    Some(format!("was killed by {}", signal.as_str()))
                }
                _ => None,
            }
        }
        #[cfg(not(any(target_os = "linux", target_os = "android", target_os = "freebsd")))]
        None
    }

    /// How the process ended, waiting up to `wait` for it to end (after
    /// its output closed, it usually does at once).
    pub(super) fn end(&self, wait: Duration) -> Option<String> {
        let until = Instant::now() + wait;
        loop {
            if let Some(how) = self.exited() {
                return Some(how);
            }
            if Instant::now() >= until {
                return None;
            }
            std::thread::sleep(Duration::from_millis(2));
        }
    }

    /// Ends the engine: `quit`, a moment to exit (`grace`), then its whole
    /// process group killed and the process reaped.
    pub(super) fn stop(mut self, grace: Duration) {
        let _ = self.send("quit");
        self.stdin = None;
        let _ = self.end(grace);
        self.kill();
    }

    /// Kills the whole process group at once and reaps the process.
    pub(super) fn kill(mut self) {
        self.kill_now();
    }

    fn kill_now(&mut self) {
        if self.reaped {
            return;
        }
        // The group first, while the unreaped process keeps its number
        // (and so the group's) from being reused.
        kill_group(self.group);
        let _ = self.child.kill();
        let _ = self.child.wait();
        self.reaped = true;
        self.interrupt.unregister(self.group);
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        self.kill_now();
    }
}

/// Opens the engine's standard error log (appending) and marks where
/// this process starts in it.
fn log_file(path: &Path, spec: &EngineSpec) -> io::Result<File> {
    let mut file = OpenOptions::new().create(true).append(true).open(path)?;
    writeln!(file, "=== kk-referee starts {spec}")?;
    Ok(file)
}

/// The reader thread: lines into `tx` until the output closes, a line is
/// too long or the referee goes away.
fn read_lines(stdout: impl io::Read, tx: &SyncSender<Event>) {
    let mut reader = BufReader::with_capacity(LINE_LIMIT, stdout);
    let mut line = Vec::new();
    loop {
        let buffer = match reader.fill_buf() {
            Ok(buffer) => buffer,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => {
                let _ = tx.send(Event::Failed(e.to_string()));
                return;
            }
        };
        if buffer.is_empty() {
            // A last line without its newline still counts.
            if !line.is_empty() && tx.send(decode(&mut line)).is_err() {
                return;
            }
            let _ = tx.send(Event::Closed);
            return;
        }
        let (chunk, end) = match buffer.iter().position(|&b| b == b'\n') {
            Some(i) => (&buffer[..i], Some(i + 1)),
            None => (buffer, None),
        };
        if line.len() + chunk.len() > LINE_LIMIT {
            line.extend_from_slice(&chunk[..LINE_LIMIT.saturating_sub(line.len())]);
            let start = String::from_utf8_lossy(&line[..line.len().min(80)]).into_owned();
            let _ = tx.send(Event::TooLong(start));
            return;
        }
        line.extend_from_slice(chunk);
        let used = end.unwrap_or(chunk.len());
        reader.consume(used);
        if end.is_some() && tx.send(decode(&mut line)).is_err() {
            return;
        }
    }
}

/// The line in `bytes` (emptied), without a final `\r`.
fn decode(bytes: &mut Vec<u8>) -> Event {
    if bytes.last() == Some(&b'\r') {
        bytes.pop();
    }
    let event = match std::str::from_utf8(bytes) {
        Ok(line) => Event::Line(line.to_string()),
        Err(e) => Event::NotUtf8 {
            at: e.valid_up_to(),
            line: String::from_utf8_lossy(bytes).into_owned(),
        },
    };
    bytes.clear();
    event
}
