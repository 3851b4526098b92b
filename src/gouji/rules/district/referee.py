"""Breaches the referee records (REF-4; T 二.3.(3), (7), (8), (12)).

Book T's penalties are per game and per team: one point off for each breach,
and a team with three in one game loses it 0:6 (T 二.3.(8): "出现三次该局判0:6负";
the limit is the option ``breach_limit``). The breaches are no player's
choice: the referee records them with :func:`record_breach` (or by applying
:class:`Breach` / :class:`Warning` to the game), at any moment of the game,
and they stay in the game's record.

====================== ============= ================================================
kind                   article       the breach
====================== ============= ================================================
``closed-cards``       T 二.3.(3)    looking at closed cards (翻看已经扣好的牌)
``asked-count``        T 二.3.(7)    asking anyone how many cards he holds (问牌)
``speech``             T 二.3.(8)    words other than the game's (非比赛用语)
``false-revolution``   T 二.3.(12)   announcing a revolution falsely (虚假宣布造反)
====================== ============= ================================================

A :class:`Warning` instead of a point exists only for speech (T 二.3.(8): "对方不追究的情况下只警告一次"),
once per team and game; (3), (7) and (12) are a flat point each. The 0:6 of
T 二.3.(8) ("出现三次该局判0:6负") counts every occurrence of speech, the
warned one included (option ``breach_limit_counts = "speech"``); with
``"all"`` every breach of any kind, and the warning, counts.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import attrs

from gouji.engine.actions import Action, register_action
from gouji.engine.forfeit import lose_game
from gouji.engine.vocabulary import Term, decision_term, event_term
from gouji.errors import GoujiError, IllegalActionError, ParseError

if TYPE_CHECKING:
    from gouji.plugins.surface import PluginGame

#: kind → (article, Chinese name)
BREACHES = {
    "closed-cards": ("T 二.3.(3)", "翻看已经扣好的牌"),
    "asked-count": ("T 二.3.(7)", "询问剩余张数"),
    "speech": ("T 二.3.(8)", "非比赛用语"),
    "false-revolution": ("T 二.3.(12)", "虚假宣布造反"),
}


def _check(seat: object, kind: str) -> None:
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < 6:
        raise GoujiError(f"a seat is 0-5, not {seat!r}")
    if kind not in BREACHES:
        raise GoujiError(f"unknown breach {kind!r}; breaches are: {', '.join(BREACHES)}")


@attrs.frozen
class Breach(Action):
    """A breach by ``seat``: its team loses a point (REF-4)."""

    seat: int
    kind: str
    keyword = "district-breach"
    referee = True

    def __attrs_post_init__(self) -> None:
        _check(self.seat, self.kind)

    def to_text(self) -> str:
        return f"{self.keyword} {self.seat} {self.kind}"


@attrs.frozen
class Warning(Action):
    """A warning instead of a point for speech, once per team and game (T 二.3.(8))."""

    seat: int
    kind: str = "speech"
    keyword = "district-warning"
    referee = True

    def __attrs_post_init__(self) -> None:
        _check(self.seat, self.kind)
        if self.kind != "speech":
            raise GoujiError(f"only speech (T 二.3.(8)) may draw a warning instead of a point; "
                             f"{self.kind!r} is a point each time ({BREACHES[self.kind][0]})")

    def to_text(self) -> str:
        return f"{self.keyword} {self.seat} {self.kind}"


def _parser(cls: type[Breach] | type[Warning]) -> Callable[[str], Action]:
    def parse(rest: str) -> Action:
        words = rest.split()
        if len(words) != 2 or not (words[0].isascii() and words[0].isdigit()) or len(words[0]) > 1:
            raise ParseError(f"{cls.keyword!r} takes a seat and a kind, got {rest!r}")
        try:
            return cls(int(words[0]), words[1])
        except GoujiError as exc:
            raise ParseError(str(exc)) from exc
    return parse


register_action(Breach.keyword, _parser(Breach))
register_action(Warning.keyword, _parser(Warning))


def occurrences(game: PluginGame, team: int) -> int:
    """The breaches that count toward T 二.3.(8)'s "出现三次" for ``team``: its speech breaches
    and warnings (``breach_limit_counts = "speech"``), or every breach and warning ("all")."""
    every = game.variant.options["breach_limit_counts"] == "all"
    return sum(1 for e in game.events if e.kind in ("breach", "breach-warning") and e.seat is not None
               and e.seat % 2 == team and (every or e.detail.startswith("speech ")))


def breaches(game: PluginGame, team: int | None = None) -> list[tuple[int, str]]:
    """The recorded breaches ``(seat, kind)``, of one team or of both."""
    return [(e.seat, e.detail.split(" ", 1)[0]) for e in game.events
            if e.kind == "breach" and e.seat is not None and (team is None or e.seat % 2 == team)]


def forfeited_team(game: PluginGame) -> int | None:
    """The team that lost the game 0:6 by its breaches, if any."""
    for event in game.events:
        if event.kind == "forfeit":
            return int(event.detail.split()[1])
    return None


def apply_referee(game: PluginGame, action: Breach | Warning) -> None:
    """Carry out a :class:`Breach` or a :class:`Warning`."""
    assert isinstance(action, (Breach, Warning)), "the referee's actions only"
    team = action.seat % 2
    article, name = BREACHES[action.kind]
    if isinstance(action, Warning):
        if any(e.kind == "breach-warning" and e.seat is not None and e.seat % 2 == team for e in game.events):
            raise IllegalActionError(
                f"team {team} has had its one warning this game (T 二.3.(8)); record a breach", "REF-4")
        game.log("breach-warning", action.seat, "REF-4", detail=f"{action.kind} {name} ({article}), no point")
    else:
        game.log("breach", action.seat, "REF-4", detail=f"{action.kind} {name} ({article}), −1")
    limit = game.variant.options["breach_limit"]
    if limit and occurrences(game, team) >= limit:
        forfeit(game, team)


def forfeit(game: PluginGame, team: int) -> None:
    """Team ``team`` loses the game 0:6: the game ends, its players below the others."""
    game.log("forfeit", None, "REF-4", detail=f"team {team} loses the game 0:6")
    lose_game(game, team, "REF-4", "game lost 0:6")


def record_breach(game: PluginGame, seat: int, kind: str) -> None:
    """The referee records a breach by ``seat`` (REF-4)."""
    game.apply(Breach(seat, kind))


def record_warning(game: PluginGame, seat: int, kind: str = "speech") -> None:
    """The referee warns ``seat`` for speech instead of taking a point (once per team and game).
    Any other kind is refused (:class:`gouji.GoujiError`): it costs a point each time."""
    game.apply(Warning(seat, kind))


#: The terms of the referee's breaches (REF-4), declared once (``gouji_vocabulary``).
TERMS: tuple[Term, ...] = (
    event_term("breach-warning", "warning", "警告", "a first breach: a warning, no point", "初次违例：警告，不扣分",
          "REF-4"),
    event_term("breach", "breach", "违例", "a breach of the rules: a point off", "违例：扣一分", "REF-4"),
    event_term("forfeit", "forfeits", "判负", "a team loses the game by its breaches", "一队因违例判负", "REF-4"),
    decision_term(Breach.keyword, "breach", "违例", "the referee records a breach", "裁判记一次违例", "REF-4"),
    decision_term(Warning.keyword, "warning", "警告", "the referee warns a seat", "裁判警告", "REF-4"),
)
