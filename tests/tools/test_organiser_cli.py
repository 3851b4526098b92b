"""``gouji score``, ``gouji match`` and ``gouji tournament``: points with their rules, CSV and JSON."""

from __future__ import annotations

import csv
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

import gouji
from gouji.rules.district.tournament import rank_teams
from gouji.tools.cli import main

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "organiser"
ENTRY_POINT = ("import sys; from importlib.metadata import entry_points; "
               "sys.exit(entry_points(group='console_scripts')['gouji'].load()(sys.argv[1:]))")


def gouji_command(*argv: str) -> subprocess.CompletedProcess[str]:
    """The installed ``gouji`` command, run through its console-script entry point."""
    return subprocess.run([sys.executable, "-c", ENTRY_POINT, *argv], check=False, capture_output=True, text=True,
                          encoding="utf-8", timeout=120)


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.rule("SCORE-3")
def test_score_prints_each_place_with_its_rule_through_the_entry_point():
    """T 二.4: places score 7, 5, 4, 3, 2, 1 (SCORE-3)."""
    done = gouji_command("score", "--variant", "district", "1", "3", "4", "5", "0", "2")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "district: finish order 1 3 4 5 0 2"
    assert "头科 1st  seat 1 (team 1)  +7  [SCORE-3]" in lines[1]
    assert "大落 6th  seat 2 (team 0)  +1  [SCORE-3]" in lines[6]
    assert lines[-1] == "score: team 0 +7, team 1 +15 — team 1 wins"


def test_score_takes_bonuses_and_penalties_with_their_rules(capsys):
    code, out, _ = run(capsys, "score", "--variant", "district", "1", "3", "4", "5", "0", "2",
                       "--bonus", "0:1:TRIB-7:烧贡", "--penalty", "1:1:REF-4:speech by seat 3")
    assert code == 0
    assert "team 0 +1  [TRIB-7] 烧贡" in out and "team 1 -1  [REF-4] speech by seat 3" in out
    assert out.splitlines()[-1] == "score: team 0 +8, team 1 +14 — team 1 wins"


@pytest.mark.rule("SCORE-1")
def test_score_exports_json_and_csv_that_agree_with_the_variant(capsys):
    """P§21: a sweep (串三户) scores 8 (SCORE-1)."""
    _, out, _ = run(capsys, "score", "0", "2", "4", "1", "3", "5", "--format", "json")
    data = json.loads(out)
    expected = gouji.load_variant("provincial").score([0, 2, 4, 1, 3, 5])
    assert data["team_points"] == list(expected.team_points) == [8, -8]
    assert data["sweep"] is True and data["places_rule"] == "SCORE-1"
    _, out, _ = run(capsys, "score", "0", "2", "4", "1", "3", "5", "--format", "csv", "--penalty", "0:2:REF-1")
    rows = list(csv.DictReader(io.StringIO(out)))
    assert [(r["team"], r["rule"], r["points"]) for r in rows] == [
        ("0", "SCORE-1", "8"), ("1", "SCORE-1", "-8"), ("0", "REF-1", "-2")]


@pytest.mark.parametrize("argv, words", [
    (["score", "1", "2", "3", "4", "5", "5"], "each seat 0-5 once"),
    (["score", "1", "2", "3", "4", "5", "0", "--bonus", "2:1:REF-4"], "the team is 0, 1"),
    (["score", "1", "2", "3", "4", "5", "0", "--bonus", "0:x:REF-4"], "whole number"),
    (["score", "1", "2", "3", "4", "5", "0", "--bonus", "0:1:burned"], "name the rule"),
    (["score", "1", "2", "3", "4", "5", "0", "--penalty", "0"], "TEAM:POINTS:RULE"),
    (["match", "no-such-file.csv"], "no-such-file.csv"),
])
def test_bad_input_is_one_line_and_status_2(capsys, argv, words):
    code, out, err = run(capsys, *argv)
    assert code == 2 and not out
    assert len(err.strip().splitlines()) == 1 and words in err


def test_match_from_a_csv_file(capsys):
    code, out, _ = run(capsys, "match", str(EXAMPLES / "match.csv"))
    assert code == 0
    assert "first round (district, preliminary): 东区一队 (seats 0, 2, 4) v 西区二队 (seats 1, 3, 5)" in out
    assert "东区一队 +1  [TRIB-7] 烧贡 seat 2 burned seat 1" in out
    assert "totals: 东区一队 +23, 西区二队 +21" in out
    assert out.splitlines()[-1] == "result: 东区一队 wins — the higher total [SCORE-3]"
    _, out, _ = run(capsys, "match", str(EXAMPLES / "match.csv"), "--format", "json")
    data = json.loads(out)
    assert data["totals"] == [23, 21] and data["winner"] == "东区一队"
    assert {(p["rule"], p["points"]) for p in data["points"]} >= {("TRIB-7", 1), ("REF-4", -1)}


@pytest.mark.rule("SCORE-4")
def test_a_level_preliminary_match_is_drawn_for(tmp_path, capsys):
    """T 二.4: "预赛得分相等，采用抽签定胜负" (SCORE-4)."""
    results = tmp_path / "level.toml"
    results.write_text('teams = ["A", "B"]\n[[games]]\nfinish_order = [0, 1, 2, 3, 4, 5]\n'
                       '[[games]]\nfinish_order = [1, 0, 3, 2, 5, 4]\n', encoding="utf-8")
    _, out, _ = run(capsys, "match", str(results), "--seed", "5")
    assert "totals: A +22, B +22" in out
    assert "level: the draw [SCORE-4]" in out.splitlines()[-1]
    assert out.splitlines()[-1].startswith(("result: A wins", "result: B wins"))


@pytest.mark.rule("SCORE-4")
def test_a_level_final_waits_for_its_deciding_game(tmp_path, capsys):
    """T 二.4: "决赛则采用决胜局定胜负的方法" (SCORE-4)."""
    rows = "finish_order,decider\n0 1 2 3 4 5,\n1 0 3 2 5 4,\n"
    results = tmp_path / "final.csv"
    results.write_text(rows, encoding="utf-8")
    _, out, _ = run(capsys, "match", str(results), "--stage", "final")
    assert out.splitlines()[-1] == "result: not decided yet — level: a deciding game is played [SCORE-4]"
    results.write_text(rows + "1 3 0 2 4 5,yes\n", encoding="utf-8")
    _, out, _ = run(capsys, "match", str(results), "--stage", "final")
    assert out.splitlines()[-1] == "result: team 1 wins — level: the deciding game [SCORE-4]"
    assert "totals: team 0 +22, team 1 +22" in out


def test_a_match_of_another_variant(tmp_path, capsys):
    results = tmp_path / "p.csv"
    results.write_text("finish_order\n0 2 4 1 3 5\n1 0 3 2 5 4\n", encoding="utf-8")
    _, out, _ = run(capsys, "match", str(results), "--variant", "provincial")
    assert "[SCORE-1]" in out and "counted (串三户 sweep): team 0 +8, team 1 -8  [SCORE-1]" in out
    assert "totals: team 0 +6, team 1 -6" in out
    assert out.splitlines()[-1] == "result: team 0 wins — the higher total [SCORE-1]"


def test_tournament_standings_as_a_table_with_the_rule_behind_each_point(capsys):
    code, out, _ = run(capsys, "tournament", str(EXAMPLES / "tournament.toml"))
    assert code == 0
    lines = out.splitlines()
    header = next(line for line in lines if line.startswith("rank"))
    assert header.split() == ["rank", "team", "points", "matches", "PLAY-5", "REF-4", "SCORE-3", "TRIB-7", "note"]
    table = lines[lines.index(header) + 2: lines.index(header) + 6]
    assert sorted(line.split()[1] for line in table) == sorted(["东区一队", "西区二队", "南区队", "北区队"])
    assert "Card(" not in out and "Standing(" not in out
    west = next(line for line in table if "西区二队" in line).split()
    assert west[2:8] == ["21", "1", "+0", "-1", "+22", "+0"]


def test_tournament_exports_csv_and_json(capsys):
    _, out, _ = run(capsys, "tournament", str(EXAMPLES / "tournament.toml"), "--format", "csv")
    rows = list(csv.DictReader(io.StringIO(out)))
    assert [r["rank"] for r in rows] == ["1", "2", "3", "4"]
    assert {r["team"]: int(r["points"]) for r in rows} == {"东区一队": 23, "西区二队": 21, "南区队": 22, "北区队": 23}
    for row in rows:  # the points by rule add up to the total
        assert sum(int(row[k]) for k in ("PLAY-5", "REF-4", "SCORE-3", "TRIB-7")) == int(row["points"])
    _, out, _ = run(capsys, "tournament", str(EXAMPLES / "tournament.toml"), "--format", "json")
    data = json.loads(out)
    assert [s["team"] for s in data["standings"]] == [r["team"] for r in rows]
    assert len(data["matches"]) == 2


@pytest.mark.rule("REF-5")
def test_a_disqualified_team_leaves_the_standings(tmp_path, capsys):
    """T 一.9: "凡弄虚作假…取消比赛资格及全部比赛成绩" (REF-5)."""
    text = (EXAMPLES / "tournament.toml").read_text(encoding="utf-8")
    results = tmp_path / "t.toml"
    results.write_text(text + '\n[[disqualified]]\nteam = "北区队"\nreason = "signals at the table"\n',
                       encoding="utf-8")
    _, out, _ = run(capsys, "tournament", str(results))
    assert "disqualified: 北区队 — signals at the table [REF-5]" in out
    table = out.split("matches:")[0]
    ranked = [line.split() for line in table.splitlines() if line.strip()[:1].isdigit()]
    assert [row[1] for row in ranked] == ["东区一队", "南区队", "西区二队"]
    assert "round 1, table 2: 南区队 +22, 北区队 +23 — 北区队 disqualified [REF-5]" in out


@pytest.mark.parametrize("content, words", [
    ("variant = 3\n", "'variant' is a str"),
    ("games = 1\n", "[[games]] tables"),
    ("[[games]]\nfinish_order = [0, 1]\n", "game 1: finish_order"),
    ("[[games]]\nfinish_order = [0, 1, 2, 3, 4, 5]\nteams = ['a', 'a']\n", "two distinct names"),
    ("[[games]]\nfinish_order = [0, 1, 2, 3, 4, 5]\nwho = 1\n", "unknown keys"),
    ("[[games]]\nfinish_order = [0, 1, 2, 3, 4, 5]\ndecider = 'x'\n", "decider"),
    ("[[games]]\nfinish_order = [0, 1, 2, 3, 4, 5]\npenalties = [{team = 3, points = 1, rule = 'REF-4'}]\n",
     "penalties"),
    ("[[games]\n", "not TOML"),
])
def test_bad_result_files_name_the_row(tmp_path, capsys, content, words):
    results = tmp_path / "bad.toml"
    results.write_text(content, encoding="utf-8")
    code, _, err = run(capsys, "tournament", str(results))
    assert code == 2 and words in err and len(err.strip().splitlines()) == 1


def test_a_csv_file_needs_a_finish_order_column(tmp_path, capsys):
    results = tmp_path / "bad.csv"
    results.write_text("match,order\nx,0 1 2 3 4 5\n", encoding="utf-8")
    code, _, err = run(capsys, "match", str(results))
    assert code == 2 and "finish_order required" in err



def test_a_csv_decider_is_yes_or_no(tmp_path, capsys):
    """A newcomer: ``maybe`` in the decider column was read as no, without a word."""
    results = tmp_path / "m.csv"
    results.write_text("finish_order,decider\n0 1 2 3 4 5,maybe\n", encoding="utf-8")
    code, _, err = run(capsys, "match", str(results))
    assert code == 2 and "line 2: decider is yes or no (or empty), not 'maybe'" in err

def test_a_standing_prints_as_a_readable_line():
    standings = rank_teams({"东区一队": 3, "西区二队": 3, "南区队": 5}, seed=1)
    assert str(standings[0]) == "1. 南区队  5 points, 1 match"
    assert "drew " in str(standings[1]) and "SCORE-4" in str(standings[1])
    assert "Card(" not in str(standings[1])
