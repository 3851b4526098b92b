"""``ismcts``: determinized search over the hidden hands, every future played out by ``expert``.

For a decision of play the bot weighs the few candidates ``learned`` weighs
(:func:`gouji.bots.learned.weigh`: ``expert``'s action, ``greedy``'s, the decline, the
cheapest set; phase decisions, a set that empties the hand and a decision with one candidate
are settled without search). Then, for each of up to ``simulations`` worlds — the game with
the cards the seat cannot see dealt again (:class:`gouji.bots.determinize.Determinizer`) — it
plays every candidate out to the game's end with six :class:`~gouji.bots.expert.ExpertBot`
and scores the margin of its team (as :func:`gouji.bots.arena.head_to_head` scores a game:
half the margin, places scored as ``provincial`` scores them where the variant's score
nothing). All candidates meet the same worlds (common random numbers), so their difference in
a world is what the choice was worth there. It takes ``expert``'s action unless another
candidate's mean beats it by more than ``margin``: a few worlds are noisy, and ``expert`` is
a strong prior (as ``learned`` departs from it only where its model is sure).

The search stops at ``simulations`` worlds or when ``budget`` seconds of the process's CPU
time (``time.process_time``) are spent, whichever comes first (one world is always played
out). With ``budget=None`` only ``simulations`` bounds it, and the bot is deterministic given
its seed: the worlds of a decision are drawn from a generator seeded by the bot's seed, the
seat and the game's turn.

The bot searches only where :func:`gouji.bots.basic.decide` hands it a determinizer (every
driver of gouji asks bots through it); asked with an observation alone (``choose``), it takes
``expert``'s action, as its search does when no candidate is clearly better.
"""

from __future__ import annotations

import math
import random
import time
from typing import TYPE_CHECKING

from gouji.bots.arena import team_points
from gouji.bots.basic import MAX_DECISIONS, GreedyBot
from gouji.bots.determinize import NoWorldError
from gouji.bots.expert import ExpertBot
from gouji.bots.learned import Weighing, weigh
from gouji.errors import GoujiError
from gouji.plugins.hook_results import short

if TYPE_CHECKING:
    from gouji.bots.determinize import Determinizer
    from gouji.engine.actions import Action
    from gouji.engine.game import Game, Observation
    from gouji.plugins.variant import Variant

#: Worlds (determinizations) a decision samples at most; each plays every candidate out.
DEFAULT_SIMULATIONS = 8
#: CPU seconds a decision may spend at most (time.process_time), checked before each world; the
#: registry's bot has none, so that a name and a seed choose alike on any machine (its worlds,
#: eight, cost about 75 CPU ms a decision; ``SearchBot(seed, budget=0.5)`` caps a slow machine).
DEFAULT_BUDGET: float | None = None
#: Team points a game by which a candidate must beat expert's action, on the mean of its worlds.
DEFAULT_MARGIN = 0.5
#: The most worlds a decision may ask for.
MAX_SIMULATIONS = 100_000


#: The largest seed a search bot takes (its generators are seeded from the seed's text).
MAX_SEED = 2**128


def _count(value: object, what: str, low: int, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise GoujiError(f"{what} is an integer from {low} to {high}, not {short(value)}")
    return value


def _number(value: object, what: str, low: float, high: float) -> float:
    # An integer too large for a float is out of range before math.isfinite would overflow on it.
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not low <= value <= high \
            or not math.isfinite(value):
        raise GoujiError(f"{what} is a number from {low:g} to {high:g}, not {short(value)}")
    return float(value)


class SearchBot:
    """Determinized search over ``learned``'s candidates, rollouts by ``expert`` (see the module).

    ``simulations``: the most worlds a decision samples (1 to 100,000); ``budget``: the most CPU
    seconds a decision spends (0 to 60), ``None`` for none; ``margin``: the team points a game
    another candidate must gain over ``expert``'s action to be taken (0 to 100). Anything else
    is a :class:`~gouji.errors.GoujiError`.
    """

    name = "ismcts"

    def __init__(self, seed: int = 0, simulations: int = DEFAULT_SIMULATIONS,
                 budget: float | None = DEFAULT_BUDGET, margin: float = DEFAULT_MARGIN) -> None:
        if not isinstance(seed, int) or isinstance(seed, bool) or abs(seed) > MAX_SEED:
            raise GoujiError(f"a search bot's seed is an integer of at most 2**128, not {short(seed)}")
        self.seed = seed
        self.simulations = _count(simulations, "simulations (worlds a decision samples)", 1, MAX_SIMULATIONS)
        self.budget = None if budget is None else _number(budget, "budget (CPU seconds a decision)", 0, 60)
        self.margin = _number(margin, "margin (team points over expert's action)", 0, 100)
        self.expert = ExpertBot(seed)
        self.greedy = GreedyBot(seed)
        self._rollout = ExpertBot(seed)
        #: Decisions searched, worlds sampled, worlds dropped (a world no rollout could finish),
        #: searches the budget cut short, searches stopped for want of a world
        #: (:class:`~gouji.bots.determinize.NoWorldError`: expert's choice where none was played).
        self.searches = self.worlds = self.dropped = self.cut = self.unbuilt = 0

    def __repr__(self) -> str:
        return (f"SearchBot(seed={self.seed}, simulations={self.simulations}, budget={self.budget}, "
                f"margin={self.margin})")

    def choose(self, observation: Observation, variant: Variant) -> Action:
        """Without a determinizer there is nothing to search: ``expert``'s action."""
        weighing = weigh(observation, variant, self.expert, self.greedy)
        return weighing.expert if isinstance(weighing, Weighing) else weighing

    def choose_searching(self, observation: Observation, variant: Variant, determinizer: Determinizer) -> Action:
        """The decision, searched over the worlds ``determinizer`` samples (see the module)."""
        weighing = weigh(observation, variant, self.expert, self.greedy)
        if not isinstance(weighing, Weighing):
            return weighing
        values = self.values(observation, variant, weighing.options, determinizer)
        if values is None:
            return weighing.expert
        best = max(range(len(values)), key=lambda i: values[i])
        return weighing.options[best] if values[best] - values[0] > self.margin else weighing.options[0]

    def values(self, observation: Observation, variant: Variant, options: list[Action],
               determinizer: Determinizer) -> list[float] | None:
        """Each option's mean result (team points a game) over the worlds played out, the same
        worlds for all; ``None`` when no world could be played out."""
        if determinizer.seat != observation.seat:
            raise GoujiError(f"the determinizer samples for seat {determinizer.seat}, not {observation.seat}")
        self.searches += 1
        rng = random.Random(f"ismcts:{self.seed}:{observation.seat}:{observation.turn}")
        team = observation.seat % 2
        totals = [0.0] * len(options)
        worlds = 0
        start = time.process_time()
        for k in range(self.simulations):
            if k and self.budget is not None and time.process_time() - start >= self.budget:
                self.cut += 1
                break
            try:
                world = determinizer.sample(rng)
            except NoWorldError:  # no deal replays what the seat saw: expert's choice
                self.unbuilt += 1
                break
            self.worlds += 1
            results = [self._play_out(world, variant, option, team) for option in options]
            if any(r is None for r in results):
                self.dropped += 1
                continue
            for i, result in enumerate(results):
                assert result is not None
                totals[i] += result
            worlds += 1
        if not worlds:
            return None
        return [total / worlds for total in totals]

    def _play_out(self, world: Game, variant: Variant, option: Action, team: int) -> float | None:
        """``option`` in a copy of ``world``, then six ``expert`` bots to the end: the team's
        result (half its margin), ``None`` if the world goes wrong (a rule that the dealt-again
        hands break) or does not end."""
        game = world.clone()
        bot = self._rollout
        try:
            game.apply(option)
            for _ in range(MAX_DECISIONS):
                if game.is_over:
                    points = team_points(variant, game)
                    return (points[team] - points[1 - team]) / 2
                seat = game.current_player
                assert seat is not None, "a game not over has a seat to decide"
                game.apply(bot.choose(game.observation(seat), variant))
        except GoujiError:
            return None
        return None


__all__ = ["DEFAULT_BUDGET", "DEFAULT_MARGIN", "DEFAULT_SIMULATIONS", "SearchBot"]
