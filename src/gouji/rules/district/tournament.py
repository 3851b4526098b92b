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
from collections.abc import Mapping, Sequence

import attrs

from gouji.engine.cards import Card
from gouji.errors import GoujiError
from gouji.rules.district.match import FINAL, GAMES_PER_MATCH, PRELIMINARY, STAGES, Match, TieBreak, draw_lots

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
        #: The final's deciding games, by pair of teams (in name order) → each one's points, summed.
        self.deciders: dict[tuple[str, str], tuple[int, int]] = {}
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
        deciders = [s.team_points for s in match.scores()[GAMES_PER_MATCH:]]
        self.add_result(match.teams, match.totals(), tie=match.tie_break, deciders=deciders,
                        disqualified=match.disqualification)

    def add_result(self, teams: Sequence[str], totals: Sequence[int], *, tie: TieBreak | None = None,
                   deciders: Sequence[Sequence[int]] = (), disqualified: tuple[int, str] | None = None) -> None:
        """Add one match's result: ``totals`` of ``teams`` over its two games, the draw that
        settled it (``tie``, sides 0 and 1 as
        :attr:`~gouji.rules.district.match.Match.tie_break` draws them), the final's deciding
        games (each the two teams' points) and a disqualification ``(side, reason)``. A draw
        is refused unless the match is a preliminary level after its two games and nobody was
        disqualified (T 一.2 "如二局后平局，参加抽签决定胜负").
        :meth:`add_match` and the organiser's ``gouji tournament`` both come through here."""
        names = tuple(teams)
        if len(names) != 2 or len(set(names)) != 2 or not all(isinstance(t, str) and t for t in names):
            raise GoujiError(f"a match has two distinct teams named by non-empty strings, not {teams!r}")
        games = [tuple(totals), *(tuple(points) for points in deciders)]
        if not all(len(g) == 2 and all(isinstance(p, int) and not isinstance(p, bool) for p in g) for g in games):
            raise GoujiError(f"totals and deciding games are two integers each, not {totals!r}, {deciders!r}")
        if deciders and self.stage != FINAL:
            raise GoujiError("deciding games belong to the final; the preliminaries draw (SCORE-4)")
        if disqualified is not None and (disqualified[0] not in (0, 1) or isinstance(disqualified[0], bool)):
            raise GoujiError(f"a disqualification is (side 0 or 1, reason), not {disqualified!r}")
        if tie is not None and sorted(int(side) for side in tie.order) != [0, 1]:  # type: ignore[call-overload]
            raise GoujiError(f"a match's draw orders its sides 0 and 1, not {tie.order!r}")
        if tie is not None and (self.stage != PRELIMINARY or games[0][0] != games[0][1] or disqualified is not None):
            # T 一.2 "如二局后平局，参加抽签决定胜负": only a level preliminary is drawn for.
            raise GoujiError(f"a draw settles only a preliminary match level after its two games, not "
                             f"{self.stage} totals {tuple(totals)!r}" + (" with a disqualification"
                                                                        if disqualified is not None else ""))
        if disqualified is not None and names[disqualified[0]] not in self.disqualified:
            self.disqualify(names[disqualified[0]], disqualified[1])
        for team, points in zip(names, totals, strict=True):
            if team not in self.disqualified:
                self.add_points(team, points)
        if tie is not None:
            drawn: dict[str, tuple[Card, ...]] = dict.fromkeys(names, ())
            for side, card in tie.draws:
                drawn[names[int(side)]] += (card,)  # type: ignore[call-overload]
            order = [names[int(side)] for side in tie.order]  # type: ignore[call-overload]
            self.settled[(order[0], order[1])] = drawn
        for game_points in deciders:
            if not any(t in self.disqualified for t in names):
                self.add_decider(dict(zip(names, game_points, strict=True)))

    def add_decider(self, points: Mapping[str, int]) -> None:
        """The final: one deciding game between two level teams, ``{team: points}``. It orders
        that pair only (T 一.2 "如二队平分则加赛一场", T16); a pair's deciding games are summed."""
        if not isinstance(points, Mapping) or len(points) != 2:
            raise GoujiError(f"a deciding game is two teams' points, {{team: points}}, not {points!r}")
        for team, value in points.items():
            if team not in self.points or team in self.disqualified:
                raise GoujiError(f"unknown or disqualified team {team!r}")
            if not isinstance(value, int) or isinstance(value, bool):
                raise GoujiError(f"points are an integer, not {value!r}")
        a, b = sorted(points)
        before = self.deciders.get((a, b), (0, 0))
        self.deciders[(a, b)] = (before[0] + points[a], before[1] + points[b])

    def beats(self, team: str, other: str) -> bool | None:
        """The final: whether ``team``'s deciding games against ``other`` put it first
        (``None`` while they have none, or are level)."""
        a, b = sorted((team, other))
        x, y = self.deciders.get((a, b), (0, 0))
        if x == y:
            return None
        return (x > y) == (team == a)

    def standings(self) -> list[Standing]:
        """The teams best first. Preliminaries: equal totals are ordered by the draw
        (SCORE-4). Final: by total; teams level on it are ordered by their deciding games
        only once every pair of them has played one off (T16): until then the group shares a
        rank and is marked ``tied``. Disqualified teams (REF-5) have no standing."""
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
            ordered, settled = self._order_final(group)
            first = len(out) + 1
            for i, team in enumerate(ordered):
                out.append(Standing(first + i if settled else first, team, points, self.matches[team], (),
                                    not settled))
        return out

    def _order_final(self, group: list[str]) -> tuple[list[str], bool]:
        """T16: a level group by its deciding games' wins, and whether that order is settled:
        it is not while a pair of the group has not been played off (or the games go round
        in a circle), and then the whole group stays tied."""
        wins = {t: sum(1 for o in group if o != t and self.beats(t, o)) for t in group}
        order = sorted(group, key=lambda t: -wins[t])
        settled = all(self.beats(order[i], order[j]) is True
                      for i in range(len(order)) for j in range(i + 1, len(order)))
        return order, settled

    def _order_tied(self, group: list[str], rng: random.Random) -> tuple[list[str], dict[str, tuple[Card, ...]]]:
        """SCORE-4: order teams with equal totals. A draw that settled a match between two of
        them stands ("抽签决定胜负": one draw decides, T17): such a pair draws now as one lot,
        by its winner, and keeps its order inside; the other lots are drawn for, so no card
        drawn now is overturned either."""
        drawn: dict[str, tuple[Card, ...]] = dict.fromkeys(group, ())
        lots: dict[str, list[str]] = {team: [team] for team in group}
        for (winner, loser), cards in self.settled.items():
            if winner not in group or loser not in group:
                continue
            for team in (winner, loser):
                drawn[team] += cards.get(team, ())
            head_w = next(h for h, members in lots.items() if winner in members)
            head_l = next(h for h, members in lots.items() if loser in members)
            if head_w == head_l:
                continue  # a circle of settled pairs: the first ones stand
            lots[head_w] = lots[head_w] + lots.pop(head_l)
        if len(lots) == 1:
            return next(iter(lots.values())), drawn
        tie = draw_lots(sorted(lots), rng)
        order: list[str] = []
        for head in tie.order:
            order += lots[str(head)]
        for lot, card in tie.draws:
            drawn[str(lot)] += (card,)
        return order, drawn

    def finalists(self) -> list[str]:
        """T 一.2: the top four teams of the preliminaries."""
        if self.stage != PRELIMINARY:
            raise GoujiError("finalists come from the preliminaries")
        return [s.team for s in self.standings()[: self.finalists_count]]

    def unresolved(self) -> list[list[str]]:
        """The final: groups of teams still level, each needing a deciding game."""
        groups: dict[int, list[str]] = {}
        for s in self.standings():
            if s.tied:
                groups.setdefault(s.points, []).append(s.team)
        return list(groups.values())


def rank_teams(points: dict[str, int] | Sequence[tuple[str, int]], seed: int = 0) -> list[Standing]:
    """The preliminaries' standings of ``{team: total}`` (ties by the draw, from ``seed``)."""
    tournament = Tournament(PRELIMINARY, seed)
    for team, total in (points.items() if isinstance(points, dict) else points):
        tournament.add_points(team, total)
    return tournament.standings()


__all__ = ["FINAL", "FINALISTS", "PRELIMINARY", "Standing", "Tournament", "rank_teams"]
