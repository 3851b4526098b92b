"""``learned``: a linear model over per-action features, trained by Monte-Carlo rollouts.

For each decision of play the bot scores every legal action with the weights
shipped beside this module (``learned_weights.npz``) over
:func:`gouji.bots.features.action_features` and takes the best; decisions of
the books' phases are :func:`gouji.bots.phase_choices.phase_choice`'s, and a
set that empties the hand is always played. The features include whether
``expert`` would take the action, so the model learns where departing from
``expert`` pays. ``examples/rl/train_learned_bot.py`` trains the weights
(``docs/bots.rst`` says how, for how long and how strong). Inference needs
numpy only (the ``bots`` extra).
"""

from __future__ import annotations

import io
import os
from importlib import resources
from typing import TYPE_CHECKING, Any

import attrs

from gouji.bots.basic import GreedyBot
from gouji.bots.expert import ExpertBot
from gouji.bots.features import FEATURE_NAMES, action_features
from gouji.bots.phase_choices import hand_counts, play_decisions
from gouji.engine.actions import CLOSE, PASS, YIELD, Action, Burn, PlaySet
from gouji.errors import GoujiError

if TYPE_CHECKING:
    from gouji.engine.game import Observation
    from gouji.plugins.variant import Variant

#: The weights shipped with the package, beside this module.
WEIGHTS_FILE = "learned_weights.npz"

_numpy: Any = None


def _np() -> Any:
    global _numpy
    if _numpy is None:
        try:
            import numpy
        except ImportError:
            raise GoujiError("the 'learned' bot needs numpy: pip install '.[bots]' (in gouji's folder)") from None
        _numpy = numpy
    return _numpy


def load_weights(path: str | os.PathLike[str] | None = None) -> Any:
    """The weights (a numpy vector over :data:`~gouji.bots.features.FEATURE_NAMES`) from
    ``path``, or the shipped ones; raise :class:`~gouji.errors.GoujiError` if the file does
    not hold weights for these features."""
    np = _np()
    where = str(path) if path is not None else f"gouji.bots/{WEIGHTS_FILE}"
    try:
        if path is None:
            raw = resources.files("gouji.bots").joinpath(WEIGHTS_FILE).read_bytes()
        else:
            with open(path, "rb") as file:
                raw = file.read()
        with np.load(io.BytesIO(raw), allow_pickle=False) as data:
            weights = np.asarray(data["weights"], dtype=np.float64)
            names = tuple(str(n) for n in data["names"])
    except (OSError, KeyError, ValueError, EOFError) as exc:
        raise GoujiError(f"cannot read the learned bot's weights from {where!r}: {exc}") from None
    if names != FEATURE_NAMES or weights.shape != (len(FEATURE_NAMES),):
        raise GoujiError(f"the weights in {where!r} are for other features than this gouji's")
    return weights


_shipped: Any = None


class LearnedBot:
    """Scores each legal action of play with trained weights (see the module)."""

    name = "learned"

    def __init__(self, seed: int = 0, weights: Any = None) -> None:
        global _shipped
        np = _np()
        if weights is None:
            if _shipped is None:
                _shipped = load_weights()
            weights = _shipped
        self.weights = np.asarray(weights, dtype=np.float64)
        if self.weights.shape != (len(FEATURE_NAMES),):
            raise GoujiError(f"the learned bot takes {len(FEATURE_NAMES)} weights, not {self.weights.shape}")
        self.seed = seed
        self.expert = ExpertBot(seed)
        self.greedy = GreedyBot(seed)

    def __repr__(self) -> str:
        return f"LearnedBot(seed={self.seed})"

    def choose(self, observation: Observation, variant: Variant) -> Action:
        weighing = weigh(observation, variant, self.expert, self.greedy)
        if not isinstance(weighing, Weighing):
            return weighing
        options = weighing.options
        return options[int(self.scores(observation, variant, options, weighing.expert, weighing.greedy).argmax())]

    def scores(self, observation: Observation, variant: Variant, actions: list[Action], expert: Action,
               greedy: Action) -> Any:
        """The model's score of each of ``actions`` (numpy vector)."""
        np = _np()
        rows = action_features(observation, variant, actions, expert, greedy)
        return np.asarray(rows, dtype=np.float64) @ self.weights


@attrs.frozen
class Weighing:
    """A decision a model weighs: its candidates (``expert``'s first) and what ``expert`` and
    ``greedy`` take there (the features read both)."""

    options: list[Action]
    expert: Action
    greedy: Action


def weigh(observation: Observation, variant: Variant, expert: ExpertBot, greedy: GreedyBot) -> Action | Weighing:
    """What a model over :func:`candidates` decides before it scores: the action where there is
    nothing to weigh (one legal action, a phase decision, a set that empties the hand, a single
    candidate), else the :class:`Weighing` of the candidates."""
    settled, core = play_decisions(observation, variant)
    if settled is not None:
        return settled
    size = len(observation.hand)
    for action in core:
        if isinstance(action, (PlaySet, Burn)) and action.play.size == size:
            return action
    best = expert.choose(observation, variant)
    simple = greedy.choose(observation, variant)
    options = candidates(core, best, simple, hand_counts(observation))
    if len(options) == 1:
        return options[0]
    return Weighing(options, best, simple)


def candidates(core: list[Action], expert: Action, greedy: Action, counts: dict[int, int]) -> list[Action]:
    """The few actions the model chooses among, ``expert``'s first: greedy's, the decline
    (pass, close or yield) and the cheapest set. Choosing among sensible actions only keeps a
    linear model from straying where its rollouts never went."""
    options = [expert]
    declines = [a for a in core if a in (YIELD, CLOSE, PASS)]
    plays = [a for a in core if isinstance(a, (PlaySet, Burn))]
    cheapest = min(plays, key=lambda a: GreedyBot._cost(a.play, counts)) if plays else None
    for action in (greedy, declines[0] if declines else None, cheapest):
        if action is not None and action not in options and action in core:
            options.append(action)
    return options


__all__ = ["WEIGHTS_FILE", "LearnedBot", "Weighing", "candidates", "load_weights", "weigh"]
