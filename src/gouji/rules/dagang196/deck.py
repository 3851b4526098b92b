"""DECK-1 (C§1): the 196-card pack, and how its 3s and 4s are dealt.

"我们得玩法就就是去掉10个3与4(各剩余6个，每人一个),剩余19６张牌。这样导致每个游戏玩家得牌数
并不相同,前４个人为33张，后两个人为３２张。" Ten 3s and ten 4s leave the four-deck
pack; dealing one card at a time from the first drawer (OPEN-2) then gives the
first four drawers 33 cards and the last two 32. The cards removed are an
option (``removed_cards``), so a house rule removes others the same way.

"每人一个": every player is dealt one 3 and one 4 (option ``three_four_deal =
"one_each"``, :func:`one_each_deal`): the six 3s go round first, one to each
seat from the first drawer, then the six 4s, then the rest of the shuffled pile
one card at a time — still 33, 33, 33, 33, 32, 32. ``"random"`` shuffles them
in with the rest.
"""

from __future__ import annotations

from collections.abc import Sequence

from gouji.engine.cards import (
    BIG_JOKER,
    FOUR,
    RANK_NAMES,
    THREE,
    Card,
    remove_cards,
    standard_pack,
)
from gouji.engine.opening import Deal, deal
from gouji.engine.table import Table
from gouji.errors import OptionError

#: C§1 "每人一个": the ranks of which every player is dealt one card first.
ONE_EACH_RANKS = (THREE, FOUR)


def removal_pairs(removed: Sequence[int]) -> list[tuple[int, int]]:
    """``[3, 10, 4, 10]`` as ``[(3, 10), (4, 10)]``; raise :class:`OptionError` if malformed."""
    if len(removed) % 2:
        raise OptionError(f"option 'removed_cards': expected pairs [rank, how many, ...], got {list(removed)!r}")
    pairs = [(removed[i], removed[i + 1]) for i in range(0, len(removed), 2)]
    for rank, count in pairs:
        if rank not in RANK_NAMES or not THREE <= rank <= BIG_JOKER:
            raise OptionError(f"option 'removed_cards': {rank!r} is not a rank (3-17)")
        if count < 0:
            raise OptionError(f"option 'removed_cards': cannot remove {count} cards of rank {rank}")
    return pairs


def club_pack(decks: int, removed: Sequence[int]) -> list[Card]:
    """``decks`` standard decks less the ``removed`` cards, taken evenly across suits (DECK-1)."""
    pack = standard_pack(decks)
    for rank, count in removal_pairs(removed):
        try:
            pack = remove_cards(pack, rank, count)
        except ValueError as exc:
            raise OptionError(f"option 'removed_cards': {exc}") from exc
    if len(pack) < 6:
        raise OptionError(f"option 'removed_cards' leaves {len(pack)} cards: too few to deal six hands")
    return pack


def check_one_each(pack: Sequence[Card]) -> None:
    """``three_four_deal = "one_each"`` needs six 3s and six 4s in the pack (C§1 "各剩余6个")."""
    for rank in ONE_EACH_RANKS:
        held = sum(1 for card in pack if card.rank == rank)
        if held < 6:
            raise OptionError(f"option three_four_deal = 'one_each' deals one {RANK_NAMES[rank]} to each "
                              f"player, but the pack holds {held}")


def one_each_deal(table: Table, pile: Sequence[Card], first_drawer: int) -> Deal:
    """DECK-1 (C§1 "每人一个"): one 3 and one 4 to every player, then the rest of ``pile``.

    The first six 3s of the shuffled pile go round one card at a time from the first
    drawer, then the first six 4s, then every other card in pile order (OPEN-2)."""
    first: list[Card] = []
    rest = list(pile)
    for rank in ONE_EACH_RANKS:
        at = [i for i, card in enumerate(rest) if card.rank == rank][:6]
        first += [rest[i] for i in at]
        for i in reversed(at):  # the picked cards themselves (what rest.remove found first)
            del rest[i]
    return deal(table, first + rest, first_drawer)
