"""A fresh reading of books T (``district``, with its organiser layer) and C (``dagang196``),
clause by clause, by a reviewer who wrote none of their rules code (issue 22, "Done when")."""

from __future__ import annotations

import json

import pytest

import gouji
from gouji.bots.basic import RandomBot
from gouji.rules.district.match import FINAL, Match
from gouji.rules.district.tournament import Tournament
from gouji.tools.cli import main

DISTRICT = gouji.load_variant("district")
CLUB = gouji.load_variant("dagang196")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def play(game: gouji.Game, *texts: str) -> gouji.Game:
    for text in texts:
        game.apply(gouji.parse_action(text))
    return game


# -- T 一.9 in the organiser layer -------------------------------------------------------------------------
@pytest.mark.rule("REF-5")
def test_t1_9_two_disqualified_teams_of_one_match_both_leave_the_standings(tmp_path, capsys):
    """T 一.9: "凡弄虚作假，违反竞赛规程作弊者，取消比赛资格及全部比赛成绩" — both teams of match m1
    are listed under ``[[disqualified]]``; neither may keep a standing (B used to rank 3rd with
    18 points while the same output said "B … all its results cancelled")."""
    game = '[[games]]\nmatch = "{m}"\nteams = {t}\nfinish_order = {o}\n'
    text = "".join(game.format(m=m, t=t, o=o) for m, t, o in (
        ("m1", '["A", "B"]', [0, 1, 2, 3, 4, 5]), ("m1", '["A", "B"]', [0, 1, 2, 3, 4, 5]),
        ("m2", '["C", "D"]', [0, 1, 2, 3, 4, 5]), ("m2", '["C", "D"]', [1, 0, 2, 3, 4, 5])))
    text += '[[disqualified]]\nteam = "A"\nreason = "signals"\n[[disqualified]]\nteam = "B"\nreason = "notes"\n'
    path = tmp_path / "t.toml"
    path.write_text(text, encoding="utf-8")
    code, out, err = run(capsys, "tournament", str(path), "--format", "json")
    assert code == 0, err
    data = json.loads(out)
    assert [s["team"] for s in data["standings"]] == ["C", "D"]
    python = Tournament()
    python.disqualify("A", "signals")
    python.disqualify("B", "notes")
    python.add_result(("A", "B"), (26, 18))
    python.add_result(("C", "D"), (24, 20))
    assert [(s.team, s.points) for s in python.standings()] == [(s["team"], s["points"]) for s in data["standings"]]
    # gouji match on m1 alone: nobody wins a match both teams were disqualified from.
    path.write_text(text.split('[[games]]\nmatch = "m2"')[0] + text.split("teams = [\"C\", \"D\"]\nfinish_order "
                    "= [1, 0, 2, 3, 4, 5]\n")[1], encoding="utf-8")
    code, out, err = run(capsys, "match", str(path))
    assert code == 0, err
    assert out.splitlines()[-1].startswith("result: no winner — A disqualified [REF-5]: signals and B disqualified")


@pytest.mark.rule("REF-5")
def test_t1_9_a_final_with_deciding_games_then_a_disqualification_agrees_with_match(tmp_path, capsys):
    """T 一.9 "取消比赛资格及全部比赛成绩" cancels results already played: a final level after two
    games, its deciding games played, then team A disqualified. ``Match.disqualify`` after the
    games and ``Tournament.add_match`` accept it; ``gouji tournament`` used to refuse the same
    rows ("the match ended with a disqualification")."""
    match = Match(DISTRICT, 61, stage=FINAL, teams=("A", "B")).play(RandomBot(61))
    assert match.deciding_games and match.totals()[0] == match.totals()[1]
    match.disqualify(0, "signals")
    python = Tournament(FINAL)
    python.add_match(match)
    rows = ['variant = "district"', 'stage = "final"']
    for index, game in enumerate(match.games):
        score = game.score()
        items = ", ".join(f'{{team = {a.team}, points = {a.points}, rule = "{a.rule}", reason = "{a.reason}"}}'
                          for a in score.adjustments)
        rows += ["[[games]]", 'teams = ["A", "B"]', f"finish_order = {list(score.finish_order)}",
                 f"bonuses = [{items}]", f"decider = {'true' if index >= 2 else 'false'}"]
    rows += ["[[disqualified]]", 'team = "A"', 'reason = "signals"']
    path = tmp_path / "final.toml"
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    code, out, err = run(capsys, "tournament", str(path), "--format", "json")
    assert code == 0, err
    assert [(s["rank"], s["team"], s["points"], s["tied"]) for s in json.loads(out)["standings"]] == [
        (s.rank, s.team, s.points, s.tied) for s in python.standings()]
    code, out, err = run(capsys, "match", str(path), "--format", "json")
    assert code == 0, err
    assert json.loads(out)["winner"] == "B" == match.teams[match.winner or 0]


@pytest.mark.rule("SCORE-4")
@pytest.mark.parametrize(("stage", "totals", "disqualified"), [
    ("preliminary", (24, 20), None), ("final", (22, 22), None), ("preliminary", (22, 22), (1, "signals"))])
def test_t1_2_a_draw_is_refused_for_a_match_that_was_not_level(stage, totals, disqualified):
    """T 一.2: "如二局后平局，参加抽签决定胜负" — only a preliminary level after its two games is drawn
    for. A draw handed to ``Tournament.add_result`` with A 24 : B 20 used to be kept as a settled
    pair, and once A and B stood level it ranked B, the match's loser, above A."""
    import random

    from gouji.rules.district.match import draw_lots

    tie = draw_lots((0, 1), random.Random(5))
    assert tie.order == (1, 0)
    tournament = Tournament(stage)
    with pytest.raises(gouji.GoujiError, match="only a preliminary match level"):
        tournament.add_result(("A", "B"), totals, tie=tie, disqualified=disqualified)
    assert (tournament.points, tournament.settled, tournament.disqualified) == ({}, {}, {})


@pytest.mark.rule("SCORE-5")
@pytest.mark.parametrize("command", ["match", "tournament"])
def test_score_5_the_organiser_refuses_a_final_of_a_variant_without_points(tmp_path, capsys, command):
    """C keeps no points ("进贡玩法需要连续得打5局": a game's result is its tribute), so every game of
    a dagang196 match is 0:0 and a final's "加赛一场，直至决出胜负" (T 一.2) never ends. ``Match``
    refuses such a final; ``gouji match``/``gouji tournament`` used to accept it and wait for a
    deciding game that can never decide."""
    with pytest.raises(gouji.GoujiError, match="keeps no points"):
        Match(CLUB, 1, stage=FINAL)
    path = tmp_path / "c.toml"
    path.write_text('teams = ["A", "B"]\n[[games]]\nfinish_order = [0, 1, 2, 3, 4, 5]\n'
                    '[[games]]\nfinish_order = [1, 0, 3, 2, 5, 4]\n', encoding="utf-8")
    code, _, err = run(capsys, command, str(path), "--variant", "dagang196", "--stage", "final")
    assert code == 2 and "keeps no points" in err
    code, _, err = run(capsys, command, str(path), "--variant", "dagang196")
    assert code == 0, err
