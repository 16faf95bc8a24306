"""Drive an engine that speaks KKP, the project's engine protocol
(``docs/protocol.md``; ``kk-engine`` speaks it), from Python::

    from kamisado_katarenga.kkp import Engine

    with Engine(["target/release/kk-engine"]) as engine:
        engine.set_option("Hash", 16)
        engine.new_game("kamisado")
        move = engine.go(moves=["d1d7"], nodes=20000)   # from the start
        print(move, engine.info)                         # the last info line

An engine's answers are awaited with a timeout (``timeout`` seconds beyond
the search's own time, 10 by default): an engine that hangs or dies raises
:class:`EngineError` rather than blocking the program. To play whole
matches between two engines with clocks, records and statistics, run the
referee, ``kk-referee`` (:func:`referee` starts it and returns its report).
"""

from __future__ import annotations

import queue
import subprocess
import threading
from typing import Iterable, Sequence

__all__ = ["Engine", "EngineError", "referee"]


class EngineError(RuntimeError):
    """The engine refused a command (its ``error`` line), gave no answer in
    time, or ended."""


class Engine:
    """An engine process, spoken to in KKP.

    ``command`` is the program and its arguments. The handshake is done at
    once: :attr:`name`, :attr:`protocol`, :attr:`games` and :attr:`options`
    say what the engine announced.
    """

    def __init__(self, command: Sequence[str], timeout: float = 10.0):
        self.timeout = timeout
        self._process = subprocess.Popen(
            list(command),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            encoding="utf-8",
            errors="replace",
            bufsize=1,
        )
        self._lines: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        #: The engine's name (``id name``).
        self.name = ""
        #: The protocol version it speaks (0 if it does not say).
        self.protocol = 0
        #: The games it plays, each with the rule options it plays.
        self.games: dict[str, list[str]] = {}
        #: Its options, by name: the rest of each ``option`` line.
        self.options: dict[str, str] = {}
        #: The last ``info`` line of the last search, split into its words.
        self.info: list[str] = []
        self._game: str | None = None
        self._handshake()

    def _read(self) -> None:
        assert self._process.stdout is not None
        for line in self._process.stdout:
            self._lines.put(line.rstrip("\r\n"))
        self._lines.put(None)

    def _send(self, line: str) -> None:
        if "\n" in line:
            raise ValueError(f"a command is one line: {line!r}")
        try:
            assert self._process.stdin is not None
            self._process.stdin.write(line + "\n")
            self._process.stdin.flush()
        except (BrokenPipeError, OSError) as e:
            raise EngineError(f"the engine ended: {e}") from e

    def _next(self, timeout: float) -> str:
        try:
            line = self._lines.get(timeout=timeout)
        except queue.Empty:
            raise EngineError(f"no answer within {timeout:g} s") from None
        if line is None:
            raise EngineError("the engine ended")
        return line

    def _until(self, keyword: str, timeout: float) -> list[str]:
        """Reads lines until one that starts with ``keyword`` (returned as
        its words); an ``error`` line raises."""
        while True:
            words = self._next(timeout).split()
            if not words:
                continue
            if words[0] == "error":
                raise EngineError(" ".join(words[1:]))
            if words[0] == "info":
                self.info = words
                continue
            if words[0] == keyword:
                return words

    def _handshake(self) -> None:
        self._send("kkp")
        while True:
            words = self._next(self.timeout).split()
            if not words:
                continue
            if words[:2] == ["id", "name"]:
                self.name = " ".join(words[2:])
            elif words[0] == "protocol" and len(words) > 1 and words[1].isdigit():
                self.protocol = int(words[1])
            elif words[0] == "game" and len(words) > 1:
                self.games[words[1]] = [w for w in words[2:] if w != "rules"]
            elif words[:2] == ["option", "name"] and len(words) > 2:
                self.options[words[2]] = " ".join(words[3:])
            elif words[0] == "kkpok":
                return

    def _ready(self) -> None:
        """Sends ``isready`` and waits for ``readyok``: an ``error`` that
        answered an earlier command raises here."""
        self._send("isready")
        self._until("readyok", self.timeout)

    def set_option(self, name: str, value) -> None:
        """``setoption name <name> value <value>`` (a bool as
        ``true``/``false``)."""
        if isinstance(value, bool):
            value = "true" if value else "false"
        self._send(f"setoption name {name} value {value}")
        self._ready()

    def new_game(self, game: str, rules: Iterable[str] = ()) -> None:
        """``newgame <game> [rules ...]``: ``"kamisado"`` or ``"katarenga"``."""
        rules = list(rules)
        self._send(f"newgame {game}" + (f" rules {' '.join(rules)}" if rules else ""))
        self._ready()
        self._game = game

    def go(
        self,
        start: str = "startpos",
        moves: Iterable[str] = (),
        *,
        movetime: int | None = None,
        depth: int | None = None,
        nodes: int | None = None,
        wait: float | None = None,
    ) -> str | None:
        """The engine's move in ``start`` (``"startpos"``, ``"tiles 1f0 2f0
        3f0 4f0"`` or ``"notation <position>"``) after ``moves``, within
        the limits given (at least one); ``None`` for ``bestmove none``.
        The answer is awaited ``wait`` seconds (by default the move time
        and :attr:`timeout`, or ten times :attr:`timeout` for a depth or
        node limit alone)."""
        if movetime is None and depth is None and nodes is None:
            raise ValueError("go needs a limit: movetime, depth or nodes")
        moves = list(moves)
        self._send(f"position {start}" + (f" moves {' '.join(moves)}" if moves else ""))
        self._ready()
        limits = []
        for name, value in (("movetime", movetime), ("depth", depth), ("nodes", nodes)):
            if value is not None:
                limits.append(f"{name} {int(value)}")
        self.info = []
        self._send("go " + " ".join(limits))
        if wait is None:
            wait = self.timeout + movetime / 1000 if movetime is not None else 10 * self.timeout
        words = self._until("bestmove", wait)
        if len(words) < 2 or words[1] == "none":
            return None
        return words[1]

    def close(self) -> None:
        """Sends ``quit`` and waits for the process (killed after the
        timeout)."""
        if self._process.poll() is None:
            try:
                self._send("quit")
            except EngineError:
                pass
            try:
                self._process.wait(timeout=self.timeout)
            except subprocess.TimeoutExpired:
                self._process.kill()
                self._process.wait()

    def __enter__(self) -> Engine:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"kkp.Engine(name={self.name!r}, protocol={self.protocol})"


def referee(
    arguments: Sequence[str] = (),
    program: str = "kk-referee",
    *,
    spec: object | None = None,
    game: str | None = None,
    rules: str | None = None,
    target: int | str | None = None,
    board: str | None = None,
) -> str:
    """Runs ``kk-referee`` with ``arguments`` (its command-line options, as
    ``kk-referee --help`` gives them) and returns its report; raises
    :class:`EngineError` with its message when it fails.

    The game is one game spec, given in ``arguments`` (``"--game",
    "kamisado target=3"``), as ``spec=`` (its text, or a
    :class:`~kamisado_katarenga.GameSpec`), or built from ``game=`` and its
    fields ``rules=``, ``target=``, ``board=`` (``game="katarenga",
    rules="no-first-capture"``). The referee reads the spec and refuses a
    field the game does not have."""
    text = _spec_text(spec, game, rules, target, board)
    chosen = ["--game", text] if text is not None else []
    done = subprocess.run(
        [program, "--quiet", *chosen, *arguments], capture_output=True, text=True, check=False
    )
    if done.returncode != 0:
        raise EngineError(done.stderr.strip() or f"kk-referee exited with {done.returncode}")
    return done.stdout


def _spec_text(
    spec: object | None,
    game: str | None,
    rules: str | None,
    target: int | str | None,
    board: str | None,
) -> str | None:
    """The game spec's text from :func:`referee`'s keywords (``None``: the
    arguments give it)."""
    given = (("rules", rules), ("target", target), ("board", board))
    fields = [(name, value) for name, value in given if value is not None]
    if spec is not None:
        if game is not None or fields:
            raise ValueError("give spec= or game= with its fields, not both")
        return str(spec)
    if game is None:
        if fields:
            raise ValueError(f"{fields[0][0]}= needs game=")
        return None
    return " ".join([game, *(f"{name}={value}" for name, value in fields)])
