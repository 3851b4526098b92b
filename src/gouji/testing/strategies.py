"""Hypothesis strategies for gouji values: cards, hands, sets, options, games.

Needs hypothesis (``pip install '.[test]'``)::

    from hypothesis import given
    from gouji.testing import strategies as gst

    @given(gst.games("my-rules.toml"))
    def test_cards_are_conserved(game):
        check_card_conservation(game)

Every strategy draws integers and seeds, so a failing example shrinks to a
small seed and a short game, and its repr (``<Game provincial seed=3 ...>``)
tells how to rebuild it.
"""

from __future__ import annotations

import itertools
import random
from typing import Any

from hypothesis import strategies as st

from gouji.engine.cards import ACE, BIG_JOKER, SMALL_JOKER, THREE, TWO, Card, standard_pack
from gouji.engine.game import Game
from gouji.engine.plays import Play
from gouji.plugins.variant import Variant
from gouji.testing.conformance import VariantLike, as_variant, random_playout

#: The most cards of one rank in four decks.
_MAX_OF_A_RANK = 16
_MAX_OF_A_JOKER = 4


def cards() -> st.SearchStrategy[Card]:
    """Any one card (jokers included)."""
    return st.sampled_from(standard_pack(1))


def hands(min_size: int = 0, max_size: int = 36, decks: int = 4) -> st.SearchStrategy[list[Card]]:
    """A hand that ``decks`` decks can hold (never more copies of a card than
    the decks have), biggest card first, as :meth:`gouji.Game.hand` gives it."""
    pack = standard_pack(decks)
    max_size = min(max_size, len(pack))
    return st.lists(st.integers(0, len(pack) - 1), min_size=min_size, max_size=max_size, unique=True).map(
        lambda picks: sorted((pack[i] for i in picks), key=lambda c: (-c.rank, -1 if c.suit is None else c.suit))
    )


def plays(max_size: int | None = None) -> st.SearchStrategy[Play]:
    """Any valid set (:meth:`gouji.Play.of`): an ordinary set with 2s and jokers
    attached, a set of 2s, or jokers alone; no more of a card than four decks hold."""
    jokers = st.tuples(st.integers(0, _MAX_OF_A_JOKER), st.integers(0, _MAX_OF_A_JOKER))
    ordinary = st.builds(
        lambda rank, naturals, twos, j: Play.of(rank, naturals, twos, *j),
        st.integers(THREE, ACE), st.integers(1, _MAX_OF_A_RANK), st.integers(0, _MAX_OF_A_RANK), jokers,
    )
    of_twos = st.builds(lambda n, j: Play.of(TWO, n, 0, *j), st.integers(1, _MAX_OF_A_RANK), jokers)
    joker_sets = jokers.filter(lambda j: j[0] + j[1] > 0).map(
        lambda j: Play.of(BIG_JOKER if j[1] else SMALL_JOKER, 0, 0, *j))
    strategy = st.one_of(ordinary, of_twos, joker_sets)
    if max_size is not None:
        strategy = strategy.filter(lambda p: p.size <= max_size)
    return strategy


def seeds() -> st.SearchStrategy[int]:
    """Game seeds (they shrink towards 0)."""
    return st.integers(0, 2**32 - 1)


def option_values(variant: VariantLike = "provincial") -> st.SearchStrategy[dict[str, Any]]:
    """Values for the variant's boolean and choice options (others keep theirs)."""
    variant = as_variant(variant)
    fields = {}
    for spec in variant.option_specs():
        if spec.type is bool:
            fields[spec.name] = st.booleans()
        elif spec.choices:
            fields[spec.name] = st.sampled_from(spec.choices)
    return st.fixed_dictionaries(fields)


def variants(variant: VariantLike = "provincial") -> st.SearchStrategy[Variant]:
    """The variant with its boolean and choice options drawn (:func:`option_values`)."""
    base = as_variant(variant)
    return option_values(base).map(lambda values: base.with_options(**values))


def games(variant: VariantLike | st.SearchStrategy[Variant] = "provincial",
          max_actions: int = 400) -> st.SearchStrategy[Game]:
    """A game of ``variant`` reached by a seeded random number (0 to ``max_actions``)
    of random legal actions; it may have ended. ``variant`` may be a strategy
    (for example :func:`variants`)."""
    chosen = variant if isinstance(variant, st.SearchStrategy) else st.just(as_variant(variant))
    return st.builds(
        lambda v, seed, steps: random_playout(v, seed, steps),
        chosen, seeds(), st.integers(0, max_actions),
    )


def positions(variant: VariantLike = "provincial", max_cards: int = 8,
              max_actions: int = 200) -> st.SearchStrategy[Game]:
    """A game from a drawn position (:meth:`gouji.Variant.new_position`): six
    hands of 0 to ``max_cards`` cards from one four-deck pack (a seat without
    cards counts as out), a leader holding cards, then a seeded random number
    (0 to ``max_actions``) of random legal actions. Small hands reach the
    endgame (going out, headless play, the melee) in a few actions."""
    base = as_variant(variant)
    pack = standard_pack(4)

    @st.composite
    def build(draw: st.DrawFn) -> Game:
        sizes = draw(st.lists(st.integers(0, max_cards), min_size=6, max_size=6).filter(any))
        picks = draw(st.lists(st.integers(0, len(pack) - 1), min_size=sum(sizes), max_size=sum(sizes),
                              unique=True))
        cards_ = [pack[i] for i in picks]
        bounds = list(itertools.accumulate(sizes))
        given = [cards_[start:end] for start, end in zip([0, *bounds[:-1]], bounds, strict=True)]
        leader = draw(st.sampled_from([seat for seat in range(6) if given[seat]]))
        game = base.new_position(given, leader)
        rng = random.Random(draw(seeds()))
        for _ in range(draw(st.integers(0, max_actions))):
            if game.is_over:
                break
            legal = game.legal_actions()
            game.apply(legal[rng.randrange(len(legal))])
        return game

    return build()


__all__ = ["cards", "games", "hands", "option_values", "plays", "positions", "seeds", "variants"]
