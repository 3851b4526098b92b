"""The district's score (SCORE-3; T 一.2, T 二.4, T 二.3.(6), (11), (13), (14)).

Places score 7, 5, 4, 3, 2, 1 (头科 … 大落; core option ``place_points``,
no sweep bonus: ``sweep_points = 0``); a team's score is the sum of its three
players'. Tribute is scored, never paid ("只记分不进贡", T 二.3.(13)), so every
bonus is a point scored instead of a card:

============== ===== ========== ===================================================
item           pts   rule       when
============== ===== ========== ===================================================
点贡           +1    TRIB-5     for the opposite of each player who did not open
不开点         −1    TRIB-5     for each player who did not open (T 二.3.(6))
烧贡           +1    TRIB-7     a burn, unless the burner failed ("烧牌加1分")
憋三           +1    END-8      smothering an opponent ("将同伙鳖三，不加分")
闷贡           +1    END-8      with ``smother_tribute``: the smother read as 憋闷
大虎二杀一     +1    PLAY-5     two big jokers (or twice as many) on one
breach         −1    REF-4      each breach the referee recorded
============== ===== ========== ===================================================

Smothering an opponent earns 1, T 二.3.(11)'s "将对手鳖三一次，加一分" (option
``smother_tribute = true``: 2, 憋三 and 闷贡 together, the book's "憋闷2分").
烧贡 and 大虎二杀一 score whoever's set they beat, since the book sets them no
condition (option ``teammate_bonuses = false``: only an opponent's).
A team with ``breach_limit`` breaches in a game loses it 0:6, whatever else
happened.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gouji.engine.scoring import Adjustment, Score, team_of
from gouji.rules.district.opened import opened_seats
from gouji.rules.district.referee import forfeited_team
from gouji.rules.district.sets import DistrictSetRules

if TYPE_CHECKING:
    from gouji.plugins.surface import PluginGame

_PLAY_KINDS = ("lead", "cover", "burn")


def adjustments(game: PluginGame, score: Score) -> list[Adjustment]:
    """Every bonus and penalty of ``game`` (SCORE-3)."""
    options = game.variant.options
    events = game.events
    out: list[Adjustment] = []
    failed = {e.seat for e in events if e.kind == "burn-failed"}
    previous = None
    for i, event in enumerate(events):
        kind = event.kind
        if kind in _PLAY_KINDS:
            covered = previous if kind != "lead" else None
            previous = event
            if covered is None or (team_of(covered.seat) == team_of(event.seat)
                                   and not options["teammate_bonuses"]):
                continue
            if kind == "burn" and event.seat not in failed:
                out.append(Adjustment(team_of(event.seat), 1, "TRIB-7",
                                      f"烧贡: seat {event.seat} burned seat {covered.seat}'s {covered.play}"))
            if DistrictSetRules.is_two_kill_one(event.play, covered.play):
                out.append(Adjustment(team_of(event.seat), 1, "PLAY-5",
                                      f"大虎二杀一: seat {event.seat} on seat {covered.seat}"))
        elif kind == "smother":
            victim = events[i + 1].seat
            assert victim is not None and event.seat is not None, "a smother names both seats"
            if team_of(victim) != team_of(event.seat):
                out.append(Adjustment(team_of(event.seat), 1, "END-8",
                                      f"憋三: seat {event.seat} smothered seat {victim}"))
                if options["smother_tribute"]:
                    out.append(Adjustment(team_of(event.seat), 1, "END-8",
                                          f"闷贡: seat {victim}'s tribute for being smothered"))
        elif kind == "breach":
            assert event.seat is not None, "a breach names its seat"
            out.append(Adjustment(team_of(event.seat), -1, "REF-4", f"breach by seat {event.seat}: {event.detail}"))
    if options["point_scoring"]:
        opened = opened_seats(game)
        for seat in range(6):
            if seat not in opened:
                out.append(Adjustment(team_of(seat), -1, "TRIB-5", f"不开点: seat {seat} did not open"))
                out.append(Adjustment(team_of(seat + 3), 1, "TRIB-5", f"点贡: from seat {seat}"))
    loser = forfeited_team(game)
    if loser is not None:
        points = list(score.team_points)
        for adj in out:
            points[adj.team] += adj.points
        target = {loser: 0, 1 - loser: 6}
        out += [Adjustment(team, target[team] - points[team], "REF-4", f"team {loser} loses the game 0:6")
                for team in (0, 1)]
    return out


def breakdown(score: Score) -> dict[str, tuple[int, int]]:
    """Points per item name (点贡, 烧贡 …) for team 0 and team 1, places first."""
    seat_points = score.seat_points
    table = {"places": (sum(seat_points[0::2]), sum(seat_points[1::2]))}
    for adj in score.adjustments:
        name = adj.reason.split(":", 1)[0]
        pair = list(table.get(name, (0, 0)))
        pair[adj.team] += adj.points
        table[name] = (pair[0], pair[1])
    return table
