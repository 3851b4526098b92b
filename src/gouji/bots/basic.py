"""Bots: players that choose an action for the seat to move, and a loop that plays a game with them.

A bot is anything with ``choose(observation, variant) -> Action`` (the
:class:`Bot` protocol) that returns one of ``observation.legal_actions``: it
decides from what its seat may see (:class:`~gouji.engine.game.Observation`)
and the public variant (rules and options), never from the whole game, so it
runs alike in the server, in a client or in a researcher's loop.
:func:`decide` is the one call through which every driver asks a bot. Bots
are deterministic given their own seed: two bots built with the same seed
choose the same actions in the same games.

>>> import gouji
>>> from gouji.bots.basic import GreedyBot, RandomBot, play_game
>>> game = play_game(gouji.load_variant("provincial"), seed=1, bots=[GreedyBot(), RandomBot(1)] * 3)
>>> game.is_over
True

:class:`GreedyBot` reads its own hand, the set on the table and who played
it, who has burned, and its legal actions.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol, cast, runtime_checkable

from gouji.bots.phase_choices import play_decisions
from gouji.engine.actions import CLOSE, PASS, TAKE_WIND, YIELD, Action, Burn, PlaySet
from gouji.engine.cards import ACE, BIG_JOKER, SMALL_JOKER, THREE, TWO
from gouji.engine.deciding import register_decide
from gouji.engine.plays import Play
from gouji.errors import GoujiError

if TYPE_CHECKING:
    from gouji.bots.determinize import Determinizer
    from gouji.engine.comparison import SetRules
    from gouji.engine.context import GameContext
    from gouji.engine.game import Game, Observation
    from gouji.plugins.variant import Variant

#: A game that has not ended after this many decisions is a bug in a bot or the engine.
MAX_DECISIONS = 100_000


@runtime_checkable
class Bot(Protocol):
    """A player: ``choose`` returns one of ``observation.legal_actions`` for the observing seat."""

    def choose(self, observation: Observation, variant: Variant) -> Action:
        ...


class RandomBot:
    """Chooses uniformly among the legal actions, with its own random generator."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.rng = random.Random(seed)

    def choose(self, observation: Observation, variant: Variant) -> Action:
        legal = observation.legal_actions
        if not legal:
            raise GoujiError(f"seat {observation.seat} has no legal action: it is not to decide")
        return legal[self.rng.randrange(len(legal))]

    def __repr__(self) -> str:
        return f"RandomBot(seed={self.seed})"


_PLAY_TYPES = (PlaySet, Burn)


class GreedyBot:
    """A simple heuristic player, much stronger than :class:`RandomBot`.

    Leading: finish at once if the hand is one set; chain dead sets (big
    joker) when that empties the hand; otherwise lead the lowest rank that
    is not a gouji set, all of its cards, keeping 2s and jokers.
    Answering: never cover a teammate unless that empties the hand; cover an
    opponent with the cheapest set (fewest jokers, no split group, fewest 2s,
    then lowest rank), but only spend 2s on strong sets and jokers on gouji
    sets; burn only to go out at once or when a short hand keeps enough
    jokers; take the wind whenever offered; otherwise yield, close or pass.
    Decisions of the books' phases (tribute, buying 3s, revolution …) are
    :func:`gouji.bots.phase_choices.phase_choice`'s.
    """

    name = "greedy"
    #: Made by :attr:`rng` when first asked for (a class default, so that a bot pickled when
    #: ``rng`` was an attribute of its own still loads).
    _rng: random.Random | None = None

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    @property
    def rng(self) -> random.Random:
        """The bot's generator, seeded by ``seed``; made when first asked for: greedy's own
        choice draws nothing, and a server makes one bot a decision (seeding costs more than
        the decision's bookkeeping)."""
        if self._rng is None:
            self._rng = random.Random(self.seed)
        return self._rng

    @rng.setter
    def rng(self, generator: random.Random) -> None:
        self._rng = generator

    def __repr__(self) -> str:
        return f"GreedyBot(seed={self.seed})"

    # -- the decision --------------------------------------------------------------
    def choose(self, observation: Observation, variant: Variant) -> Action:
        settled, legal = play_decisions(observation, variant)
        if settled is not None:
            return settled
        seat = observation.seat
        counts = dict(Counter(card.rank for card in observation.hand))
        size = len(observation.hand)
        plays: list[PlaySet | Burn] = [a for a in legal if isinstance(a, _PLAY_TYPES)]
        # Going out beats everything (for a teammate's set too: the place counts more).
        for action in plays:
            if action.play.size == size:
                return action
        if observation.table is None:
            return self._lead(observation, variant, seat, counts, plays)
        return self._answer(observation, variant, seat, counts, plays, legal)

    # -- leading -------------------------------------------------------------------------
    def _lead(self, observation: Observation, variant: Variant, seat: int, counts: dict[int, int],
              plays: list[PlaySet | Burn]) -> Action:
        rules = variant.set_rules
        body = sorted(r for r in counts if THREE <= r <= ACE)
        burner = seat in observation.burners
        # Dead sets keep the lead: with a big joker for every group but one, the hand runs out.
        big = counts.get(BIG_JOKER, 0)
        if body and big >= len(body) - 1 and len(body) >= 2:
            rank = body[-1]
            dead = [a for a in plays if a.play.rank == rank and a.play.naturals == counts[rank]
                    and a.play.big == 1 and a.play.small == 0 and a.play.twos == 0 and rules.is_dead(a.play)]
            if dead:
                return dead[0]
        if burner:
            # BURN-1: every set carries a joker; a big one keeps the lead.
            return min(plays, key=lambda a: self._burner_lead_cost(a.play, counts))
        # Endgame: two groups left, lead the stronger one first, then the last one.
        if len(body) == 2:
            strong = PlaySet.of(Play.of(body[-1], counts[body[-1]]))
            if rules.is_gouji(strong.play) and strong in plays:
                return strong
        offered = {a.play: a for a in plays}
        plain = [p for p in (Play.of(r, counts[r]) for r in body) if p in offered]
        weak = [p for p in plain if not rules.is_gouji(p)]
        if weak or plain:
            return offered[min(weak or plain, key=lambda p: p.rank)]
        return min(plays, key=lambda a: self._cost(a.play, counts))

    @staticmethod
    def _burner_lead_cost(play: Play, counts: dict[int, int]) -> tuple[int, ...]:
        whole = THREE <= play.rank <= ACE and play.naturals == counts.get(play.rank, 0)
        return (play.jokers, play.twos, 0 if play.big else 1, 0 if whole else 1, play.rank)

    # -- answering ---------------------------------------------------------------------
    def _answer(self, observation: Observation, variant: Variant, seat: int, counts: dict[int, int],
                plays: list[PlaySet | Burn], legal: list[Action]) -> Action:
        decline = self._decline(legal)
        if TAKE_WIND in legal:
            return TAKE_WIND
        owner = observation.table_owner
        if owner is not None and owner % 2 == seat % 2:
            return decline
        if not plays:
            return decline
        table = observation.table
        assert table is not None, "an answer has a set on the table to answer"
        rules = variant.set_rules
        if seat in observation.burners:
            # Keep the jokers for the leads the burn still owes.
            return decline
        burns = [a for a in plays if isinstance(a, Burn)]
        if burns:
            return self._maybe_burn(counts, burns, decline)
        # The cheapest cover or none: measured, this beats looking further for a cover
        # that is "worth it" (which then splits a group).
        best = min(plays, key=lambda a: self._cost(a.play, counts))
        return best if self._worth_it(best.play, table, rules, counts, legal) else decline

    @staticmethod
    def _worth_it(play: Play, table: Play, rules: SetRules, counts: dict[int, int], legal: list[Action]) -> bool:
        """Spend 2s only on strong sets, jokers only on gouji sets worth it."""
        if play.jokers:
            # Jokers only against gouji sets that carry jokers or 2s, or as the opposite who would close.
            if not (rules.is_gouji(table) and (table.jokers or table.rank >= TWO or CLOSE in legal)):
                return False
            jokers = counts.get(BIG_JOKER, 0) + counts.get(SMALL_JOKER, 0)
            return not (play.big and not table.jokers and jokers <= 1)
        if play.twos or play.rank == TWO:
            return rules.is_gouji(table) or table.rank >= 12
        return True

    def _maybe_burn(self, counts: dict[int, int], burns: list[Burn], decline: Action) -> Action:
        """Burn only when it cheaply wins the lead and the jokers left carry the hand home."""
        def after(play: Play) -> tuple[int, int]:
            left = dict(counts)
            for rank, n in play.counts().items():
                left[rank] -= n
            groups = sum(1 for r in range(THREE, ACE + 1) if left.get(r, 0) > 0)
            jokers = left.get(SMALL_JOKER, 0) + left.get(BIG_JOKER, 0)
            return groups, jokers

        good = []
        for action in burns:
            groups, jokers = after(action.play)
            if groups <= 2 and jokers >= groups:
                good.append(action)
        if not good:
            return decline
        return min(good, key=lambda a: self._cost(a.play, counts))

    @staticmethod
    def _decline(legal: list[Action]) -> Action:
        if YIELD in legal:
            return YIELD  # keeps the right to answer (ROUND-4, END-5)
        if CLOSE in legal:
            return CLOSE
        return PASS

    @staticmethod
    def _cost(play: Play, counts: dict[int, int]) -> tuple[int, ...]:
        """How much a set spends: big jokers, small jokers, then a split group (it costs a set
        later), 2s, then rank. Measured: not splitting matters more than the rank spent."""
        split = 0 if play.rank > ACE or play.naturals == counts.get(play.rank, 0) else 1
        twos = play.twos + (play.naturals if play.rank == TWO else 0)
        return (play.big, play.small, split, twos, play.rank)


def _expert(seed: int) -> Bot:
    from gouji.bots.expert import ExpertBot

    return ExpertBot(seed)


def _learned(seed: int) -> Bot:
    from gouji.bots.learned import LearnedBot

    return LearnedBot(seed)


def _ismcts(seed: int) -> Bot:
    from gouji.bots.search import SearchBot

    return SearchBot(seed)


#: The registry: each bot's name and what builds it from a seed (the stronger bots' modules
#: are imported only when one is built). Installed bots (entry point group ``gouji.bots``)
#: join it the first time a name is asked for (:func:`bot_names`, :func:`make_bot`).
BOT_TYPES: dict[str, Callable[[int], Bot]] = {"random": RandomBot, "greedy": GreedyBot, "expert": _expert,
                                              "learned": _learned, "ismcts": _ismcts}
#: The entry point group of installed bots: ``name = "package.module:factory"``, the factory
#: (a class or a function) called with a seed and answering a :class:`Bot`.
BOT_ENTRY_POINT_GROUP = "gouji.bots"
_INSTALLED: list[bool] = []


def _installed_bot(name: str, target: str, distribution: str) -> Callable[[int], Bot]:
    """What builds an installed bot: its module is imported only when one is built. Whatever
    goes wrong in a stranger's package (its import, its factory) is a :class:`GoujiError` that
    names the bot, the entry point group and the distribution, not a traceback of theirs."""
    where = f"the installed bot {name!r} ({target!r:.80}, group {BOT_ENTRY_POINT_GROUP}, from {distribution!r:.60})"

    def build(seed: int) -> Bot:
        from importlib.metadata import EntryPoint

        try:
            factory = EntryPoint(name=name, value=target, group=BOT_ENTRY_POINT_GROUP).load()
            bot = factory(seed)
        except GoujiError:
            raise
        except (Exception, SystemExit) as exc:
            raise GoujiError(f"{where} failed to load: {exc!r:.200}") from exc
        if not callable(getattr(bot, "choose", None)):
            raise GoujiError(f"{where} built {type(bot).__name__:.60}, which has no choose()")
        return cast(Bot, bot)
    return build


def _register_installed_bots() -> None:
    """Add the bots installed as packages (group ``gouji.bots``) to :data:`BOT_TYPES`, once a
    process; a name of gouji's own is never replaced. ``GOUJI_DISABLE_PLUGIN_AUTOLOAD`` stops it,
    as it stops installed variants."""
    if _INSTALLED:
        return
    _INSTALLED.append(True)
    import os
    import re
    from importlib.metadata import entry_points

    from gouji.plugins.manager import DISABLE_AUTOLOAD_ENV

    if os.environ.get(DISABLE_AUTOLOAD_ENV):
        return
    for ep in entry_points(group=BOT_ENTRY_POINT_GROUP):
        if re.fullmatch(r"[a-z][a-z0-9_-]{0,39}", ep.name):
            distribution = ep.dist.name if ep.dist is not None else "?"
            BOT_TYPES.setdefault(ep.name, _installed_bot(ep.name, ep.value, distribution))


def bot_names() -> list[str]:
    """The names :func:`make_bot` knows, weakest first, then the installed ones."""
    _register_installed_bots()
    return list(BOT_TYPES)


def make_bot(name: str, seed: int = 0) -> Bot:
    """A bot by name (one of :func:`bot_names`: ``"random"``, ``"greedy"`` … or an installed one)."""
    key = name.strip().lower() if isinstance(name, str) else name
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise GoujiError(f"a bot's seed is an integer, not {seed!r:.40}")
    _register_installed_bots()
    try:
        build = BOT_TYPES[key]
    except (KeyError, TypeError):
        from gouji.engine.suggest import did_you_mean

        hint = did_you_mean(key, BOT_TYPES) if isinstance(key, str) else ""
        raise GoujiError(f"unknown bot {name!r:.40}{hint}; bots are: {', '.join(BOT_TYPES)}") from None
    return build(seed)


@runtime_checkable
class SearchingBot(Bot, Protocol):
    """A bot that searches: :func:`decide` asks it through ``choose_searching`` with a
    :class:`~gouji.bots.determinize.Determinizer` of the game, which samples the game with the
    cards the seat cannot see dealt again (``ismcts``: :mod:`gouji.bots.search`)."""

    def choose_searching(self, observation: Observation, variant: Variant, determinizer: Determinizer) -> Action:
        ...


def decide(bot: Bot, game: Game) -> Action:
    """The action ``bot`` takes for the game's current player: the one call through which
    every driver (simulation, matches, terminal play, RL, the server) asks a bot. The bot
    sees only that seat's observation and the public variant; a bot that searches
    (:class:`SearchingBot`) gets beside them a determinizer, which builds games afresh from
    what the seat may know, the hidden hands dealt again (it keeps no reference to the game)."""
    seat = game.current_player
    if seat is None:
        raise GoujiError("the game is over: no seat is to decide")
    search = getattr(bot, "choose_searching", None)
    if search is not None and callable(search):
        from gouji.bots.determinize import Determinizer

        return cast(Action, search(game.observation(seat), game.variant, Determinizer(game, seat)))
    return bot.choose(game.observation(seat), game.variant)


register_decide(decide)  # the drivers of the lower wings ask bots through it (gouji.engine.deciding)


def play_game(variant: Variant | str, seed: int, bots: Bot | Sequence[Bot],
              context: GameContext | None = None) -> Game:
    """Play a new game of ``variant`` (a :class:`gouji.Variant` or its name) to the end.

    ``bots`` is one bot per seat (six) or a single bot that plays every seat;
    ``context`` places the game in a series (default: a first game). Raise
    :class:`gouji.GoujiError` if a bot returns an illegal action.
    """
    from gouji.plugins.loader import load_variant

    if isinstance(variant, str):
        variant = load_variant(variant)
    if isinstance(bots, Sequence):
        seats = list(bots)
        if len(seats) != 6:
            raise GoujiError(f"play_game needs 6 bots (one per seat) or one bot, got {len(seats)}")
    else:
        seats = [bots] * 6
    game = variant.new_game(seed=seed, context=context)
    for _ in range(MAX_DECISIONS):
        if game.is_over:
            return game
        seat = game.current_player
        assert seat is not None, "a game not over has a seat to decide"
        game.apply(decide(seats[seat], game))
    raise GoujiError(f"game seed={seed} did not end after {MAX_DECISIONS} decisions")


__all__ = ["BOT_ENTRY_POINT_GROUP", "BOT_TYPES", "Bot", "GreedyBot", "RandomBot", "SearchingBot", "bot_names", "decide",
           "make_bot", "play_game"]
