"""Per-action features of a decision, from the seat's observation only (for ``learned``).

:func:`action_features` describes each legal action of a decision of play as
a row of numbers: what kind of action it is, what the set spends (size, rank,
2s, jokers, a split group), what the hand keeps after it, and those facts
crossed with the situation (leading or answering, whose set is on the table,
an opponent or a teammate close to going out, GOUJI-2, whether the seat may
still open a point and whether 3s it holds are bound by the book's hold-three
rules: the variant's own policies say which books keep them). Two of the numbers
say whether ``expert`` and ``greedy`` would take that action: a model over
these features learns where to depart from them. Plain Python (lists of
floats): the bot multiplies them by its weights with numpy, and training needs
no more than this module.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from gouji.bots.phase_choices import hand_counts
from gouji.bots.table_view import hand_sizes
from gouji.engine.actions import CLOSE, PASS, TAKE_WIND, YIELD, Action, Burn, PlaySet
from gouji.engine.cards import ACE, BIG_JOKER, SMALL_JOKER, THREE, TWO

if TYPE_CHECKING:
    from gouji.engine.game import Observation
    from gouji.plugins.variant import Variant

#: The names of the action's own features, in order.
ACTION_NAMES = (
    "bias", "decline", "take_wind", "play", "burn", "goes_out", "size", "rank", "twos", "small", "big",
    "gouji", "dead", "split", "groups_left", "jokers_left", "twos_left", "size_left", "singles_left",
    "unanswerable", "expert", "greedy", "plain_gouji", "threes_left",
)
#: The situation's features, each crossed with :data:`CROSSED` of the action.
SITUATION_NAMES = (
    "leading", "owner_opponent", "owner_teammate", "owner_short", "opponent_very_short", "opponent_short",
    "teammate_short", "restricted", "burner", "melee", "my_size", "table_gouji", "owner_very_short",
    "may_open", "holds_three",
)
#: The action features crossed with the situation.
CROSSED = ("decline", "play", "burn", "jokers", "twos", "split", "gouji", "unanswerable", "expert", "greedy",
           "size", "rank", "plain_gouji", "threes_left")
#: Every feature's name, in the order of a row: the action's own, then the crossed ones.
FEATURE_NAMES = ACTION_NAMES + tuple(f"{a}*{s}" for a in CROSSED for s in SITUATION_NAMES)
SIZE = len(FEATURE_NAMES)
_DECLINES = (PASS, CLOSE, YIELD)


def situation(observation: Observation, variant: Variant) -> tuple[list[float], int]:
    """The features of the decision itself (shared by its actions), and the smallest
    opponent's hand size."""
    seat = observation.seat
    sizes = hand_sizes(observation)
    live = observation.in_play or frozenset(s for s in range(6) if sizes[s])
    opponents = [sizes[s] for s in live if s % 2 != seat % 2 and sizes[s]]
    mates = [sizes[s] for s in live if s % 2 == seat % 2 and s != seat and sizes[s]]
    owner = observation.table_owner
    danger = min(opponents) if opponents else 99
    return [
        1.0 if observation.table is None else 0.0,
        1.0 if owner is not None and owner % 2 != seat % 2 else 0.0,
        1.0 if owner is not None and owner % 2 == seat % 2 else 0.0,
        1.0 if owner is not None and sizes[owner] <= 7 else 0.0,
        1.0 if danger <= 3 else 0.0,
        1.0 if danger <= 7 else 0.0,
        1.0 if mates and min(mates) <= 3 else 0.0,
        1.0 if observation.gouji_restricted else 0.0,
        1.0 if seat in observation.burners else 0.0,
        1.0 if observation.melee else 0.0,
        len(observation.hand) / 36,
        1.0 if observation.table is not None and variant.set_rules.is_gouji(observation.table) else 0.0,
        1.0 if owner is not None and sizes[owner] <= 3 else 0.0,
        # 开点 (TRIB-5): the book keeps who opened and this seat has not yet.
        1.0 if variant.open_point_policy.active and seat not in observation.opened else 0.0,
        # 憋三 (END-8): the book's hold-three rules bind the 3s this hand holds.
        1.0 if variant.hold_three_policy.active and any(card.rank == THREE for card in observation.hand) else 0.0,
    ], danger


def action_features(observation: Observation, variant: Variant, actions: Sequence[Action],
                    expert: Action | None, greedy: Action | None) -> list[list[float]]:
    """One row of :data:`~gouji.bots.features.FEATURE_NAMES` per action of ``actions`` (the decision's legal ones);
    ``expert`` and ``greedy``: the actions those bots take here."""
    context, danger = situation(observation, variant)
    counts = hand_counts(observation)
    size = len(observation.hand)
    rules = variant.set_rules
    rows = []
    for action in actions:
        own = [0.0] * len(ACTION_NAMES)
        own[0] = 1.0
        own[20] = 1.0 if action == expert else 0.0
        own[21] = 1.0 if action == greedy else 0.0
        jokers = twos = split = gouji = unanswerable = 0.0
        own[23] = counts.get(THREE, 0) / 4
        if action in _DECLINES:
            own[1] = 1.0
        elif action is TAKE_WIND:
            own[2] = 1.0
        elif isinstance(action, (PlaySet, Burn)):
            play = action.play
            own[3 if isinstance(action, PlaySet) else 4] = 1.0
            own[5] = 1.0 if play.size == size else 0.0
            own[6] = play.size / 10
            own[7] = (play.rank - THREE) / (BIG_JOKER - THREE)
            twos = float(play.twos + (play.naturals if play.rank == TWO else 0))
            own[8] = twos
            own[9] = float(play.small)
            own[10] = float(play.big)
            jokers = float(play.small + play.big)
            gouji = 1.0 if rules.is_gouji(play) else 0.0
            own[11] = gouji
            own[12] = 1.0 if rules.is_dead(play) else 0.0
            split = 1.0 if THREE <= play.rank <= ACE and play.naturals < counts.get(play.rank, 0) else 0.0
            own[13] = split
            left = dict(counts)
            for rank, n in play.counts().items():
                left[rank] = left.get(rank, 0) - n
            body = [n for r, n in left.items() if THREE <= r <= ACE and n > 0]
            own[14] = len(body) / 15
            own[15] = float(left.get(SMALL_JOKER, 0) + left.get(BIG_JOKER, 0))
            own[16] = float(left.get(TWO, 0))
            own[17] = (size - play.size) / 36
            own[18] = sum(1 for n in body if n == 1) / 10
            unanswerable = 1.0 if play.size > danger else 0.0
            own[19] = unanswerable
            # A gouji set with nothing attached (原版): the sets that open in the books that score it.
            own[22] = gouji if not (play.twos or play.small or play.big) and play.rank != TWO else 0.0
            own[23] = left.get(THREE, 0) / 4
        crossed_values = (own[1], own[3], own[4], jokers, twos, split, gouji, unanswerable, own[20], own[21],
                          own[6], own[7], own[22], own[23])
        row = own + [value * c for value in crossed_values for c in context]
        rows.append(row)
    return rows


__all__ = ["ACTION_NAMES", "CROSSED", "FEATURE_NAMES", "SITUATION_NAMES", "SIZE", "action_features", "situation"]
