"""The organiser's desk: a game scored from its finish order, and matches and tournaments
scored from a file of results, every point with the rule behind it.

An organiser does not replay games: he writes down how each game ended (the
finish order, seat of 头科 first) and the points the referee and the
scorekeeper gave on top (a burn's 烧贡, a breach's −1). :func:`score_result`
turns one such row into a :class:`gouji.Score`; :func:`read_results` reads a
file of rows (TOML or CSV, one game a row); :func:`match_report` and
:func:`tournament_report` add them up (the district's
:class:`~gouji.rules.district.tournament.Tournament` and
draw, SCORE-4; a disqualification, REF-5).

A CSV file has a header row with the columns ``match``, ``team0``, ``team1``,
``finish_order`` (seats separated by spaces), ``bonuses``, ``penalties``
(items ``TEAM:POINTS:RULE:REASON`` separated by ``;``, ``TEAM`` a team's
name, or 0 for seats 0, 2, 4 and 1 for seats 1, 3, 5) and ``decider``
(``yes`` for a final's deciding game); only ``finish_order`` is required. It may start
with a byte-order mark, and separate its columns by ``;`` where its header has no comma. A
TOML file holds the same rows as ``[[games]]`` tables, and may also set
``variant``, ``stage``, ``seed``, ``teams`` and ``[[disqualified]]`` teams
(``team``, ``reason``).
"""

from __future__ import annotations

import csv
import io
import random
import re
import tomllib
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import attrs

from gouji.engine.events import PLACE_NAMES
from gouji.engine.scoring import Adjustment, Score, team_of
from gouji.engine.suggest import did_you_mean
from gouji.errors import GoujiError
from gouji.plugins.files import UnreadableFile, read_bounded
from gouji.rules.index import RULES, is_known_rule

if TYPE_CHECKING:
    from gouji.plugins.variant import Variant
    from gouji.rules.district.match import TieBreak

#: The rule that scores the places, by the plugin that scores them (the rules index's SCORE-n).
SCORE_RULES = {"provincial": "SCORE-1", "dagang": "SCORE-2", "district": "SCORE-3", "dagang196": "SCORE-5"}
#: The draw that orders tied teams, and disqualification for cheating (book T).
DRAW_RULE, DISQUALIFY_RULE = "SCORE-4", "REF-5"
RULE_ID = re.compile(r"[A-Z]{2,}-\d+")
#: The largest file of results read (a season of a big club is a few hundred kilobytes).
MAX_RESULTS_BYTES = 4 * 1024 * 1024
CSV_COLUMNS = ("match", "team0", "team1", "finish_order", "bonuses", "penalties", "decider")
DEFAULT_TEAMS = ("team 0", "team 1")


class ResultsError(GoujiError, ValueError):
    """A file of results, or a bonus or penalty given on the command line, is malformed.

    The message names the file and the row (or the option) and what was expected."""


def score_rule(variant: Variant) -> str:
    """The rule ID that scores the places of ``variant`` (SCORE-1 for a variant of the core only)."""
    for plugin in variant.plugins:
        if plugin in SCORE_RULES:
            return SCORE_RULES[plugin]
    return "SCORE-1"


def parse_adjustment(text: str, teams: Sequence[str] = DEFAULT_TEAMS, penalty: bool = False,
                     house_rule: bool = False) -> Adjustment:
    """``"TEAM:POINTS:RULE[:REASON]"`` as an :class:`~gouji.Adjustment`; a penalty's points are
    taken away (``"1:1:REF-4:speech"``: team 1 loses a point). ``TEAM`` is 0, 1 or a team's name;
    ``POINTS`` above 0; ``RULE`` an ID of the rules reference, or any ID of the same form where
    ``house_rule`` (a house variant's own rules, such as ``QD-2``)."""
    parts = [p.strip() for p in text.split(":", 3)]
    if len(parts) < 3:
        raise ResultsError(f"{text!r}: expected TEAM:POINTS:RULE[:REASON], for example 1:1:REF-4:speech")
    team_text, points_text, rule = parts[:3]
    reason = parts[3] if len(parts) == 4 else ""
    if team_text in ("0", "1"):
        team = int(team_text)
    elif team_text in teams:
        team = list(teams).index(team_text)
    else:
        names = [f"'{t}'" for t in teams]
        raise ResultsError(f"{text!r}: the team is 0, 1, {', '.join(names[:-1])} or {names[-1]}, not {team_text!r}")
    # A bonus is an adjustment as the rules give it, signed where they take a point (TRIB-5's
    # 不开点 -1); a penalty is the points taken away, so a sign there would be read twice.
    digits = points_text.removeprefix("-") if not penalty else points_text
    if not (digits.isascii() and digits.isdigit()) or int(digits) == 0 or len(digits) > 6:
        if penalty and points_text.startswith(("-", "+")):
            raise ResultsError(f"{text!r}: a penalty's points are written without a sign: it takes them away "
                               f"(the penalty {team_text}:{points_text.lstrip('+-')}:{rule})")
        raise ResultsError(f"{text!r}: points are a whole number other than 0, not {points_text!r}")
    points = int(points_text)
    if not RULE_ID.fullmatch(rule):
        raise ResultsError(f"{text!r}: name the rule behind the points as the rules index does (REF-4), "
                           f"not {rule!r}")
    if not is_known_rule(rule) and not house_rule:
        raise ResultsError(f"{text!r}: {rule!r} is no rule of gouji's rules reference"
                           f"{did_you_mean(rule, RULES)}")
    if penalty:
        points = -points
    return Adjustment(team, points, rule, reason or ("penalty" if penalty else "bonus"))


def is_house_variant(variant: Variant) -> bool:
    """Does the variant load plugins beyond gouji's own rulebooks (whose rules have IDs of their own)?"""
    from gouji.plugins.manager import BUILTIN_PLUGINS

    return bool(variant.plugin_files) or any(p not in BUILTIN_PLUGINS for p in variant.plugins)


def check_rules(variant: Variant, results: Results, where: str) -> None:
    """Every bonus and penalty of ``results`` names a rule of the rules reference, unless the
    variant is a house variant (its plugins' rules have IDs of their own, ``QD-2``)."""
    if is_house_variant(variant):
        return
    for game in results.games:
        for adjustment in game.adjustments:
            if not is_known_rule(adjustment.rule):
                raise ResultsError(f"{where}: row {game.row}: {adjustment.rule!r} is no rule of gouji's rules "
                                   f"reference{did_you_mean(adjustment.rule, RULES)}")


def score_result(variant: Variant, finish_order: Sequence[int],
                 adjustments: Sequence[Adjustment] = ()) -> Score:
    """The score of a game that ended in ``finish_order``, with the bonuses and penalties given."""
    return variant.score(finish_order).with_adjustments(adjustments)


def score_lines(variant: Variant, score: Score, teams: Sequence[str] = DEFAULT_TEAMS) -> list[str]:
    """One line per point of ``score``, each with the rule behind it."""
    rule = score_rule(variant)
    lines = []
    for place, seat in enumerate(score.finish_order):
        zh, en = PLACE_NAMES[place]
        lines.append(f"  {zh} {en:<3}  seat {seat} ({teams[team_of(seat)]})  "
                     f"{score.seat_points[seat]:+d}  [{rule}]")
    sums = [sum(score.seat_points[t::2]) for t in (0, 1)]
    base = [score.team_points[t] - sum(a.points for a in score.adjustments if a.team == t) for t in (0, 1)]
    lines.append(f"  places: {teams[0]} {sums[0]:+d}, {teams[1]} {sums[1]:+d}  [{rule}]")
    if base != sums:
        why = "串三户 sweep" if score.sweep else "the rule's count of the places"
        lines.append(f"  counted ({why}): {teams[0]} {base[0]:+d}, {teams[1]} {base[1]:+d}  [{rule}]")
    for adj in score.adjustments:
        lines.append(f"  {teams[adj.team]} {adj.points:+d}  [{adj.rule}] {adj.reason}")
    return lines


# -- files of results ---------------------------------------------------------------------
@attrs.frozen
class GameResult:
    """One row: how a game ended and what was given on top."""

    match: str
    teams: tuple[str, str]
    finish_order: tuple[int, ...]
    adjustments: tuple[Adjustment, ...] = ()
    decider: bool = False
    row: int = 0


@attrs.frozen
class Results:
    """A file of results: its settings (``None`` where the file does not say) and its rows."""

    games: tuple[GameResult, ...]
    variant: str | None = None
    stage: str | None = None
    seed: int | None = None
    disqualified: tuple[tuple[str, str], ...] = ()


def read_results(path: str | Path) -> Results:
    """Read a file of results: TOML (``.toml``) or CSV (anything else)."""
    path = Path(path)
    try:
        # utf-8-sig: Excel's "CSV UTF-8" starts with a byte-order mark.
        text = read_bounded(path, MAX_RESULTS_BYTES).decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise ResultsError(f"{path}: a file of results is UTF-8 text ({exc.reason} at byte {exc.start}); "
                           "save it as UTF-8") from None
    except UnreadableFile as exc:
        raise ResultsError(f"{path}: a file of results is a regular file of at most {MAX_RESULTS_BYTES} "
                           f"bytes ({exc})") from None
    except OSError as exc:
        raise ResultsError(f"{path}: cannot be read: {exc.strerror or exc}") from None
    if path.suffix.lower() == ".toml":
        return _read_toml(text, str(path))
    return _read_csv(text, str(path))


def _csv_delimiter(text: str) -> str:
    """The header's separator: a comma, or the semicolon or tab that spreadsheets set to
    write where the comma is the decimal mark."""
    first = text.split("\n", 1)[0]
    for delimiter in (",", ";", "\t"):
        if delimiter in first:
            return delimiter
    return ","


def _csv_decider(word: str, at: str) -> bool:
    """The ``decider`` column: yes or no (empty: no); a word that is neither is refused rather
    than read as no."""
    word = word.strip().lower()
    if word in ("yes", "true", "1", "y"):
        return True
    if word in ("", "no", "false", "0", "n"):
        return False
    raise ResultsError(f"{at}: decider is yes or no (or empty), not {word[:20]!r}")


def _read_csv(text: str, where: str) -> Results:
    reader = csv.DictReader(io.StringIO(text), delimiter=_csv_delimiter(text))
    header = [h.strip() for h in reader.fieldnames or ()]
    unknown = [h for h in header if h not in CSV_COLUMNS]
    if "finish_order" not in header or unknown:
        got = ", ".join(repr(h) for h in header) or "no header"
        raise ResultsError(f"{where}: the header names the columns {', '.join(CSV_COLUMNS)} "
                           f"(finish_order required), separated by commas (or semicolons); got {got}")
    games = []
    for number, row in enumerate(reader, start=2):
        clean = {k.strip(): (v or "").strip() for k, v in row.items() if k is not None}
        if not any(clean.values()):
            continue
        items = {key: [i for i in clean.get(key, "").split(";") if i.strip()] for key in ("bonuses", "penalties")}
        games.append(_game(where, number, {
            "match": clean.get("match") or None,
            "teams": [clean.get("team0") or DEFAULT_TEAMS[0], clean.get("team1") or DEFAULT_TEAMS[1]],
            "finish_order": [_csv_seat(word) for word in clean["finish_order"].split()],
            "bonuses": items["bonuses"], "penalties": items["penalties"],
            "decider": _csv_decider(clean.get("decider", ""), f"{where}, line {number}"),
        }, None))
    return Results(tuple(games))


def _read_toml(text: str, where: str) -> Results:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ResultsError(f"{where}: not TOML: {exc}") from exc
    except RecursionError:
        raise ResultsError(f"{where}: nested too deeply to be a file of results") from None
    known = {"variant", "stage", "seed", "teams", "games", "disqualified"}
    if set(data) - known:
        raise ResultsError(f"{where}: unknown keys {sorted(set(data) - known)}; known: {sorted(known)}")
    for key, kind in (("variant", str), ("stage", str), ("seed", int)):
        if key in data and (not isinstance(data[key], kind) or isinstance(data[key], bool)):
            raise ResultsError(f"{where}: {key!r} is a {kind.__name__}, not {data[key]!r}")
    rows = data.get("games")
    if not isinstance(rows, list) or not all(isinstance(r, dict) for r in rows):
        raise ResultsError(f"{where}: the games are [[games]] tables, one game each")
    games = tuple(_game(where, i, row, data.get("teams")) for i, row in enumerate(rows, start=1))
    out = []
    for entry in data.get("disqualified", []):
        if not isinstance(entry, dict) or not isinstance(entry.get("team"), str) \
                or not isinstance(entry.get("reason"), str) or not entry["reason"].strip():
            raise ResultsError(f"{where}: a [[disqualified]] entry has a team and a reason, not {entry!r}")
        out.append((entry["team"], entry["reason"]))
    return Results(games, data.get("variant"), data.get("stage"), data.get("seed"), tuple(out))


def _seat(value: Any) -> int | None:
    return value if type(value) is int else None


def _csv_seat(text: str) -> int | str:
    """A CSV cell's seat: one ASCII digit 0-5 (else the text, for the error to show)."""
    return int(text) if len(text) == 1 and text in "012345" else text


def _game(where: str, row: int, data: Mapping[str, Any], default_teams: Any) -> GameResult:
    at = f"{where}: game {row}" if where.endswith(".toml") else f"{where}: row {row}"
    known = {"match", "teams", "finish_order", "bonuses", "penalties", "decider"}
    if set(data) - known:
        raise ResultsError(f"{at}: unknown keys {sorted(set(data) - known)}; known: {sorted(known)}")
    teams = data.get("teams") or default_teams or list(DEFAULT_TEAMS)
    if not isinstance(teams, list) or len(teams) != 2 or len(set(teams)) != 2 \
            or not all(isinstance(t, str) and t.strip() for t in teams):
        raise ResultsError(f"{at}: teams are two distinct names, not {teams!r}")
    order = data.get("finish_order")
    # A seat is an integer in TOML, ASCII digits in CSV: not true, not '5', not '٣'.
    given = [_seat(s) for s in order] if isinstance(order, list) else [None]
    seats = tuple(s for s in given if s is not None) if None not in given else None
    if seats is None or sorted(seats) != list(range(6)):
        raise ResultsError(f"{at}: finish_order lists the seats 0-5 once each, first place first, not {order!r}")
    adjustments: list[Adjustment] = []
    for key, penalty in (("bonuses", False), ("penalties", True)):
        items = data.get(key, [])
        if not isinstance(items, list):
            raise ResultsError(f"{at}: {key} are a list")
        for item in items:
            if isinstance(item, dict):
                item = ":".join(str(item.get(k, "")) for k in ("team", "points", "rule", "reason"))
            if not isinstance(item, str):
                raise ResultsError(f"{at}: {key}: {item!r} is not TEAM:POINTS:RULE:REASON")
            try:
                adjustments.append(parse_adjustment(item, teams, penalty, house_rule=True))
            except ResultsError as exc:
                raise ResultsError(f"{at}: {key}: {exc}") from None
    decider = data.get("decider", False)
    if not isinstance(decider, bool):
        raise ResultsError(f"{at}: decider is true or false, not {decider!r}")
    match = data.get("match") or f"{teams[0]} v {teams[1]}"
    if not isinstance(match, str):
        match = str(match)
    return GameResult(match, (teams[0], teams[1]), seats, tuple(adjustments), decider, row)


# -- reports ------------------------------------------------------------------------------------
@attrs.frozen
class PointLine:
    """Points a team got for one reason: ``(team, rule, points, what)``."""

    team: str
    rule: str
    points: int
    what: str


@attrs.frozen
class MatchReport:
    """One match's games, totals and result (``winner``: a team's name, ``None`` while open).

    ``tie`` is the draw that settled a level preliminary (sides 0 and 1, SCORE-4);
    ``disqualified`` the side disqualified and why (REF-5)."""

    match: str
    teams: tuple[str, str]
    scores: tuple[Score, ...]
    deciders: tuple[Score, ...]
    totals: tuple[int, int]
    winner: str | None
    how: str
    points: tuple[PointLine, ...]
    tie: TieBreak | None = None
    disqualified: tuple[int, str] | None = None


def _point_lines(variant: Variant, teams: Sequence[str], score: Score, game: str) -> list[PointLine]:
    rule = score_rule(variant)
    base = [score.team_points[t] - sum(a.points for a in score.adjustments if a.team == t) for t in (0, 1)]
    out = [PointLine(teams[t], rule, base[t], f"{game}: places") for t in (0, 1)]
    out += [PointLine(teams[a.team], a.rule, a.points, f"{game}: {a.reason}") for a in score.adjustments]
    return out


def _check_games(games: Sequence[tuple[GameResult, Score]], stage: str) -> None:
    """T 一.2 "为二局计分制": two games a match; deciding games only in a final, only after
    two level games and only while the deciding games so far are level. A disqualification
    (REF-5) refuses none of them: the file does not say when the team was caught, and T 一.9
    cancels results already played ("取消…全部比赛成绩"), as :meth:`Match.disqualify
    <gouji.rules.district.match.Match.disqualify>` does after any game."""
    from gouji.rules.district.match import FINAL, GAMES_PER_MATCH

    played = 0
    totals = [0, 0]
    for game, score in games:
        if not game.decider:
            played += 1
            if played > GAMES_PER_MATCH:
                raise ResultsError(f"row {game.row}: a match is {GAMES_PER_MATCH} games (T 一.2 为二局计分制); "
                                   "this is a third: a final's deciding game is marked decider")
        elif stage != FINAL:
            raise ResultsError(f"row {game.row}: a deciding game belongs to a final; a level preliminary "
                               f"is settled by the draw [{DRAW_RULE}]")
        elif played < GAMES_PER_MATCH or totals[0] != totals[1]:
            raise ResultsError(f"row {game.row}: a deciding game follows the two games, only when they leave "
                               f"the teams level (T 一.2 如二队平分则加赛一场); here {totals[0]}:{totals[1]}")
        # The two games and the deciding games so far: level as long as the deciders are.
        totals = [totals[0] + score.team_points[0], totals[1] + score.team_points[1]]


def match_report(variant: Variant, games: Sequence[GameResult], stage: str = "preliminary",
                 seed: int = 0, disqualified: Sequence[tuple[str, str]] = ()) -> MatchReport:
    """Add up one match's rows (T 一.2 二局计分制): after its two games the higher total
    wins; a preliminary's tie is drawn for (SCORE-4, from ``seed``); a final's tie waits for
    deciding games (rows with ``decider``), summed until one team is ahead. A team named in
    ``disqualified`` (REF-5, ``(team, reason)``) loses the match at once. The result is
    :func:`gouji.rules.district.match.outcome`'s, the rule of a played
    :class:`~gouji.rules.district.match.Match`."""
    from gouji.rules.district.match import FINAL, GAMES_PER_MATCH, PRELIMINARY, draw_lots, outcome

    if stage not in (PRELIMINARY, FINAL):
        raise ResultsError(f"a stage is {PRELIMINARY} or {FINAL}, not {stage!r}")
    if stage == FINAL and not any(variant.options["place_points"]) and not variant.options["sweep_points"]:
        # SCORE-5, as a played Match refuses it: every game scores 0:0, no deciding game decides.
        raise ResultsError(f"variant {variant.name!r} keeps no points: its matches can only be "
                           f"preliminaries, settled by the draw [{DRAW_RULE}]")
    if not games:
        raise ResultsError("a match has at least one game")
    teams = games[0].teams
    for game in games:
        if game.teams != teams:
            raise ResultsError(f"row {game.row}: teams {list(game.teams)} differ from the match's {list(teams)}")
    cheats = [(teams.index(t), r) for t, r in disqualified if t in teams]
    cheat = cheats[0] if cheats else None
    both = len({side for side, _ in cheats}) == 2
    scored = [(g, score_result(variant, g.finish_order, g.adjustments)) for g in games]
    _check_games(scored, stage)
    scores = tuple(s for g, s in scored if not g.decider)
    deciders = tuple(s for g, s in scored if g.decider)
    points: list[PointLine] = []
    for number, score in enumerate(scores, start=1):
        points += _point_lines(variant, teams, score, f"game {number}")
    for number, score in enumerate(deciders, start=1):
        points += _point_lines(variant, teams, score, f"deciding game {number}")
    totals = (sum(s.team_points[0] for s in scores), sum(s.team_points[1] for s in scores))
    rule = score_rule(variant)
    winner: str | None = None
    tie = None
    if both:
        # REF-5: both teams cheated; neither wins what T 一.9 cancels for both.
        how = " and ".join(f"{teams[side]} disqualified [{DISQUALIFY_RULE}]: {why}" for side, why in cheats)
    elif cheat is not None:
        winner = teams[1 - cheat[0]]
        how = f"{teams[cheat[0]]} disqualified [{DISQUALIFY_RULE}]: {cheat[1]}"
    elif len(scores) < GAMES_PER_MATCH:
        how = f"game {len(scores) + 1} of {GAMES_PER_MATCH} is still to play [{rule}]"
    else:
        if totals[0] == totals[1] and stage == PRELIMINARY:
            tie = draw_lots((0, 1), random.Random(seed))
        drawn = tie
        side = outcome(stage, totals, [s.team_points for s in deciders],
                       lambda: drawn if drawn is not None else draw_lots((0, 1), random.Random(seed)))
        winner = None if side is None else teams[side]
        if totals[0] != totals[1]:
            how = f"the higher total [{rule}]"
        elif tie is not None:
            cards = ", ".join(f"{teams[int(s)]} {card}" for s, card in tie.draws)  # type: ignore[call-overload]
            how = (f"level: the draw [{DRAW_RULE}] ({cards}; A lowest to 10 highest, a J, Q, K or joker "
                   "drawn again, as a tie is)")
        elif side is None:
            how = f"level: a deciding game is played [{DRAW_RULE}]"
        else:
            how = f"level: the deciding game [{DRAW_RULE}]"
    return MatchReport(games[0].match, teams, scores, deciders, totals, winner, how, tuple(points), tie, cheat)


def group_matches(results: Results) -> list[list[GameResult]]:
    """The rows of each match, in the order the matches first appear."""
    groups: dict[str, list[GameResult]] = {}
    for game in results.games:
        groups.setdefault(game.match, []).append(game)
    return list(groups.values())


@attrs.frozen
class TournamentReport:
    """The standings, the matches they come from and every point with its rule."""

    stage: str
    standings: tuple[Any, ...]
    matches: tuple[MatchReport, ...]
    disqualified: tuple[tuple[str, str], ...]

    def points_by_rule(self, team: str) -> dict[str, int]:
        """A team's points per rule ID, over its matches (deciding games apart: they only order)."""
        out: dict[str, int] = {}
        for match in self.matches:
            for line in match.points:
                if line.team == team and not line.what.startswith("deciding"):
                    out[line.rule] = out.get(line.rule, 0) + line.points
        return out


def tournament_report(variant: Variant, results: Results, stage: str = "preliminary",
                      seed: int = 0) -> TournamentReport:
    """The standings of a tournament (T 一.2) from its rows: each team's total over its
    matches; deciding games of the final only order tied teams; a disqualified team's
    results are cancelled (REF-5)."""
    from gouji.rules.district.match import GAMES_PER_MATCH
    from gouji.rules.district.tournament import Tournament

    tournament = Tournament(stage, seed)
    matches = tuple(match_report(variant, rows, stage, seed, results.disqualified)
                    for rows in group_matches(results))
    played = {team for match in matches for team in match.teams}
    for team, reason in results.disqualified:
        if team not in played:
            raise ResultsError(f"disqualified team {team!r} played no match")
        if team not in tournament.disqualified:
            # REF-5 (T 一.9): every team the file names, also one whose match names the other too.
            tournament.disqualify(team, reason)
    for match in matches:
        if match.disqualified is None and len(match.scores) < GAMES_PER_MATCH:
            raise ResultsError(f"match {match.match!r} has {len(match.scores)} game; a match is "
                               f"{GAMES_PER_MATCH} games (T 一.2 为二局计分制)")
        tournament.add_result(match.teams, match.totals, tie=match.tie,
                              deciders=[s.team_points for s in match.deciders], disqualified=match.disqualified)
    return TournamentReport(stage, tuple(tournament.standings()), matches, results.disqualified)


# -- printing ------------------------------------------------------------------------------------
def text_width(text: str) -> int:
    """Columns ``text`` takes in a terminal (a Chinese character takes two)."""
    import unicodedata

    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def table(header: Sequence[str], rows: Sequence[Sequence[object]], right: Sequence[int] = ()) -> str:
    """Rows as aligned columns under ``header`` (columns in ``right`` aligned right)."""
    cells = [[str(c) for c in header]] + [[str(c) for c in row] for row in rows]
    widths = [max(text_width(row[i]) for row in cells) for i in range(len(header))]
    lines = []
    for row in cells:
        parts = []
        for i, cell in enumerate(row):
            space = " " * (widths[i] - text_width(cell))
            parts.append(space + cell if i in right else cell + space)
        lines.append("  ".join(parts).rstrip())
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)


def standings_table(standings: Sequence[Any], report: TournamentReport | None = None) -> str:
    """The standings as a table; with ``report``, each team's points per rule too."""
    rules = sorted({r for s in standings for r in (report.points_by_rule(s.team) if report else {})})
    header = ["rank", "team", "points", "matches", *rules, "note"]
    rows = []
    for s in standings:
        by_rule = report.points_by_rule(s.team) if report else {}
        note = []
        if s.drawn:
            note.append(f"drew {' '.join(map(str, s.drawn))} [{DRAW_RULE}]")
        if s.tied:
            note.append(f"tied: a deciding game is due [{DRAW_RULE}]")
        rows.append([s.rank, s.team, s.points, s.matches, *(f"{by_rule.get(r, 0):+d}" for r in rules),
                     "; ".join(note)])
    return table(header, rows, right=[0, 2, 3, *range(4, 4 + len(rules))])
