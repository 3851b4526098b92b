"""The organiser's commands: ``gouji score``, ``gouji match`` and ``gouji tournament``.

::

    gouji score --variant district 1 3 4 5 0 2 --bonus 0:1:TRIB-7:烧贡 --penalty 1:1:REF-4:speech
    gouji match results.csv --variant district
    gouji tournament results.toml --format csv

Each prints every point with the rule behind it; ``--format csv|json`` exports.
"""

from __future__ import annotations

import argparse
import csv
import io
import json
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from gouji.errors import GoujiError
from gouji.tools.arguments import ascii_int

if TYPE_CHECKING:
    from gouji.engine.scoring import Score
    from gouji.plugins.variant import Variant
    from gouji.tools.organiser import MatchReport, Results, TournamentReport

FORMATS = ("text", "csv", "json")


def add_commands(sub: Any) -> None:
    """Add ``score``, ``match`` and ``tournament`` to the ``gouji`` command's subparsers."""
    p = sub.add_parser("score", help="score a game from its finish order, every point with its rule")
    p.add_argument("--variant", default="provincial", help="variant name or .toml file (default: provincial)")
    # Counted and read by cmd_score: five seats, or a record's file name, get a sentence, not a usage line.
    p.add_argument("finish_order", metavar="SEAT", nargs="*", help="the six seats in place order, 头科 first")
    p.add_argument("--bonus", action="append", default=[], metavar="TEAM:POINTS:RULE[:REASON]",
                   help="points given to a team, with the rule (repeatable)")
    p.add_argument("--penalty", action="append", default=[], metavar="TEAM:POINTS:RULE[:REASON]",
                   help="points taken from a team, with the rule (repeatable)")
    _add_format(p)
    p.set_defaults(run=cmd_score)

    for name, what in (("match", "a match"), ("tournament", "a tournament's standings")):
        p = sub.add_parser(name, help=f"score {what} from a file of results (TOML or CSV, one game a row)")
        p.add_argument("results", metavar="FILE", help="the results: .toml, or CSV")
        p.add_argument("--variant", help="variant name or .toml file (default: the file's, else district)")
        p.add_argument("--stage", choices=("preliminary", "final"),
                       help="preliminary (ties drawn for) or final (deciding games); default: the file's, "
                            "else preliminary")
        p.add_argument("--seed", type=ascii_int, help="the seed of the draw that orders tied teams "
                                                "(default: the file's, else 0)")
        _add_format(p)
        p.set_defaults(run=cmd_match if name == "match" else cmd_tournament)


def _add_format(p: argparse.ArgumentParser) -> None:
    p.add_argument("--format", choices=FORMATS, default="text", help="text (default), csv or json")


# -- score ----------------------------------------------------------------------------------------
def finish_order_argument(words: Sequence[str]) -> list[int]:
    """``gouji score``'s seats: six seat numbers, 头科 first; raise :class:`GoujiError` saying
    what was given otherwise (a record's file is scored by ``gouji replay``)."""
    if any(w.lower().endswith((".json", ".toml")) or "/" in w or "\\" in w for w in words):
        raise GoujiError("gouji score takes a finish order, the six seats 头科 first (gouji score 0 3 1 4 2 5), "
                         "not a file: gouji replay RECORD.json scores a game record")
    if len(words) != 6:
        raise GoujiError(f"a finish order names all six seats, 头科 first (gouji score 0 3 1 4 2 5): got "
                         f"{len(words)} ({' '.join(w[:8] for w in words[:8]) or 'none'})")
    try:
        return [ascii_int(w) for w in words]
    except argparse.ArgumentTypeError as exc:
        raise GoujiError(f"a finish order is six seat numbers 0-5: {exc}") from None


def cmd_score(args: argparse.Namespace) -> int:
    from gouji.plugins.loader import load_variant
    from gouji.tools.organiser import is_house_variant, parse_adjustment, score_result

    finish_order = finish_order_argument(args.finish_order)
    variant = load_variant(args.variant)
    own_rules = is_house_variant(variant)
    adjustments = ([parse_adjustment(t, house_rule=own_rules) for t in args.bonus]
                   + [parse_adjustment(t, penalty=True, house_rule=own_rules) for t in args.penalty])
    score = score_result(variant, finish_order, adjustments)
    house = variant.house_implementations("gouji_score_adjustments")
    if house:
        # Those hooks read the played game, which a finish order alone does not give.
        print(f"note: {', '.join(house)} adjust{'s' if len(house) == 1 else ''} scores with "
              "gouji_score_adjustments, which reads the played game; gouji score has only the finish "
              "order, so give those points with --bonus/--penalty (gouji replay scores a record in full)",
              file=sys.stderr)
    _emit(args.format, lambda: score_text(variant, score), lambda: score_data(variant, score),
          ["team", "rule", "points", "what"], lambda: _score_rows(variant, score))
    return 0


def score_text(variant: Variant, score: Score) -> str:
    from gouji.tools.organiser import score_lines

    lines = [f"{variant.name}: finish order {' '.join(map(str, score.finish_order))}"]
    lines += score_lines(variant, score)
    winner = "a draw" if score.winner is None else f"team {score.winner} wins"
    lines.append(f"score: team 0 {score.team_points[0]:+d}, team 1 {score.team_points[1]:+d} — {winner}")
    return "\n".join(lines)


def score_data(variant: Variant, score: Score) -> dict[str, Any]:
    from gouji.tools.organiser import score_rule

    return {
        "variant": variant.name,
        "finish_order": list(score.finish_order),
        "seat_points": list(score.seat_points),
        "places_rule": score_rule(variant),
        "sweep": score.sweep,
        "adjustments": [{"team": a.team, "points": a.points, "rule": a.rule, "reason": a.reason}
                        for a in score.adjustments],
        "team_points": list(score.team_points),
        "winner": score.winner,
    }


def _score_rows(variant: Variant, score: Score) -> list[list[object]]:
    from gouji.tools.organiser import _point_lines

    return [[p.team, p.rule, p.points, p.what] for p in _point_lines(variant, ("0", "1"), score, "game")]


# -- match and tournament -------------------------------------------------------------------------------
def _settings(args: argparse.Namespace) -> tuple[Variant, Results, str, int]:
    from gouji.plugins.loader import load_variant
    from gouji.tools.organiser import check_rules, read_results

    results = read_results(args.results)
    variant = load_variant(args.variant or results.variant or "district")
    check_rules(variant, results, args.results)
    stage = args.stage or results.stage or "preliminary"
    seed = args.seed if args.seed is not None else (results.seed or 0)
    if not results.games:
        raise GoujiError(f"{args.results}: no game in the file")
    return variant, results, stage, seed


def cmd_match(args: argparse.Namespace) -> int:
    from gouji.tools.organiser import group_matches, match_report

    variant, results, stage, seed = _settings(args)
    groups = group_matches(results)
    if len(groups) != 1:
        raise GoujiError(f"{args.results}: a match is one pair of teams; this file holds {len(groups)} "
                         "matches (use gouji tournament)")
    teams = set(groups[0][0].teams)
    strangers = [team for team, _ in results.disqualified if team not in teams]
    if strangers:
        raise GoujiError(f"{args.results}: disqualified team {strangers[0]!r} is not one of the match's "
                         f"teams {sorted(teams)} (REF-5)")
    report = match_report(variant, groups[0], stage, seed, results.disqualified)
    _emit(args.format, lambda: match_text(variant, report, stage), lambda: match_data(report, stage),
          ["match", "team", "rule", "points", "what"], lambda: _match_rows([report]))
    return 0


def match_text(variant: Variant, report: MatchReport, stage: str) -> str:
    from gouji.tools.organiser import score_lines

    a, b = report.teams
    lines = [f"{report.match} ({variant.name}, {stage}): {a} (seats 0, 2, 4) v {b} (seats 1, 3, 5)"]
    for label, scores in (("game", report.scores), ("deciding game", report.deciders)):
        for number, score in enumerate(scores, start=1):
            lines.append(f"{label} {number}: {a} {score.team_points[0]:+d}, {b} {score.team_points[1]:+d}")
            lines += score_lines(variant, score, report.teams)
    lines.append(f"totals: {a} {report.totals[0]:+d}, {b} {report.totals[1]:+d}")
    result = (f"{report.winner} wins" if report.winner else
              "no winner" if report.disqualified is not None else "not decided yet")
    lines.append(f"result: {result} — {report.how}")
    return "\n".join(lines)


def match_data(report: MatchReport, stage: str) -> dict[str, Any]:
    return {
        "match": report.match, "stage": stage, "teams": list(report.teams),
        "games": [list(s.team_points) for s in report.scores],
        "deciding_games": [list(s.team_points) for s in report.deciders],
        "totals": list(report.totals), "winner": report.winner, "how": report.how,
        "tie_break": None if report.tie is None else {
            "draws": [[report.teams[int(side)], str(card)] for side, card in report.tie.draws],  # type: ignore[call-overload]
            "order": [report.teams[int(side)] for side in report.tie.order]},  # type: ignore[call-overload]
        "disqualified": None if report.disqualified is None else {
            "team": report.teams[report.disqualified[0]], "reason": report.disqualified[1]},
        "points": [{"team": p.team, "rule": p.rule, "points": p.points, "what": p.what} for p in report.points],
    }


def _match_rows(reports: Sequence[MatchReport]) -> list[list[object]]:
    return [[r.match, p.team, p.rule, p.points, p.what] for r in reports for p in r.points]


def cmd_tournament(args: argparse.Namespace) -> int:
    from gouji.tools.organiser import tournament_report

    variant, results, stage, seed = _settings(args)
    report = tournament_report(variant, results, stage, seed)
    rules = sorted({r for s in report.standings for r in report.points_by_rule(s.team)})
    _emit(args.format, lambda: tournament_text(variant, report), lambda: tournament_data(report),
          ["rank", "team", "points", "matches", *rules, "drawn", "tied"],
          lambda: [[s.rank, s.team, s.points, s.matches, *(report.points_by_rule(s.team).get(r, 0) for r in rules),
                    " ".join(map(str, s.drawn)), "yes" if s.tied else ""] for s in report.standings])
    return 0


def tournament_text(variant: Variant, report: TournamentReport) -> str:
    from gouji.tools.organiser import DISQUALIFY_RULE, standings_table

    count = len(report.matches)
    lines = [f"{variant.name} tournament, {report.stage}: {count} match{'' if count == 1 else 'es'}", "",
             standings_table(report.standings, report)]
    for team, reason in report.disqualified:
        lines.append(f"disqualified: {team} — {reason} [{DISQUALIFY_RULE}]: all its results cancelled")
    lines += ["", "matches:"]
    cheats = dict(report.disqualified)
    for match in report.matches:
        (a, b), (x, y) = match.teams, match.totals
        out = [t for t in match.teams if t in cheats]
        result = (f"{' and '.join(out)} disqualified [{DISQUALIFY_RULE}]" if out else
                  f"{match.winner} wins ({match.how})" if match.winner else f"not decided ({match.how})")
        lines.append(f"  {match.match}: {a} {x:+d}, {b} {y:+d} — {result}")
    return "\n".join(lines)


def tournament_data(report: TournamentReport) -> dict[str, Any]:
    return {
        "stage": report.stage,
        "standings": [{"rank": s.rank, "team": s.team, "points": s.points, "matches": s.matches,
                       "points_by_rule": report.points_by_rule(s.team),
                       "drawn": [str(c) for c in s.drawn], "tied": s.tied} for s in report.standings],
        "disqualified": [{"team": t, "reason": r} for t, r in report.disqualified],
        "matches": [match_data(m, report.stage) for m in report.matches],
    }


# -- output -----------------------------------------------------------------------------------------------
def _emit(fmt: str, text: Any, data: Any, header: Sequence[str], rows: Any) -> None:
    if fmt == "json":
        print(json.dumps(data(), ensure_ascii=False, indent=1))
    elif fmt == "csv":
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(header)
        writer.writerows([[spreadsheet_safe(cell) for cell in row] for row in rows()])
        print(out.getvalue(), end="")
    else:
        print(text())


#: A spreadsheet reads a cell beginning with one of these as a formula (CSV injection).
_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_safe(cell: object) -> object:
    """A text cell that a spreadsheet would run as a formula (a team named ``=HYPERLINK(…)``),
    quoted with a leading ``'``; numbers and other text as they are."""
    if isinstance(cell, str) and cell.startswith(_FORMULA_STARTS) and not _is_number(cell):
        return "'" + cell
    return cell


def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return text.strip() == text

