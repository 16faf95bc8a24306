"""Gymnasium single-agent environments: the agent plays one side, a
built-in :class:`~kamisado_katarenga.Player` the other.

Registered when this module is imported::

    import gymnasium
    import kamisado_katarenga.envs

    env = gymnasium.make("kamisado_katarenga/Kamisado-v0", opponent="greedy", seed=1)
    env = gymnasium.make("kamisado_katarenga/Katarenga-v0", opponent=("search", 2))
    env = gymnasium.make("kamisado_katarenga/Isolation-v0", rules="one-way")

| | |
|---|---|
| Actions | ``Discrete(ACTIONS)`` of the game's module (514 for Kamisado, 4224 for Katarenga, 4097 for Congress and Quebec, 64 for Isolation) |
| Observations | ``{"observation": Box(0, 1, (8, 8, CHANNELS), float32), "action_mask": Box(0, 1, (ACTIONS,), int8)}``, from the agent's side, as in PettingZoo |
| Rewards | +1 when the agent wins, -1 when it loses, at the end; 0 for a draw by the rules (Congress ``pass``, Quebec ``draw``) and on truncation |
| Render modes | ``"human"`` (printed), ``"ansi"``, ``"rgb_array"`` |

Options:

- ``opponent``: a :class:`~kamisado_katarenga.Player`, or ``"random"``,
  ``"greedy"`` (seeded from ``reset``'s seed), ``("search", depth)`` or
  ``("nodes", n)``: the same games on any machine for the same seeds. A
  name makes a fresh player at each reset (seeded from the reset's seed);
  a :class:`Player` object is kept across episodes, its random sequence
  and search table carrying over.
- ``agent_colour``: ``"black"``, ``"white"`` or ``"either"`` (the default:
  drawn at each reset from its seed).
- Kamisado: ``target`` (1, a single round, by default; a match to that many
  points otherwise, with the edge actions 512 and 513 between rounds).
- Katarenga: ``board`` (a :class:`~kamisado_katarenga.katarenga.Board`),
  ``random_boards`` (a random tile board at each reset), ``rules``
  (``"standard"`` or ``"no-first-capture"``), ``max_cycles`` (default 300
  plies: the rules have no draw, so a longer game is truncated).
- Congress, Quebec, Isolation (``Congress-v0``, ``Quebec-v0``,
  ``Isolation-v0``): ``board`` and ``random_boards`` as Katarenga's;
  ``rules``, the game's first option (Congress ``"lose"``/``"pass"``,
  Quebec ``"mover"``/``"draw"``, Isolation ``"strict"``/``"opposite"``/
  ``"one-way"``); Isolation's ``supply`` (``"8"`` or ``"none"``); Congress
  and Quebec ``max_cycles`` (default 300 plies).

An action that is not legal (the mask says which are) ends the episode
with -1 for the agent and ``info["illegal"]`` set, as PettingZoo's
``TerminateIllegalWrapper`` does. The opponent's replies are played inside
``step``: the agent sees a position only when it must act.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from . import congress, isolation, kamisado, katarenga, quebec
from ._native import Player
from .render import kamisado_image, katarenga_image, render

__all__ = [
    "CongressEnv",
    "IsolationEnv",
    "KamisadoEnv",
    "KatarengaEnv",
    "QuebecEnv",
    "opponent_player",
]


def opponent_player(opponent: Any, seed: int) -> Player:
    """The :class:`Player` that ``opponent`` names (a player is kept)."""
    if isinstance(opponent, Player):
        return opponent
    if opponent == "random":
        return Player.random(seed)
    if opponent == "greedy":
        return Player.greedy(seed)
    if isinstance(opponent, tuple) and len(opponent) == 2:
        kind, amount = opponent
        if kind == "search":
            return Player.search(depth=amount)
        if kind == "nodes":
            return Player.search(nodes=amount)
    raise ValueError(
        "opponent must be a Player, 'random', 'greedy', ('search', depth) or "
        f"('nodes', n), not {opponent!r}"
    )


class _TwoPlayerEnv(gymnasium.Env):
    """What both environments share: the agent's colour, the opponent, the
    spaces, the illegal-action rule and rendering."""

    metadata = {"render_modes": ["human", "ansi", "rgb_array"], "render_fps": 2}

    def __init__(self, actions: int, channels: int, opponent, agent_colour, render_mode):
        if agent_colour not in ("black", "white", "either"):
            raise ValueError(
                f"agent_colour must be 'black', 'white' or 'either', not {agent_colour!r}"
            )
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"unknown render mode {render_mode!r}")
        opponent_player(opponent, 0)  # a bad opponent is refused here
        self.opponent = opponent
        self.agent_colour = agent_colour
        self.render_mode = render_mode
        self._actions = actions
        self.action_space = spaces.Discrete(actions)
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, (8, 8, channels), np.float32),
                "action_mask": spaces.Box(0, 1, (actions,), np.int8),
            }
        )
        #: The colour the agent plays in this episode.
        self.colour = "black"
        self._player: Player | None = None

    # The game's side, implemented by each environment.
    def _new_game(self, rng: np.random.Generator) -> None:
        raise NotImplementedError

    def _actor(self) -> str | None:
        raise NotImplementedError

    def _observation(self) -> np.ndarray:
        raise NotImplementedError

    def _mask(self) -> np.ndarray:
        raise NotImplementedError

    def _step_action(self, action: int) -> None:
        raise NotImplementedError

    def _opponent_action(self) -> int:
        raise NotImplementedError

    def _winner(self) -> str | None:
        raise NotImplementedError

    def _truncated(self) -> bool:
        return False

    def _over(self) -> bool:
        """Whether the game has ended by the rules (a draw too)."""
        return self._winner() is not None

    def _drawing(self) -> str:
        raise NotImplementedError

    def _image(self) -> np.ndarray:
        raise NotImplementedError

    def _obs(self) -> dict:
        return {"observation": self._observation(), "action_mask": self._mask()}

    def _play_opponent(self) -> None:
        """The opponent's turns until the agent must act or the game ends."""
        while self._actor() is not None and self._actor() != self.colour and not self._truncated():
            self._step_action(self._opponent_action())

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        super().reset(seed=seed)
        rng = self.np_random
        if self.agent_colour == "either":
            self.colour = "black" if rng.integers(2) == 0 else "white"
        else:
            self.colour = self.agent_colour
        self._player = opponent_player(self.opponent, int(rng.integers(2**62)))
        self._new_game(rng)
        self._play_opponent()
        if self.render_mode == "human":
            self.render()
        return self._obs(), {"colour": self.colour}

    def step(self, action):
        info: dict = {"colour": self.colour}
        if isinstance(action, (bool, np.bool_)) or not isinstance(action, (int, np.integer)):
            raise ValueError(f"action must be an integer, not {action!r}")
        if not 0 <= action < self._actions or not self._mask()[action]:
            info["illegal"] = True
            return self._obs(), -1.0, True, False, info
        self._step_action(int(action))
        self._play_opponent()
        winner = self._winner()
        reward = 0.0 if winner is None else (1.0 if winner == self.colour else -1.0)
        terminated = self._over()
        truncated = not terminated and self._truncated()
        if self.render_mode == "human":
            self.render()
        return self._obs(), reward, terminated, truncated, info

    def render(self):
        return render(self.render_mode, self._drawing, self._image)


class KamisadoEnv(_TwoPlayerEnv):
    """Kamisado, a single round or a match, against a built-in player."""

    def __init__(
        self,
        opponent: Any = "greedy",
        agent_colour: str = "either",
        target: int | str = 1,
        render_mode: str | None = None,
        game_spec: Any = None,
        setups: Any = None,
    ):
        super().__init__(kamisado.ACTIONS, kamisado.CHANNELS, opponent, agent_colour, render_mode)
        self.target = target
        # The game (reading, layout, target, options) when given: it wins
        # over ``target``; a random layout is drawn again for each game.
        # (Not ``spec``: gymnasium's own attribute.)
        self.game_spec = game_spec
        # A set-up match's chart: each round's set-ups drawn from it.
        self.setups = setups
        self._draws = np.random.default_rng(0)
        self.match = kamisado.new_match(target, game_spec, 0, setups)

    def _new_game(self, rng):
        self._draws = rng
        self.match = kamisado.new_match(self.target, self.game_spec, int(rng.integers(2**62)), self.setups)

    def _actor(self):
        return self.match.actor

    def _observation(self):
        return self.match.observation(self.colour)

    def _mask(self):
        if self.match.actor != self.colour:
            return np.zeros(kamisado.ACTIONS, dtype=np.int8)
        return self.match.action_mask()

    def _step_action(self, action):
        self.match.step(action)
        kamisado.draw_due(self.match, self.setups, int(self._draws.integers(2**62)))

    def _opponent_action(self):
        if self.match.state == "choose_edge":
            edge = self._player.choose_edge(self.match)
            return kamisado.EDGE_A if edge == "a" else kamisado.EDGE_H
        return self.match.action(self._player.choose(self.match.position))

    def _winner(self):
        return self.match.winner

    def _drawing(self):
        black, white = self.match.scores
        return (
            f"{self.match.position.pretty()}"
            f"match: black {black} - white {white} (to {self.match.target}); "
            f"the agent plays {self.colour}\n"
        )

    def _image(self):
        return kamisado_image(self.match.position)


class _BoardEnv(_TwoPlayerEnv):
    """A game on a Katarenga board (Katarenga or one of the family)
    against a built-in player; each game's class names its module and its
    options."""

    def __init__(
        self,
        module,
        opponent: Any,
        agent_colour: str,
        board,
        random_boards: bool,
        max_cycles: int,
        render_mode: str | None,
        **options,
    ):
        super().__init__(module.ACTIONS, module.CHANNELS, opponent, agent_colour, render_mode)
        self._module = module
        self.board = board if board is not None else katarenga.Board()
        self.random_boards = random_boards
        self.max_cycles = max_cycles
        self._options = options
        # A bad option is refused here.
        self.position = module.start(self.board, **options)
        self.plies = 0

    def _new_game(self, rng):
        board = self.board
        if self.random_boards:
            board = katarenga.Board.arrangement(int(rng.integers(98304)))
        self.position = self._module.start(board, **self._options)
        self.plies = 0

    def _actor(self):
        return None if self.position.is_over else self.position.side_to_move

    def _over(self):
        return self.position.is_over

    def _observation(self):
        return self.position.observation(self.colour)

    def _mask(self):
        if self._actor() != self.colour or self._truncated():
            return np.zeros(self._module.ACTIONS, dtype=np.int8)
        return self.position.action_mask()

    def _step_action(self, action):
        self.position = self.position.play(self.position.move_of(action))
        self.plies += 1

    def _opponent_action(self):
        return self.position.action(self._player.choose(self.position))

    def _winner(self):
        return self.position.winner

    def _truncated(self):
        return self.plies >= self.max_cycles

    def _drawing(self):
        return f"{self.position.pretty()}the agent plays {self.colour}\n"

    def _image(self):
        return katarenga_image(self.position)


class KatarengaEnv(_BoardEnv):
    """Katarenga against a built-in player."""

    def __init__(
        self,
        opponent: Any = "greedy",
        agent_colour: str = "either",
        board: katarenga.Board | None = None,
        random_boards: bool = False,
        rules: str = "standard",
        max_cycles: int = 300,
        render_mode: str | None = None,
    ):
        super().__init__(
            katarenga, opponent, agent_colour, board, random_boards, max_cycles, render_mode,
            rules=rules,
        )
        self.rules = rules


class CongressEnv(_BoardEnv):
    """Congress against a built-in player; ``rules`` is the no-move rule
    (``"lose"`` or ``"pass"``: a game both sides are blocked in is a draw,
    reward 0)."""

    def __init__(
        self,
        opponent: Any = "greedy",
        agent_colour: str = "either",
        board: katarenga.Board | None = None,
        random_boards: bool = False,
        rules: str = "lose",
        max_cycles: int = 300,
        render_mode: str | None = None,
    ):
        super().__init__(
            congress, opponent, agent_colour, board, random_boards, max_cycles, render_mode,
            rules=rules,
        )
        self.rules = rules


class QuebecEnv(_BoardEnv):
    """Quebec against a built-in player; ``rules`` is the both-connected
    rule (``"mover"`` or ``"draw"``: a draw ends the episode with 0)."""

    def __init__(
        self,
        opponent: Any = "greedy",
        agent_colour: str = "either",
        board: katarenga.Board | None = None,
        random_boards: bool = False,
        rules: str = "mover",
        max_cycles: int = 300,
        render_mode: str | None = None,
    ):
        super().__init__(
            quebec, opponent, agent_colour, board, random_boards, max_cycles, render_mode,
            rules=rules,
        )
        self.rules = rules


class IsolationEnv(_BoardEnv):
    """Isolation against a built-in player; ``rules`` is the reading
    (``"strict"``, ``"opposite"``, ``"one-way"``), ``supply`` ``"8"`` or
    ``"none"``. A game ends within 64 placements."""

    def __init__(
        self,
        opponent: Any = "greedy",
        agent_colour: str = "either",
        board: katarenga.Board | None = None,
        random_boards: bool = False,
        rules: str = "strict",
        supply: str = "8",
        render_mode: str | None = None,
    ):
        super().__init__(
            isolation, opponent, agent_colour, board, random_boards, 64, render_mode,
            rules=rules, supply=supply,
        )
        self.rules = rules
        self.supply = supply


for _id, _entry in [
    ("kamisado_katarenga/Kamisado-v0", KamisadoEnv),
    ("kamisado_katarenga/Katarenga-v0", KatarengaEnv),
    ("kamisado_katarenga/Congress-v0", CongressEnv),
    ("kamisado_katarenga/Quebec-v0", QuebecEnv),
    ("kamisado_katarenga/Isolation-v0", IsolationEnv),
]:
    if _id not in gymnasium.registry:
        gymnasium.register(id=_id, entry_point=_entry)
