"""Deals consistent with what one seat has seen: the hidden hands dealt again (for OpenSpiel's
``resample_from_infostate``, as imperfect-information search needs).

The game is dealt again from its own seed, through the variant's own cut, deal and pre-play
phases, with one change: after the shuffle, the cards bound for the other seats are shuffled
among them, except those the seat has seen (the cut's cards, and every card another seat has
put on the table: it held them). Then the moves so far are replayed; a deal on which one of
them is not legal, or after which the seat's :class:`gouji.Observation` differs (an automatic
pass where a seat can now cover, a phase that now goes otherwise), is refused and another is
drawn.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from gouji.engine.game import Game
from gouji.errors import GoujiError

if TYPE_CHECKING:
    from gouji.engine.cards import Card
    from gouji.engine.context import GameContext
    from gouji.plugins.variant import Variant


class _DealRandom(random.Random):
    """The game's generator, whose first shuffle is recorded and may be rearranged."""

    def __init__(self, seed: int, rearrange: Callable[[list[Any]], None] | None = None) -> None:
        super().__init__(seed)
        self.rearrange = rearrange
        self.shuffled: list[Any] | None = None

    def shuffle(self, x: Any) -> None:  # type: ignore[override]
        super().shuffle(x)
        if self.shuffled is None:
            self.shuffled = list(x)
            if self.rearrange is not None:
                self.rearrange(x)


def _start(variant: Variant, seed: int, context: GameContext, rng: _DealRandom) -> Game:
    # Game.start with the generator given before the cut (the same seed draws the same).
    game = Game.__new__(Game)
    game._init_fields(variant, seed, context)
    game.rng = rng
    game._open()
    return game


def played_ranks(game: Game, seat: int) -> list[Counter[int]]:
    """For each seat, the ranks of the cards ``seat`` has seen it put on the table."""
    seen: list[Counter[int]] = [Counter() for _ in range(6)]
    for event in game.events:
        if event.play is not None and event.seat is not None and event.kind in ("lead", "cover", "burn") \
                and event.seen_by(seat):
            seen[event.seat].update(event.play.counts())
    return seen


class Resampler:
    """Deals of one game again for one seat (:meth:`sample`); build it once per game and seat."""

    def __init__(self, variant: Variant, seed: int, context: GameContext) -> None:
        self.variant, self.seed, self.context = variant, seed, context
        self._positions: list[int] | None = None
        self._initial: list[Counter[Card]] = []
        self._cut: tuple[Card, ...] = ()

    def _find_positions(self, moves: Sequence[Any]) -> bool:
        """Which seat each position of the shuffled pile goes to, read from the true deal (the
        cut may wait for pre-cut decisions among ``moves``); False for a deal that does not
        hand out the pile in order."""
        if self._positions is not None:
            return True
        recorder = _DealRandom(self.seed)
        game = _start(self.variant, self.seed, self.context, recorder)
        for move in moves:
            if game.deal is not None:
                break
            game.apply(move)
        if recorder.shuffled is None or game.deal is None:
            return False
        if [card for _, card in game.deal.draws] != recorder.shuffled:
            return False
        self._positions = [s for s, _ in game.deal.draws]
        self._initial = [Counter() for _ in range(6)]
        for owner, card in game.deal.draws:
            self._initial[owner][card] += 1
        self._cut = tuple(game.cut.cards) if game.cut is not None else ()
        return True

    def _plan(self, seat: int, cards: list[Counter[Card]], ranks: list[Counter[int]], rng: random.Random,
              cut: Sequence[Card]) -> Callable[[list[Any]], None]:
        positions = self._positions
        assert positions is not None
        cut_cards = set(cut)

        def rearrange(pile: list[Any]) -> None:
            keep_cards = [Counter(k) for k in cards]
            keep_ranks = [Counter(k) for k in ranks]
            free: list[int] = []
            for i, (owner, card) in enumerate(zip(positions, pile, strict=True)):
                if owner == seat or card in cut_cards:
                    continue
                if keep_cards[owner][card] > 0:
                    keep_cards[owner][card] -= 1
                    if keep_ranks[owner][card.rank] > 0:
                        keep_ranks[owner][card.rank] -= 1
                    continue
                if keep_ranks[owner][card.rank] > 0:
                    keep_ranks[owner][card.rank] -= 1
                    continue
                free.append(i)
            chosen = [pile[i] for i in free]
            rng.shuffle(chosen)
            for i, card in zip(free, chosen, strict=True):
                pile[i] = card

        return rearrange

    def kept(self, game: Game, seat: int) -> tuple[list[Counter[Card]], list[Counter[int]]]:
        """What each seat keeps where it was dealt: the cards that have left its hand (played,
        or handed over: tribute, 3s sold, which the log names, suits and all; public in a first
        game), and the ranks ``seat`` saw it play."""
        seen = played_ranks(game, seat)
        cards = []
        for s in range(6):
            cards.append(self._initial[s] - Counter(game.hand(s)))
        return cards, seen

    def sample(self, seat: int, game: Game, moves: Sequence[Any], target: Any,
               observe: Callable[[Game, int], Any], rng: random.Random, tries: int = 60) -> Game | None:
        """A game dealt again for ``seat`` (``game`` is the true one) on which ``moves`` replay
        and after which ``observe(game, seat) == target``; ``None`` when no such deal was found
        in ``tries``."""
        if not self._find_positions(moves):
            return None
        kept_cards, kept_ranks = self.kept(game, seat)
        for _ in range(tries):
            other = _start(self.variant, self.seed, self.context,
                           _DealRandom(self.seed, self._plan(seat, kept_cards, kept_ranks, rng, self._cut)))
            try:
                for move in moves:
                    other.apply(move)
            except GoujiError:
                continue
            if observe(other, seat) == target:
                return other
        return None


__all__ = ["Resampler", "played_ranks"]
