"""Determinizations: the game one seat is deciding in, with the cards it cannot see dealt again.

A search bot (:class:`~gouji.bots.basic.SearchingBot`) plays possible futures out, and to play
a game out it needs every hand. :func:`gouji.bots.basic.decide` hands it a
:class:`Determinizer` built from the game, which answers only games in which the cards the
seat cannot see are dealt again from the bot's own generator:

* the cards of every other hand are pooled and **sorted** (by rank and suit) before they are
  shuffled, so the sample depends on which cards are hidden (the seat knows that: they are the
  four decks less its own hand and the cards on the table and gone), never on where they truly
  are;
* each other hand gets as many cards as it holds (the seat counts them, or sees them counted:
  :func:`gouji.bots.table_view.hand_sizes`), and the seat's own hand, the table, the history
  and every public fact stay as they are.

Two games that differ only in cards hidden from the seat give the same samples to the same
generator (the twin-game test of ``tests/bots/test_fair_bots.py``). What the seat could infer
beyond that (a tribute card it handed over, a seat that passed on a set it could have covered)
is not used: the samples are a fair, not a shrewd, guess.

>>> import random
>>> import gouji
>>> from gouji.bots.determinize import Determinizer
>>> game = gouji.load_variant("provincial").new_game(seed=3)
>>> seat = game.current_player
>>> world = Determinizer(game, seat).sample(random.Random(1))
>>> world.hand(seat) == game.hand(seat)
True
>>> [world.hand_size(s) for s in range(6)] == [game.hand_size(s) for s in range(6)]
True
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from gouji.engine.round import check_seat, suit_key
from gouji.errors import GoujiError

if TYPE_CHECKING:
    import random

    from gouji.engine.cards import Card
    from gouji.engine.game import Game


def _card_key(card: Card) -> tuple[int, int]:
    return card.rank, suit_key(card.suit)


class Determinizer:
    """Samples of ``game`` as ``seat`` may imagine it (see the module). It copies the game
    when built: later moves of the true game do not reach it, and the bot never gets the game
    itself, only :meth:`sample`'s copies, whose hidden hands are dealt again."""

    def __init__(self, game: Game, seat: int) -> None:
        check_seat(seat)
        if game.is_over:
            raise GoujiError("the game is over: there is nothing to search")
        self.seat = seat
        self._game = game.clone()
        self._others = [s for s in range(6) if s != seat and self._game.hand_size(s)]
        #: Every hidden card in one canonical order: the same whatever hand holds it.
        self._pool = sorted((card for s in self._others for card in self._game.hand(s)), key=_card_key)

    @property
    def hidden(self) -> int:
        """How many cards the seat cannot see (the other hands together)."""
        return len(self._pool)

    def sample(self, rng: random.Random) -> Game:
        """A copy of the game whose other hands are dealt again from ``rng`` (each as many
        cards as it holds); the seat's hand and everything public unchanged."""
        cards = list(self._pool)
        rng.shuffle(cards)
        world = self._game.clone()
        seat = self.seat
        start = 0
        wanted: list[Counter[Card]] = []
        for other in self._others:
            size = world.hand_size(other)
            wanted.append(Counter(cards[start:start + size]))
            start += size
        # Two moves a card: what a hand holds beyond its new deal goes to the seat's own hand
        # for a moment, then out to the hands that lack it; the seat's hand ends as it began.
        missing: list[list[Card]] = []
        for other, want in zip(self._others, wanted, strict=True):
            held = Counter(world.hand(other))
            for card in sorted((held - want).elements(), key=_card_key):
                world.transfer(other, seat, card)
            missing.append(sorted((want - held).elements(), key=_card_key))
        for other, cards_in in zip(self._others, missing, strict=True):
            for card in cards_in:
                world.transfer(seat, other, card)
        return world


__all__ = ["Determinizer"]
