"""Type stubs of the native module (the Rust engines). Import the classes
from the games' modules (:mod:`kamisado_katarenga.kamisado`, ...)."""

from typing import Any, Optional, TypedDict, Union, final, type_check_only

from typing_extensions import Self

import numpy as np
import numpy.typing as npt

KAMISADO_ACTIONS: int
KAMISADO_CHANNELS: int
KAMISADO_MAX_MOVES: int
KAMISADO_EDGE_A: int
KAMISADO_EDGE_H: int
KATARENGA_ACTIONS: int
KATARENGA_CHANNELS: int
KATARENGA_MAX_MOVES: int
STEP_ACTIONS: int
STEP_PASS: int
STEP_CHANNELS: int
FAMILY_MAX_MOVES: int
DROP_ACTIONS: int
DROP_CHANNELS: int

class Solution(TypedDict):
    """What ``solve`` returns."""

    winner: Optional[str]
    plies: Optional[int]
    best: Optional[str]
    nodes: int
    seconds: float

@type_check_only
class _Position:
    """What both games' positions offer. The stub's own: at run time each
    position class stands alone (it is not a subclass of anything)."""

    def __new__(
        cls, text: Optional[str] = None, rules: Optional[str] = None, layout: Optional[str] = None
    ) -> Self: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> tuple[Any, tuple[str, str, Optional[str]]]: ...
    @property
    def rules(self) -> str: ...
    def legal_moves(self) -> list[str]: ...
    def play(self, move: str) -> Self: ...
    def is_legal(self, move: str) -> bool: ...
    @property
    def side_to_move(self) -> str: ...
    @property
    def is_over(self) -> bool: ...
    @property
    def winner(self) -> Optional[str]: ...
    @property
    def outcome(self) -> Optional[str]: ...
    @property
    def ending(self) -> Optional[str]: ...
    @property
    def zobrist(self) -> int: ...
    def perft(self, depth: int) -> int: ...
    def pretty(self) -> str: ...
    def svg(self, marks: bool = False) -> str: ...
    def action(self, move: str) -> int: ...
    def move_of(self, action: int) -> str: ...
    def action_mask(self) -> npt.NDArray[np.int8]: ...
    def best_move(
        self,
        milliseconds: Optional[int] = None,
        table_mib: int = 16,
        *,
        depth: Optional[int] = None,
        nodes: Optional[int] = None,
    ) -> Optional[str]: ...
    def solve(self, seconds: float = 10.0, table_mib: int = 64) -> Solution: ...

@final
class KamisadoPosition(_Position):
    """A Kamisado position (immutable)."""

    @staticmethod
    def start(rules: str = "standard", layout: str = "standard") -> KamisadoPosition: ...
    @property
    def layout(self) -> str: ...
    def square_colour(self, square: str) -> str: ...
    @staticmethod
    def from_home_rows(
        black: str, white: str, to_move: Union[str, int, None] = None
    ) -> KamisadoPosition: ...
    @property
    def forced_colour(self) -> Optional[str]: ...
    @property
    def after_push(self) -> bool: ...
    @property
    def ending(self) -> Optional[str]:
        """``"arrival"``, ``"deadlock"`` or ``"no move"``; ``None`` while the round goes on."""

    def towers(self) -> list[tuple[str, str, str, int]]: ...
    def observation(
        self,
        scores: tuple[int, int] = (0, 0),
        target: int = 1,
        player: Union[str, int, None] = None,
    ) -> npt.NDArray[np.float32]: ...

@final
class KamisadoSetupChart:
    """A chart of numbered set-ups (the tile edition's), read from its text form."""

    def __new__(cls, text: str) -> KamisadoSetupChart: ...
    def __len__(self) -> int: ...
    def get(self, number: int) -> Optional[str]: ...
    def draw(self, seed: int) -> tuple[int, int]: ...
    def start(
        self, low: int, high: int, first: Union[str, int, None] = None
    ) -> KamisadoPosition: ...

class KamisadoMatch:
    """A Kamisado match (mutable): rounds to a target score."""

    def __new__(
        cls,
        target: Union[int, str, None] = None,
        rules: Optional[str] = None,
        scoring: Optional[str] = None,
        refill: Optional[str] = None,
        layout: Optional[str] = None,
        start: Optional[KamisadoPosition] = None,
    ) -> KamisadoMatch: ...
    @staticmethod
    def from_spec(spec: Union[GameSpec, str]) -> KamisadoMatch: ...
    @property
    def scoring(self) -> str: ...
    @property
    def refill(self) -> str: ...
    @property
    def edge_matters(self) -> bool: ...
    @property
    def drawer(self) -> Optional[str]: ...
    def draw_setups(self, chart: KamisadoSetupChart, seed: int) -> tuple[int, int]: ...
    def start_round(self, position: KamisadoPosition) -> None: ...
    def play(self, move: str) -> Optional[str]: ...
    def choose_edge(self, edge: str) -> None: ...
    @property
    def position(self) -> KamisadoPosition: ...
    @property
    def scores(self) -> tuple[int, int]: ...
    @property
    def target(self) -> int: ...
    @property
    def round(self) -> int: ...
    @property
    def state(self) -> str: ...
    @property
    def chooser(self) -> Optional[str]: ...
    @property
    def winner(self) -> Optional[str]: ...
    @property
    def actor(self) -> Optional[str]: ...
    def action_mask(self) -> npt.NDArray[np.int8]: ...
    def observation(self, player: Union[str, int, None] = None) -> npt.NDArray[np.float32]: ...
    def step(self, action: int) -> None: ...
    def action(self, move: str) -> int: ...
    def to_json(self) -> str: ...
    @staticmethod
    def from_json(text: str) -> KamisadoMatch: ...
    def __eq__(self, other: object) -> bool: ...
    def __reduce__(self) -> tuple[Any, tuple[str]]: ...

@final
class KatarengaBoard:
    """A Katarenga board: the colours of the 64 squares (immutable)."""

    def __new__(cls, text: Optional[str] = None) -> KatarengaBoard: ...
    @staticmethod
    def from_tiles(tiles: list[str]) -> KatarengaBoard: ...
    @staticmethod
    def arrangement(index: int) -> KatarengaBoard: ...
    def colour_of(self, square: str) -> str: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> tuple[Any, tuple[str]]: ...
    def turned(self, orientation: str) -> KatarengaBoard:
        """The board turned so that ``orientation``'s edge is rank 1."""
    def orientations(self) -> list[KatarengaBoard]:
        """The board from each edge: bottom, right, top, left."""
    def best_orientation(
        self,
        rules: str = "standard",
        milliseconds: int = 400,
        depth: Optional[int] = None,
        table_mib: int = 16,
    ) -> str:
        """Black's choice of edge by the search (worst start for White)."""

@final
class KatarengaPosition(_Position):
    """A Katarenga position (immutable)."""

    @staticmethod
    def start(
        board: Optional[KatarengaBoard] = None,
        rules: str = "standard",
        orientation: str = "bottom",
    ) -> KatarengaPosition:
        """The start by ``rules`` (``"standard"`` or ``"no-first-capture"``), Black
        at ``orientation``'s edge of the laid board (bottom, right, top, left)."""

    def first_move_pending(self, player: str) -> bool:
        """Whether ``player`` may not capture yet (its first move, no-first-capture rules)."""

    @property
    def board(self) -> KatarengaBoard: ...
    @property
    def ending(self) -> Optional[str]:
        """``"camps"``, ``"too few pieces"`` or ``"no move"``; ``None`` while the game goes on."""

    def pieces(self, player: str) -> list[str]: ...
    def camps(self) -> list[str]: ...
    def observation(self, player: Union[str, int, None] = None) -> npt.NDArray[np.float32]: ...

@type_check_only
class _FamilyPosition(_Position):
    """What the family's positions add to the shared methods."""

    @property
    def board(self) -> KatarengaBoard: ...
    def pieces(self, player: str) -> list[str]: ...
    def observation(self, player: Union[str, int, None] = None) -> npt.NDArray[np.float32]: ...

@final
class CongressPosition(_FamilyPosition):
    """A Congress position (immutable); ``rules``: the no-move rule."""

    @staticmethod
    def start(board: Optional[KatarengaBoard] = None, rules: str = "lose") -> CongressPosition: ...

@final
class QuebecPosition(_FamilyPosition):
    """A Quebec position (immutable); ``rules``: the both-connected rule."""

    @staticmethod
    def start(board: Optional[KatarengaBoard] = None, rules: str = "mover") -> QuebecPosition: ...

@final
class IsolationPosition(_FamilyPosition):
    """An Isolation position (immutable); ``rules``: the reading."""

    def __new__(
        cls, text: Optional[str] = None, rules: Optional[str] = None, supply: Optional[str] = None
    ) -> IsolationPosition: ...
    @staticmethod
    def start(
        board: Optional[KatarengaBoard] = None, rules: str = "strict", supply: str = "8"
    ) -> IsolationPosition: ...
    @property
    def supply(self) -> str: ...
    def in_hand(self, player: str) -> Optional[int]: ...
    def placements(self) -> list[str]: ...

_AnyPosition = Union[
    KamisadoPosition, KatarengaPosition, CongressPosition, QuebecPosition, IsolationPosition
]

class _Batch:
    def reset(self) -> None: ...
    def __len__(self) -> int: ...
    def step(
        self, actions: npt.ArrayLike
    ) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.bool_], npt.NDArray[np.bool_]]: ...
    def masks(self) -> npt.NDArray[np.int8]: ...
    def legal_actions(self) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int32]]: ...
    def observations(self) -> npt.NDArray[np.float32]: ...
    def players(self) -> npt.NDArray[np.int8]: ...
    def positions(self) -> list[str]: ...

@final
class KamisadoBatch(_Batch):
    """N Kamisado matches (single rounds by default) stepped together."""

    def __new__(
        cls, n: int, max_plies: int = 1000, target: Union[int, str, None] = None
    ) -> KamisadoBatch: ...

@final
class KatarengaBatch(_Batch):
    """N Katarenga games stepped together."""

    def __new__(
        cls,
        n: int,
        random_boards: bool = False,
        seed: int = 0,
        max_plies: int = 300,
        rules: str = "standard",
    ) -> KatarengaBatch: ...

@final
class CongressBatch(_Batch):
    """N Congress games stepped together."""

    def __new__(
        cls,
        n: int,
        random_boards: bool = False,
        seed: int = 0,
        max_plies: int = 300,
        rules: str = "lose",
    ) -> CongressBatch: ...

@final
class QuebecBatch(_Batch):
    """N Quebec games stepped together."""

    def __new__(
        cls,
        n: int,
        random_boards: bool = False,
        seed: int = 0,
        max_plies: int = 300,
        rules: str = "mover",
    ) -> QuebecBatch: ...

@final
class IsolationBatch(_Batch):
    """N Isolation games stepped together."""

    def __new__(
        cls,
        n: int,
        random_boards: bool = False,
        seed: int = 0,
        rules: str = "strict",
        supply: str = "8",
    ) -> IsolationBatch: ...

@final
class KatarengaRematch:
    """A game and its rematch from the same start, sides exchanged, points added."""

    def __new__(cls, start: KatarengaPosition) -> KatarengaRematch: ...
    @property
    def start(self) -> KatarengaPosition: ...
    @property
    def game(self) -> int: ...
    @property
    def black_player(self) -> str: ...
    def record_game(self, winner: Optional[str]) -> None: ...
    @property
    def is_over(self) -> bool: ...
    @property
    def points(self) -> tuple[float, float]: ...
    @property
    def winner(self) -> Optional[str]: ...

@final
class Player:
    """A computer player of any of the games: random, greedy or the search."""

    @staticmethod
    def random(seed: int = 0) -> Player: ...
    @staticmethod
    def greedy(seed: int = 0) -> Player: ...
    @staticmethod
    def search(
        milliseconds: Optional[int] = None,
        *,
        depth: Optional[int] = None,
        nodes: Optional[int] = None,
        table_mib: int = 16,
    ) -> Player: ...
    def choose(self, position: _AnyPosition) -> Optional[str]: ...
    def choose_edge(self, match: KamisadoMatch) -> str: ...
    def choose_orientation(self, board: KatarengaBoard, rules: str = "standard") -> str: ...

@final
class GameSpec:
    """One game: which game, under which rules, from which set-up."""

    def __new__(cls, text: Optional[str] = None, seed: Optional[int] = None) -> GameSpec: ...
    @property
    def game(self) -> str: ...
    @property
    def rules(self) -> str: ...
    @property
    def target(self) -> Optional[int]: ...
    @property
    def layout(self) -> Optional[str]: ...
    @property
    def board(self) -> Optional[str]: ...
    def start(self) -> _AnyPosition: ...
    @staticmethod
    def games() -> list[str]: ...
    @staticmethod
    def readings(game: str) -> list[str]: ...
    @staticmethod
    def layouts(game: str) -> list[str]: ...

def start(spec: Union[GameSpec, str]) -> _AnyPosition:
    """The start position of the game ``spec`` describes (a ``GameSpec`` or its text)."""
    ...

# The studies' items (kamisado_katarenga.studies), each the Rust code the
# programs run.
def study_scores_header() -> str: ...
def study_score_boards(first: int, end: int, depth: int) -> list[str]: ...
def study_isolation_boards(first: int, end: int) -> list[dict[str, Any]]: ...
def study_solve(
    game: str,
    position: str,
    *,
    nodes: Optional[int] = None,
    milliseconds: Optional[int] = None,
    table_mib: int = 64,
    variation: bool = False,
) -> dict[str, Any]: ...
def study_round_starts(round: int, count: int, seed: int, sumos: Optional[int] = None) -> list[str]: ...
def study_play_pair(
    game: str,
    first: str,
    second: str,
    seed: int,
    index: int,
    *,
    opening_plies: int = 4,
    max_plies: int = 300,
    table_mib: int = 8,
) -> dict[str, Any]: ...
def pentanomial(counts: list[int]) -> tuple[float, float, float, float]: ...
