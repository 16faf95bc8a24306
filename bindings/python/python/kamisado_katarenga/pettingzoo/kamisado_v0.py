"""Kamisado as a PettingZoo AEC environment.

| | |
|---|---|
| Agents | ``["player_0", "player_1"]``: Black (who moves first) and White |
| Actions | ``Discrete(514)``: see :mod:`kamisado_katarenga.kamisado` |
| Observations | ``{"observation": Box(0, 1, (8, 8, 36), float32), "action_mask": Box(0, 1, (514,), int8)}`` |
| Rewards | +1 for the winner, -1 for the loser, at the end of the game |
| Render modes | ``"human"`` (the drawing printed to the terminal), ``"ansi"``, ``"rgb_array"`` |

Options: ``target`` (default 1; a number of points or a preset's name,
``"standard"`` for 3) plays a match to that many points instead of a single
round; ``game_spec`` (a ``GameSpec`` or its text, such as ``"kamisado
rules=pushed-square layout=turned target=3"``) names the whole game instead
(a ``layout=random`` is drawn from ``reset``'s seed), and ``setups`` the chart a set-up
match (``refill=setups``) draws each round's set-ups from; between rounds the round's winner acts with one of the two
edge actions (512: a-file, 513: h-file), and the rewards come when the match
ends.

Turns do not always alternate: after a sumo push the pusher moves again,
and ``agent_selection`` stays on the same agent for its extra move (so does
the round's winner between rounds, choosing the edge, before the loser opens
the next round). Agents must read ``agent_selection`` rather than assume
alternation.
"""

from __future__ import annotations

from .. import kamisado
from ..render import kamisado_image, render
from ._base import BoardGameEnv, wrap


def env(**kwargs):
    """The wrapped environment (the usual entry point)."""
    return wrap(raw_env(**kwargs))


class raw_env(BoardGameEnv):
    """The environment without wrappers."""

    metadata = {**BoardGameEnv.metadata, "name": "kamisado_v0"}

    def __init__(self, render_mode: str | None = None, target: int | str = 1, game_spec=None, setups=None):
        self.target = target
        self.game_spec = game_spec
        self.setups = setups
        self._seed = 0
        self.match = kamisado.new_match(target, game_spec, 0, setups)
        super().__init__(render_mode, "black", kamisado.ACTIONS, kamisado.CHANNELS, target)

    def observe(self, agent):
        observation = self.match.observation(self.colours[agent])
        if agent == self.agent_selection and self.match.state != "over":
            mask = self.match.action_mask()
        else:
            mask = self._no_actions()
        return {"observation": observation, "action_mask": mask}

    def reset(self, seed=None, options=None):
        self._seed = seed or 0
        self.match = kamisado.new_match(self.target, self.game_spec, self._seed, self.setups)
        self._new_game(self._agents_of[self.match.actor])

    def _play(self, action: int) -> None:
        self.match.step(action)
        # A set-up match's next round: the loser's draw, seeded by the
        # reset's seed and the round.
        kamisado.draw_due(self.match, self.setups, self._seed * 1_000 + self.match.round)

    def _after_move(self, agent: str) -> None:
        if self.match.state == "over":
            self._won_by(self.match.winner)
            # The dead agents are stepped out in turn, the other one first.
            self.agent_selection = "player_1" if agent == "player_0" else "player_0"
        else:
            self.agent_selection = self._agents_of[self.match.actor]

    def _drawing(self) -> str:
        black, white = self.match.scores
        return (
            f"{self.match.position.pretty()}"
            f"match: black {black} - white {white} (to {self.match.target})\n"
        )

    def render(self):
        return render(self.render_mode, self._drawing, lambda: kamisado_image(self.match.position))
