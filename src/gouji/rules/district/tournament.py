"""The tournament's standings (T 一.2, SCORE-4): rank teams by their total, four go to the final.

T 一.2: "总分取得前四名的队伍进入决赛。如二局后平局，参加抽签决定胜负 … 决赛也实行二局计分制，按计分
排序，如二队平分则加赛一场，直至决出胜负。"

A :class:`Tournament` adds up each team's points over its matches. In the
preliminaries equal totals are ordered by the draw (:func:`~gouji.rules.district.match.draw_lots`, from
the tournament's ``seed``); the top four are the finalists. One draw settles
a tie ("抽签决定胜负"): a pair of teams whose match a draw settled keeps that
order, and the cards it drew, instead of drawing again. In the final,
equal totals are not drawn for: they are marked ``tied`` until the organiser
records the deciding game's points with :meth:`Tournament.add_decider` (a
final match added with :meth:`Tournament.add_match` brings its own).

REF-5 (T 一.9): "凡弄虚作假，违反竞赛规程作弊者，取消比赛资格及全部比赛成绩。" A team caught cheating
is disqualified with :meth:`Tournament.disqualify`: it leaves the standings, its
points are cancelled, and nothing more is recorded for it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import attrs

from gouji.engine.cards import Card
from gouji.errors import GoujiError
from gouji.rules.district.match import FINAL, PRELIMINARY, STAGES, Match, draw_lots

FINALISTS = 4


@attrs.frozen
class Standing:
    """One team's line: its rank (1 = first), total, and the cards it drew to break a tie."""

    rank: int
    team: str
    points: int
    matches: int
    drawn: tuple[Card, ...] = ()
    tied: bool = False

    def __str__(self) -> str:
        """``"2. 东区一队  14 points, 2 matches (drew ♥7, SCORE-4)"``."""
        notes = []
        if self.drawn:
            notes.append(f"drew {' '.join(map(str, self.drawn))}, SCORE-4")
        if self.tied:
            notes.append("tied: a deciding game is due, SCORE-4")
        note = f" ({'; '.join(notes)})" if notes else ""
        plural = "" if self.matches == 1 else "es"
        return f"{self.rank}. {self.team}  {self.points} points, {self.matches} match{plural}{note}"


class Tournament:
    """Totals per team for one stage, ``"preliminary"`` or ``"final"``."""

    def __init__(self, stage: str = PRELIMINARY, seed: int = 0, finalists: int = FINALISTS) -> None:
        if stage not in STAGES:
            raise GoujiError(f"a stage is one of {', '.join(STAGES)}, not {stage!r}")
        if not isinstance(finalists, int) or finalists < 1:
            raise GoujiError(f"finalists must be a positive integer, not {finalists!r}")
        self.stage = stage
        self.seed = seed
        self.finalists_count = finalists
        self.points: dict[str, int] = {}
        self.matches: dict[str, int] = {}
        self.deciders: dict[str, int] = {}
        #: The draws that settled matches: (winner, loser) → the cards each drew.
        self.settled: dict[tuple[str, str], dict[str, tuple[Card, ...]]] = {}
        #: REF-5: disqualified teams and why; they have no standing and no points.
        self.disqualified: dict[str, str] = {}

    def disqualify(self, team: str, reason: str) -> None:
        """REF-5 (T 一.9, 取消比赛资格及全部比赛成绩): cancel all of ``team``'s results in
        this stage and take it out of the standings; ``reason`` says what the referee found."""
        if not isinstance(team, str) or not team:
            raise GoujiError(f"a team is named by a non-empty string, not {team!r}")
        if not isinstance(reason, str) or not reason.strip():
            raise GoujiError("a disqualification names its reason (REF-5)")
        if team in self.disqualified:
            raise GoujiError(f"team {team!r} is already disqualified (REF-5)")
        self.disqualified[team] = reason

    def add_points(self, team: str, points: int) -> None:
        """Add a team's points from one match (its total over the match's games)."""
        if not isinstance(team, str) or not team:
            raise GoujiError(f"a team is named by a non-empty string, not {team!r}")
        if not isinstance(points, int) or isinstance(points, bool):
            raise GoujiError(f"points are an integer, not {points!r}")
        if team in self.disqualified:
            raise GoujiError(f"team {team!r} is disqualified (REF-5): its results are cancelled")
        self.points[team] = self.points.get(team, 0) + points
        self.matches[team] = self.matches.get(team, 0) + 1

    def add_match(self, match: Match) -> None:
        """Add both teams' totals from a finished match."""
        if not match.is_over:
            raise GoujiError("the match is not over yet")
        cheat = match.disqualification
        if cheat is not None and match.teams[cheat[0]] not in self.disqualified:
            self.disqualify(match.teams[cheat[0]], cheat[1])
        for team, points in zip(match.teams, match.totals(), strict=True):
            if team not in self.disqualified:
                self.add_points(team, points)
        tie = match.tie_break
        if tie is not None:
            names = match.teams
            drawn: dict[str, tuple[Card, ...]] = dict.fromkeys(names, ())
            for side, card in tie.draws:
                drawn[names[int(side)]] += (card,)  # type: ignore[call-overload]
            order = [names[int(side)] for side in tie.order]  # type: ignore[call-overload]
            self.settled[(order[0], order[1])] = drawn
        if self.stage == FINAL and match.deciding_games:
            for team, points in zip(match.teams, match.decider_totals(), strict=True):
                if team not in self.disqualified:
                    self.add_decider(team, points)

    def add_decider(self, team: str, points: int) -> None:
        """The final: points of a deciding game between tied teams (orders them only)."""
        if team not in self.points or team in self.disqualified:
            raise GoujiError(f"unknown or disqualified team {team!r}")
        self.deciders[team] = self.deciders.get(team, 0) + points

    def standings(self) -> list[Standing]:
        """The teams best first. Preliminaries: equal totals are ordered by the draw
        (SCORE-4). Final: by total, then deciding games; teams still level share a rank
        and are marked ``tied``. Disqualified teams (REF-5) have no standing."""
        rng = random.Random(self.seed)
        groups: dict[int, list[str]] = {}
        for team in sorted(set(self.points) - set(self.disqualified)):
            groups.setdefault(self.points[team], []).append(team)
        out: list[Standing] = []
        for points in sorted(groups, reverse=True):
            group = groups[points]
            if self.stage == PRELIMINARY:
                drawn: dict[str, tuple[Card, ...]] = dict.fromkeys(group, ())
                if len(group) > 1:
                    group, drawn = self._order_tied(group, rng)
                out += [Standing(len(out) + 1 + i, t, points, self.matches[t], drawn[t])
                        for i, t in enumerate(group)]
                continue
            decider = {t: self.deciders.get(t, 0) for t in group}
            for team in sorted(group, key=lambda t: -decider[t]):
                better = sum(1 for s in out if s.points > points) + sum(
                    1 for t in group if decider[t] > decider[team])
                level = sum(1 for t in group if decider[t] == decider[team]) > 1
                out.append(Standing(better + 1, team, points, self.matches[team], (), level))
        return out

    def _order_tied(self, group: list[str], rng: random.Random) -> tuple[list[str], dict[str, tuple[Card, ...]]]:
        """SCORE-4: order teams with equal totals. A draw that settled a match between two of
        them stands ("抽签决定胜负": one draw decides); the others are drawn for now."""
        pairs = [(w, lo) for (w, lo) in self.settled if w in group and lo in group]
        if len(group) == 2 and pairs:
            winner, loser = pairs[0]
            return [winner, loser], dict(self.settled[pairs[0]])
        tie = draw_lots(group, rng)
        order = [str(team) for team in tie.order]
        drawn: dict[str, tuple[Card, ...]] = dict.fromkeys(group, ())
        for team, card in tie.draws:
            drawn[str(team)] += (card,)
        for winner, loser in pairs:
            # The match's draw decided these two: swap them if this draw put them the other way.
            i, j = order.index(winner), order.index(loser)
            if j < i:
                order[i], order[j] = loser, winner
        return order, drawn

    def finalists(self) -> list[str]:
        """T 一.2: the top four teams of the preliminaries."""
        if self.stage != PRELIMINARY:
            raise GoujiError("finalists come from the preliminaries")
        return [s.team for s in self.standings()[: self.finalists_count]]

    def unresolved(self) -> list[list[str]]:
        """The final: groups of teams still level, each needing a deciding game."""
        groups: dict[tuple[int, int], list[str]] = {}
        for s in self.standings():
            if s.tied:
                groups.setdefault((s.points, self.deciders.get(s.team, 0)), []).append(s.team)
        return list(groups.values())


def rank_teams(points: dict[str, int] | Sequence[tuple[str, int]], seed: int = 0) -> list[Standing]:
    """The preliminaries' standings of ``{team: total}`` (ties by the draw, from ``seed``)."""
    tournament = Tournament(PRELIMINARY, seed)
    for team, total in (points.items() if isinstance(points, dict) else points):
        tournament.add_points(team, total)
    return tournament.standings()


__all__ = ["FINAL", "FINALISTS", "PRELIMINARY", "Standing", "Tournament", "rank_teams"]
