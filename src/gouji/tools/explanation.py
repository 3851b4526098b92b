"""Why a finished game scored what it did, in words, for the last lines of its log.

A reader who sees ``team 0 +0, team 1 +0`` after his team took 头科 wants to
know which rule gave which points: the places by the variant's scoring rule
(:attr:`gouji.engine.scoring.Score.rule`), then a sweep or the rule's own turn (a
negative sum recorded as 0), then each adjustment with its rule, then who won.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gouji.engine.events import PLACE_NAMES
from gouji.engine.scoring import team_of

if TYPE_CHECKING:
    from gouji.engine.game import Game


def explain_score(game: Game) -> list[str]:
    """Lines that explain ``game.score()``: how each team's points were reached, rule by rule."""
    if game.is_void:
        return ["why:", "  the game is void (作废, OPEN-5): no places, no points"]
    score = game.score()
    rule = _rule(score.rule)
    places = {seat: place for place, seat in enumerate(score.finish_order)}
    adjusted = [sum(a.points for a in score.adjustments if a.team == team) for team in (0, 1)]
    base = [score.team_points[team] - adjusted[team] for team in (0, 1)]
    sums = [sum(score.seat_points[s] for s in range(team, 6, 2)) for team in (0, 1)]
    lines = ["why:"]
    if not any(score.seat_points):
        lines.append(f"  places score no points in this variant {rule}")
    else:
        lines.append(f"  place points {rule} (option place_points):")
        for team in (0, 1):
            parts = " ".join(f"{PLACE_NAMES[places[s]][0]} {score.seat_points[s]:+d}"
                             for s in sorted(range(team, 6, 2), key=places.__getitem__))
            lines.append(f"    team {team}: {parts} = {sums[team]:+d}")
    if base != sums:
        if score.sweep:
            winner = team_of(score.finish_order[0])
            lines.append(f"  串三户 sweep: team {winner} took 头科, 二科 and 三科, which scores "
                         f"team 0 {base[0]:+d}, team 1 {base[1]:+d} instead {rule}")
        else:
            turned = ", ".join(f"team {t}'s {sums[t]:+d} counts {base[t]:+d}" for t in (0, 1) if base[t] != sums[t])
            lines.append(f"  {turned} {rule}")
    for team in (0, 1):
        if adjusted[team]:
            lines.append(f"  team {team}: {base[team]:+d} and {adjusted[team]:+d} from the adjustments above "
                         f"= {score.team_points[team]:+d}")
    lines.append("  " + _verdict(game, base, sums))
    return lines


def _verdict(game: Game, base: list[int], sums: list[int]) -> str:
    score = game.score()
    a, b = score.team_points
    if score.winner is not None:
        return f"team {score.winner} wins, {max(a, b):+d} to {min(a, b):+d}"
    first = team_of(score.finish_order[0])
    why = ""
    if sums[first] == sums[1 - first] and any(score.seat_points):
        lows = [PLACE_NAMES[p][0] for p, s in enumerate(score.finish_order) if team_of(s) == first
                and score.seat_points[s] < 0]
        cancel = f" but also {' and '.join(lows)}, " if lows else ", "
        why = (f": team {first} took 头科{cancel}and the places of each team add up to the same "
               f"{_rule(score.rule)}")
    elif base[first] == base[1 - first] and base != sums:
        why = f": {_rule(score.rule)} leaves both teams the same"
    elif not any(score.seat_points):
        # dagang196 (SCORE-5): a game's places score nothing; its points come over a set of games.
        return f"no points this game, both teams {a:+d}: team {first} took 头科, but places score no points " \
               f"{_rule(score.rule)}"
    return f"a draw, both teams {a:+d}{why}"


def _rule(rule_id: str) -> str:
    """``[SCORE-1]``, or what scored when the plugin named no rule."""
    return f"[{rule_id}]" if rule_id else "(the variant's gouji_score hook)"
