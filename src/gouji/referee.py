"""Referee mode for the provincial rules: correcting wrong sets (PLAY-7) and penalties (REF-1, REF-2).

The game loop never accepts a wrong set: ``apply()`` refuses it. A referee
at a real table, though, must say what happens to cards already on the
table. :func:`correct_wrong_set` gives the ruling of P§24.3-6, and a
:class:`PenaltyLedger` keeps each team's offences over a match and applies
P§25's ladder.
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Mapping

import attrs

from gouji.cards import ACE, BIG_JOKER, SMALL_JOKER, THREE, TWO
from gouji.comparison import SetRules
from gouji.errors import GoujiError
from gouji.plays import Play

#: P§24.3: a short set is padded from the hand with these, in this order.
PADDING_ORDER = (BIG_JOKER, SMALL_JOKER, TWO)


@attrs.frozen
class Correction:
    """A referee's ruling on cards put down as one set.

    ``play`` is the set that stands (``None``: all taken back);
    ``returned`` and ``added`` are ``{rank: count}`` taken back into / padded
    from the hand; ``counts_as_pass`` when the player is deemed to pass;
    ``article`` names the paragraph of P that rules it.
    """

    play: Play | None
    returned: Mapping[int, int]
    added: Mapping[int, int]
    counts_as_pass: bool
    article: str
    warning: bool = True


def correct_wrong_set(
    cards: Mapping[int, int],
    table: Play | None = None,
    hand: Mapping[int, int] | None = None,
    rules: SetRules | None = None,
) -> Correction:
    """PLAY-7: the ruling on ``cards`` (``{rank: count}``) put down as one set.

    ``table`` is the set being covered (``None`` for a lead); ``hand`` is
    what the player still holds (for padding a short set). Rulings, in P's
    order: mixed ranks → the highest rank with every joker and 2 stands, the
    rest go back (P§24.4-5); too many cards → extra base cards go back
    (P§24.3); too few → padded with 大王, 小王, 2 from the hand, else all go
    back and the player has passed (P§24.3); a set that does not beat the
    table goes back and counts as a pass (P§24.6: "顺牌时，收回自己发的牌，按过牌处理").
    """
    rules = rules or SetRules()
    cards = Counter({r: n for r, n in cards.items() if n})
    if not cards:
        raise GoujiError("no cards were put down")
    returned: Counter[int] = Counter()
    added: Counter[int] = Counter()
    article = ""
    body = sorted(r for r in cards if THREE <= r <= ACE)
    if len(body) > 1:
        for rank in body[:-1]:
            returned[rank] += cards.pop(rank)
        article = "P§24.4-5"
    play = Play.from_counts(dict(cards))
    if table is not None and play.size != table.size:
        if play.size > table.size:
            extra = min(play.size - table.size, play.naturals - 1 if play.rank <= ACE else 0)
            if extra < play.size - table.size:
                return _taken_back(cards, returned, "P§24.3")
            cards[play.rank] -= extra
            returned[play.rank] += extra
        else:
            missing = table.size - play.size
            spare = Counter(hand or {})
            for rank in PADDING_ORDER:
                take = min(missing, spare[rank])
                added[rank] += take
                cards[rank] += take
                missing -= take
            if missing:
                return _taken_back(cards - added, returned, "P§24.3")
        article = article or "P§24.3"
        play = Play.from_counts(dict(cards))
    if table is not None and not rules.beats(play, table):
        return _taken_back(cards - added, returned, "P§24.6")
    return Correction(play, dict(+returned), dict(+added), False, article or "none", warning=bool(article))


def _taken_back(cards: Counter[int], returned: Counter[int], article: str) -> Correction:
    everything = Counter(returned)
    everything.update(cards)
    return Correction(None, dict(+everything), {}, True, article)


class Offence(enum.Enum):
    """REF-2: the offences of P§24, each with the penalty it starts from."""

    WRONG_SEAT = ("P§24.1", "warning")
    WRONG_FIRST_LEAD = ("P§24.2", "warning")
    WRONG_SET_SIZE = ("P§24.3", "warning")
    MIXED_SET = ("P§24.4", "warning")
    MANY_JOKERS_MANY_SETS = ("P§24.5", "warning")
    TAKING_BACK = ("P§24.6", "warning")
    OUT_OF_TURN = ("P§24.7", "plus_two")
    WRONG_CARD_COUNT = ("P§24.8", "plus_two")
    WRONG_PASS = ("P§24.10", "plus_two")
    WRONG_CLOSE = ("P§24.11", "warning")
    WRONG_COUNT_ANNOUNCED = ("P§24.12", "plus_two")
    ASKING_WITHOUT_RIGHT = ("P§24.13", "warning")
    SERIOUS_MISCONDUCT = ("P§25", "disqualification")

    @property
    def article(self) -> str:
        return self.value[0]

    @property
    def starts_at(self) -> str:
        return self.value[1]


@attrs.frozen
class Penalty:
    """What the referee gives: ``kind`` is warning, plus_two, game_lost or disqualification."""

    team: int
    offence: Offence
    kind: str
    opponents_points: int
    article: str


#: REF-1 (P§25): the penalties, mildest first, and what each gives the opponents.
LADDER = ("warning", "plus_two", "game_lost", "disqualification")
OPPONENTS_POINTS = {"warning": 0, "plus_two": 2, "game_lost": 6, "disqualification": 0}


class PenaltyLedger:
    """REF-1 (P§25): penalties count against the whole team, over one match.

    A second warning becomes +2 for the opponents; a second +2 loses the
    game (the opponents score 6); a second lost game, or serious misconduct,
    disqualifies the team.
    """

    def __init__(self) -> None:
        self.penalties: list[Penalty] = []
        self._counts: Counter[tuple[int, str]] = Counter()

    def record(self, team: int, offence: Offence) -> Penalty:
        """Record an offence by ``team`` (0 or 1) and return the penalty it draws."""
        if team not in (0, 1):
            raise GoujiError(f"a team is 0 or 1, not {team!r}")
        if not isinstance(offence, Offence):
            raise GoujiError(f"not an offence: {offence!r}")
        kind = offence.starts_at
        # Every second penalty of a step becomes the next step (P§25); warnings and
        # +2s count again from nothing, lost games keep counting.
        while kind != "disqualification":
            self._counts[team, kind] += 1
            if self._counts[team, kind] < 2:
                break
            if kind != "game_lost":
                self._counts[team, kind] = 0
            kind = LADDER[LADDER.index(kind) + 1]
        points = OPPONENTS_POINTS[kind]
        penalty = Penalty(team, offence, kind, points, offence.article if kind == offence.starts_at else "P§25")
        self.penalties.append(penalty)
        return penalty

    def opponents_points(self, team: int) -> int:
        """Points ``team``'s offences gave its opponents so far."""
        return sum(p.opponents_points for p in self.penalties if p.team == team)

    def disqualified(self, team: int) -> bool:
        return any(p.team == team and p.kind == "disqualification" for p in self.penalties)
