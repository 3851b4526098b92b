"""``learned``: a linear model over per-action features, trained by Monte-Carlo rollouts.

For each decision of play the bot scores every legal action with the weights
shipped beside this module (``learned_weights.npz``: one vector per built-in book,
trained on that book's deals, and a default for a variant of no book of them) over
:func:`gouji.bots.features.action_features` and takes the best; decisions of
the books' phases are :func:`gouji.bots.phase_choices.phase_choice`'s, and a
set that empties the hand is always played. The features include whether
``expert`` would take the action, so the model learns where departing from
``expert`` pays. ``examples/rl/train_learned_bot.py`` trains the weights
(``docs/bots.rst`` says how, for how long and how strong). Inference needs
numpy only (the ``bots`` extra).
"""

from __future__ import annotations

import os
from importlib import resources
from typing import TYPE_CHECKING, Any

import attrs

from gouji.bots.basic import GreedyBot
from gouji.bots.expert import ExpertBot
from gouji.bots.features import FEATURE_NAMES, action_features
from gouji.bots.phase_choices import hand_counts, play_decisions
from gouji.bots.weights_files import read_arrays, real_floats
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


#: The array of a weights file that serves every variant without weights of its own.
DEFAULT_KEY = "weights"
#: The prefix of an array that serves one book's variants: ``weights_dagang`` serves
#: ``dagang`` and every variant built on it (a variant's plugins name its book).
BOOK_PREFIX = "weights_"


def book_key(book: str) -> str:
    """The array of a weights file that holds ``book``'s weights."""
    return BOOK_PREFIX + book


#: The most bytes a weights file may hold (the shipped one, five sets, holds about 10 KB).
MAX_FILE_BYTES = 1 << 20


def load_weight_table(path: str | os.PathLike[str] | None = None) -> dict[str, Any]:
    """Every set of weights in ``path`` (or the shipped file): ``{array name: numpy vector
    over FEATURE_NAMES}``, ``DEFAULT_KEY`` always among them; raise
    :class:`~gouji.errors.GoujiError` if the file does not hold weights for these features.
    The file is untrusted (:func:`gouji.bots.weights_files.read_arrays`): at most
    ``MAX_FILE_BYTES``, each array's header read (its shape and kind checked) before its data,
    arrays other than names and weights unread."""
    np = _np()
    where = repr(str(path)) if path is not None else repr(f"gouji.bots/{WEIGHTS_FILE}")
    wrong = f"the weights in {where:.200} are for other features than this gouji's"

    def judge(name: str, shape: tuple[int, ...], dtype: Any) -> str | None:
        if name != "names" and name != DEFAULT_KEY and not name.startswith(BOOK_PREFIX):
            return ""  # not the learned bot's: left unread
        kinds = "U" if name == "names" else "fiu"
        return None if shape == (len(FEATURE_NAMES),) and dtype.kind in kinds else wrong

    source: str | os.PathLike[str] | bytes
    if path is None:
        source = resources.files("gouji.bots").joinpath(WEIGHTS_FILE).read_bytes()
    else:
        source = path
    arrays = read_arrays(np, source, max_bytes=MAX_FILE_BYTES, judge=judge, where=where)
    if "names" not in arrays or DEFAULT_KEY not in arrays:
        missing = "names" if "names" not in arrays else DEFAULT_KEY
        raise GoujiError(f"cannot read the learned bot's weights from {where:.200}: it holds no {missing!r} array")
    if tuple(str(n) for n in arrays.pop("names")) != FEATURE_NAMES:
        raise GoujiError(wrong)
    table = {key: np.asarray(w, dtype=np.float64) for key, w in arrays.items()}
    if not all(np.isfinite(w).all() for w in table.values()):
        raise GoujiError(f"the weights in {where:.200} are not all finite numbers")
    return table


def load_weights(path: str | os.PathLike[str] | None = None, variant: Variant | None = None) -> Any:
    """The weights (a numpy vector over :data:`~gouji.bots.features.FEATURE_NAMES`) from
    ``path``, or the shipped ones: those of ``variant``'s book where the file holds them
    (:func:`weights_for`), else the file's default; raise :class:`~gouji.errors.GoujiError`
    if the file does not hold weights for these features."""
    table = load_weight_table(path)
    return weights_for(table, variant) if variant is not None else table[DEFAULT_KEY]


def weights_for(table: dict[str, Any], variant: Variant) -> Any:
    """The weights of ``table`` that serve ``variant``: those of the first of its plugins
    with weights of their own (a built-in book, or a house variant's base book), else the
    default."""
    for plugin in variant.plugins:
        found = table.get(book_key(plugin))
        if found is not None:
            return found
    return table[DEFAULT_KEY]


_shipped: dict[str, Any] | None = None


class LearnedBot:
    """Scores each legal action of play with trained weights (see the module)."""

    name = "learned"

    def __init__(self, seed: int = 0, weights: Any = None) -> None:
        """``weights``: one vector for every variant, or a table of them by book as
        :func:`load_weight_table` reads one (each variant plays its book's, :func:`weights_for`);
        without it, the shipped file's table."""
        global _shipped
        np = _np()
        self.table: dict[str, Any] | None = None
        if weights is None:
            if _shipped is None:
                _shipped = load_weight_table()
            self.table = _shipped  # checked when it was read (load_weight_table), shared by every bot
            self.weights = _shipped[DEFAULT_KEY]
        elif isinstance(weights, dict):
            if DEFAULT_KEY not in weights or not all(isinstance(key, str) for key in weights):
                raise GoujiError(f"a table of the learned bot's weights is keyed by array names, {DEFAULT_KEY!r} "
                                 f"among them (load_weight_table), not {sorted(map(repr, weights))[:8]}")
            self.table = {key: _vector(np, vector) for key, vector in weights.items()}
            self.weights = self.table[DEFAULT_KEY]
        else:
            self.weights = _vector(np, weights)
        self.seed = seed
        self.expert = ExpertBot(seed)
        self.greedy = GreedyBot(seed)
        self._variant: Variant | None = None

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
        if self.table is not None and variant is not self._variant:
            self.weights, self._variant = weights_for(self.table, variant), variant
        rows = action_features(observation, variant, actions, expert, greedy)
        return np.asarray(rows, dtype=np.float64) @ self.weights


def _vector(np: Any, weights: Any) -> Any:
    """``weights`` as the float64 vector over FEATURE_NAMES the bot scores with; a GoujiError for
    any other shape or for numbers that are not finite."""
    try:
        given = np.asarray(weights)
    except (TypeError, ValueError, OverflowError):
        raise GoujiError(f"the learned bot's weights are numbers, not {weights!r:.80}") from None
    vector = real_floats(np, given, "the learned bot's weights")  # as a weights file's
    if vector.shape != (len(FEATURE_NAMES),):
        raise GoujiError(f"the learned bot takes {len(FEATURE_NAMES)} weights, not {vector.shape}")
    if not np.isfinite(vector).all():
        raise GoujiError("the learned bot's weights are finite numbers")
    return vector


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


__all__ = ["BOOK_PREFIX", "DEFAULT_KEY", "WEIGHTS_FILE", "LearnedBot", "Weighing", "book_key", "candidates",
           "load_weight_table", "load_weights", "weigh", "weights_for"]
