"""SCORE-5 and TRIB-9: the set of five games, and its account of tribute.

"进贡玩法需要连续得打5局,每局第一回合没有进贡" (C§4): the club plays sets of five
games and keeps no points (SCORE-5); what a game is worth is the tribute it
causes, paid at the start of the next game of the set. The first game of a set
pays nothing (TRIB-9), so the tribute the fifth game causes is never paid: the
report lists it as *outstanding*.

:class:`TributeSet` is a :class:`gouji.engine.series.Series` that knows this: a void
game (two revolutions, OPEN-5) is dealt again and does not count toward the
five, and :meth:`TributeSet.report` says, per player and per team, what was
given and received, and why.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING

import attrs

from gouji.engine.cards import rank_name
from gouji.engine.series import Series
from gouji.errors import GoujiError
from gouji.rules.dagang196.actions import PayTribute
from gouji.rules.dagang196.obligations import Obligation
from gouji.rules.dagang196.places import club_finish_order
from gouji.rules.dagang196.tribute import owed_in, set_position, tribute_owed

if TYPE_CHECKING:
    from gouji.engine.game import Game
    from gouji.plugins.surface import PluginGame
    from gouji.plugins.variant import Variant

PLACE_WORDS = ("头科", "二科", "三科", "四科", "二落", "大落")


@attrs.frozen
class TributeEntry:
    """One obligation of a set: who owed whom, how many cards, why, and what was paid.

    ``paid_in`` is the game of the set (2-5) at whose start it was paid, or
    ``None`` when it is outstanding (caused by the set's last game). ``cards``
    are the ranks actually given; fewer than ``owed`` when the giver held too
    few 大王, 小王 and 2s.
    """

    caused_by: int
    paid_in: int | None
    giver: int
    receiver: int
    owed: int
    kind: str
    rule: str
    reason: str
    cards: tuple[int, ...] = ()

    @property
    def given(self) -> int:
        return len(self.cards)

    @property
    def waived(self) -> int:
        return self.owed - self.given if self.paid_in is not None else 0

    def text(self) -> str:
        cards = " ".join(rank_name(r) for r in self.cards) or "nothing"
        if self.paid_in is None:
            status = f"outstanding ({self.owed} owed; not paid in this set, TRIB-9)"
        else:
            status = f"game {self.paid_in}: {cards}" + (f", {self.waived} waived" if self.waived else "")
        return (f"game {self.caused_by} → seat {self.giver} gives seat {self.receiver} {self.kind} "
                f"×{self.owed} [{self.rule}] — {status} — {self.reason}")


@attrs.frozen
class Tally:
    """Cards given and received by one player or one team, in total and by kind."""

    given: int = 0
    received: int = 0
    given_by_kind: tuple[tuple[str, int], ...] = ()
    received_by_kind: tuple[tuple[str, int], ...] = ()

    @property
    def net(self) -> int:
        return self.received - self.given


@attrs.frozen
class SetReport:
    """The account of a set of games (SCORE-5)."""

    games: tuple[tuple[int, ...], ...]
    """The club finish order of each counted game, in order."""
    void_games: int
    entries: tuple[TributeEntry, ...]

    @property
    def paid(self) -> tuple[TributeEntry, ...]:
        return tuple(e for e in self.entries if e.paid_in is not None)

    @property
    def outstanding(self) -> tuple[TributeEntry, ...]:
        return tuple(e for e in self.entries if e.paid_in is None)

    def player(self, seat: int) -> Tally:
        """What ``seat`` gave and received over the set (paid tribute only)."""
        return _tally([e for e in self.paid if e.giver == seat], [e for e in self.paid if e.receiver == seat])

    def team(self, team: int) -> Tally:
        """What team ``team`` (0: seats 0, 2, 4; 1: seats 1, 3, 5) gave and received, counting
        tribute between its own players on both sides."""
        return _tally([e for e in self.paid if e.giver % 2 == team], [e for e in self.paid if e.receiver % 2 == team])

    def text(self) -> str:
        """The report as lines of text."""
        voids = f" ({self.void_games} void, dealt again)" if self.void_games else ""
        lines = [f"set of {len(self.games)} games{voids}"]
        for number, order in enumerate(self.games, 1):
            places = ", ".join(f"{PLACE_WORDS[i]} {s}" for i, s in enumerate(order))
            lines.append(f"  game {number}: {places}")
        lines.append("tribute:")
        lines += [f"  {e.text()}" for e in self.entries] or ["  none"]
        lines.append("per player (given / received, paid cards):")
        for seat in range(6):
            t = self.player(seat)
            lines.append(f"  seat {seat}: gave {t.given}{_kinds(t.given_by_kind)}, "
                         f"received {t.received}{_kinds(t.received_by_kind)}, net {t.net:+d}")
        lines.append("per team:")
        for team in (0, 1):
            t = self.team(team)
            lines.append(f"  team {team} (seats {team}, {team + 2}, {team + 4}): gave {t.given}, "
                         f"received {t.received}, net {t.net:+d}")
        return "\n".join(lines)


def _kinds(pairs: Sequence[tuple[str, int]]) -> str:
    return " (" + ", ".join(f"{k} {n}" for k, n in pairs) + ")" if pairs else ""


def _tally(given: Sequence[TributeEntry], received: Sequence[TributeEntry]) -> Tally:
    by_given: Counter[str] = Counter()
    by_received: Counter[str] = Counter()
    for e in given:
        by_given[e.kind] += e.given
    for e in received:
        by_received[e.kind] += e.given
    return Tally(sum(by_given.values()), sum(by_received.values()),
                 tuple((k, n) for k, n in by_given.items() if n), tuple((k, n) for k, n in by_received.items() if n))


def paid_cards(game: PluginGame) -> list[tuple[int, ...]]:
    """The ranks given for each obligation of ``game``'s tribute, from its history."""
    return [action.ranks for action in game.history if isinstance(action, PayTribute)]


def set_report(games: Sequence[Game], complete: bool = True) -> SetReport:
    """The account of a set from its games in order (void games included, they are skipped).

    With ``complete``, the tribute the last counted game causes is listed as outstanding.
    """
    entries: list[TributeEntry] = []
    counted = [g for g in games if g.is_over and not g.is_void]
    voids = sum(1 for g in games if g.is_over and g.is_void)
    for number, game in enumerate(counted, 1):
        owed = owed_in(game.context)
        paid = paid_cards(game)
        if number > 1 and len(paid) < len(owed):
            raise GoujiError(f"game {number} of the set has not paid its tribute")
        for item, cards in zip(owed, paid, strict=False):  # the first game owes nothing
            entries.append(_entry(item, number - 1, number, cards))
    if complete and counted:
        entries += [_entry(item, len(counted), None, ()) for item in tribute_owed(counted[-1])]
    return SetReport(tuple(tuple(club_finish_order(g)) for g in counted), voids, tuple(entries))


def _entry(item: Obligation, caused_by: int, paid_in: int | None, cards: tuple[int, ...]) -> TributeEntry:
    return TributeEntry(caused_by, paid_in, item.giver, item.receiver, item.count, item.kind, item.rule,
                        item.reason, tuple(cards))


class TributeSet(Series):
    """A set of games of a ``dagang196`` variant (five by its option ``set_games``).

    Drive it like a :class:`~gouji.engine.series.Series`: play ``tribute_set.game`` to
    its end, then call :meth:`~gouji.engine.series.Series.next_game`; the tribute the finished game owes is
    paid at the start of the next. A void game is dealt again and not counted.
    """

    def __init__(self, variant: Variant, seed: int = 0, games: int | None = None) -> None:
        if "set_games" not in variant.options:
            raise GoujiError(f"variant {variant.name!r} has no tribute sets (it lacks the dagang196 plugin)")
        length = variant.options["set_games"]
        if games is not None and not 1 <= games <= length:
            raise GoujiError(f"a set of variant {variant.name!r} has 1 to {length} games, not {games}")
        super().__init__(variant, seed, length if games is None else games)

    @property
    def counted(self) -> list[Game]:
        """The finished games that count (void games left out)."""
        return [g for g in self.finished if not g.is_void]

    @property
    def is_over(self) -> bool:
        return self.games is not None and len(self.counted) >= self.games

    @property
    def game_in_set(self) -> int:
        """Which game of the set is being played (1 …)."""
        return set_position(self.game.context)[1]

    def report(self) -> SetReport:
        """What was given and received, by whom and why; complete once the set is over."""
        return set_report(self.finished, complete=self.is_over)
