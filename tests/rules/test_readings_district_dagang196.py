"""Issue 22, items 10-17: the district organiser layer (T 一.2, T 一.9, T 二.4) and book C's 解烧."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import gouji
from gouji.bots.basic import RandomBot
from gouji.rules.district.match import FINAL, PRELIMINARY, Match, draw_lots
from gouji.rules.district.tournament import Tournament
from gouji.tools.cli import main

DISTRICT = gouji.load_variant("district")
#: Seeds whose two RandomBot games leave the district match level (found once, reproducible).
LEVEL_SEEDS = (1, 16, 51)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def results_toml(matches: list[Match], seed: int, stage: str, disqualified: tuple[str, str] | None = None) -> str:
    """A file of results holding every game of ``matches``, as an organiser writes it down."""
    lines = ['variant = "district"', f'stage = "{stage}"', f"seed = {seed}", ""]
    for number, match in enumerate(matches):
        for index, game in enumerate(match.games):
            score = game.score()
            items = ", ".join(f'{{team = {a.team}, points = {a.points}, rule = "{a.rule}", reason = "{a.reason}"}}'
                              for a in score.adjustments)
            lines += ["[[games]]", f'match = "match {number}"', f"teams = {json.dumps(list(match.teams))}",
                      f"finish_order = {list(score.finish_order)}", f"bonuses = [{items}]",
                      f"decider = {'true' if index >= 2 else 'false'}", ""]
    if disqualified:
        lines += ["[[disqualified]]", f'team = "{disqualified[0]}"', f'reason = "{disqualified[1]}"']
    return "\n".join(lines) + "\n"


def cli_standings(capsys: pytest.CaptureFixture[str], path: Path) -> list[tuple[int, str, int, list[str], bool]]:
    code, out, err = run(capsys, "tournament", str(path), "--format", "json")
    assert code == 0, err
    return [(s["rank"], s["team"], s["points"], s["drawn"], s["tied"]) for s in json.loads(out)["standings"]]


def python_standings(tournament: Tournament) -> list[tuple[int, str, int, list[str], bool]]:
    return [(s.rank, s.team, s.points, [str(c) for c in s.drawn], s.tied) for s in tournament.standings()]


# -- item 10: the draw that settled a level match is credited to its winner -----------------------------
@pytest.mark.rule("SCORE-4")
@pytest.mark.parametrize("seed", range(8))
def test_t1_2_the_draw_of_a_level_match_stays_with_its_winner_whatever_the_names(tmp_path, capsys, seed):
    """T 一.2: "如二局后平局，参加抽签决定胜负" — one draw decides (T17), whichever name sorts first."""
    path = tmp_path / "level.toml"
    path.write_text(f'teams = ["West", "East"]\nseed = {seed}\n[[games]]\nfinish_order = [0, 1, 2, 3, 4, 5]\n'
                    '[[games]]\nfinish_order = [1, 0, 3, 2, 5, 4]\n', encoding="utf-8")
    _, out, _ = run(capsys, "tournament", str(path))
    line = next(x for x in out.splitlines() if "level: the draw" in x)
    winner = line.split(" — ")[1].split(" wins")[0]
    _, out, _ = run(capsys, "tournament", str(path), "--format", "json")
    data = json.loads(out)
    first = data["standings"][0]
    assert first["team"] == winner
    tie = data["matches"][0]["tie_break"]
    assert tie["order"][0] == winner
    assert first["drawn"] == [card for team, card in tie["draws"] if team == winner]
    assert f"{winner} {first['drawn'][-1]}" in line


# -- item 11: gouji match honours [[disqualified]] ---------------------------------------------------------
@pytest.mark.rule("REF-5")
def test_t1_9_gouji_match_honours_a_disqualification(tmp_path, capsys):
    """T 一.9: "凡弄虚作假，违反竞赛规程作弊者，取消比赛资格及全部比赛成绩"."""
    path = tmp_path / "m.toml"
    path.write_text('teams = ["A", "B"]\n[[games]]\nfinish_order = [0, 2, 4, 1, 3, 5]\n'
                    '[[disqualified]]\nteam = "A"\nreason = "signals"\n', encoding="utf-8")
    code, out, _ = run(capsys, "match", str(path))
    assert code == 0
    assert out.splitlines()[-1] == "result: B wins — A disqualified [REF-5]: signals"
    _, out, _ = run(capsys, "match", str(path), "--format", "json")
    data = json.loads(out)
    assert data["winner"] == "B" and data["disqualified"] == {"team": "A", "reason": "signals"}
    path.write_text(path.read_text(encoding="utf-8").replace('team = "A"', 'team = "C"'), encoding="utf-8")
    code, _, err = run(capsys, "match", str(path))
    assert code == 2 and "'C' is not one of the match's teams" in err


# -- item 12: a match is two games, plus a final's deciding games -----------------------------------------
@pytest.mark.rule("SCORE-4")
def test_t1_2_a_match_is_two_games(tmp_path, capsys):
    """T 一.2: "比赛以淘汰赛方式进行，为二局计分制"; "决赛也实行二局计分制 … 如二队平分则加赛一场"."""
    one = '[[games]]\nfinish_order = [0, 2, 4, 1, 3, 5]\n'
    path = tmp_path / "m.toml"
    path.write_text(one, encoding="utf-8")
    code, out, _ = run(capsys, "match", str(path))
    assert code == 0 and out.splitlines()[-1] == "result: not decided yet — game 2 of 2 is still to play [SCORE-3]"
    code, _, err = run(capsys, "tournament", str(path))
    assert code == 2 and "a match is 2 games" in err
    path.write_text(one * 3, encoding="utf-8")
    code, _, err = run(capsys, "match", str(path))
    assert code == 2 and "row 3: a match is 2 games" in err and "decider" in err
    # A deciding game: only in a final, only after two level games, only while still level.
    level = '[[games]]\nfinish_order = [0, 1, 2, 3, 4, 5]\n[[games]]\nfinish_order = [1, 0, 3, 2, 5, 4]\n'
    decider = '[[games]]\nfinish_order = [1, 0, 3, 2, 5, 4]\ndecider = true\n'
    for text, stage, words in ((level + decider, "preliminary", "belongs to a final"),
                               (one * 2 + decider, "final", "only when they leave the teams level"),
                               (level + decider * 2, "final", "only when they leave the teams level")):
        path.write_text(text, encoding="utf-8")
        code, _, err = run(capsys, "match", str(path), "--stage", stage)
        assert code == 2 and words in err, err


# -- item 13: the final's order, and a settled pair inside a larger tie -------------------------------------
@pytest.mark.rule("SCORE-4")
def test_t1_2_a_deciding_game_orders_its_pair_only(tmp_path, capsys):
    """T 一.2: "决赛也实行二局计分制，按计分排序，如二队平分则加赛一场，直至决出胜负" — the deciding
    game orders the pair that played it; a third level team stays tied with both (T16)."""
    final = Tournament(FINAL)
    for team, points in {"A": 22, "B": 22, "C": 22, "D": 20}.items():
        final.add_points(team, points)
    final.add_decider({"A": 13, "B": 9})
    standings = final.standings()
    assert [(s.rank, s.tied) for s in standings] == [(1, True), (1, True), (1, True), (4, False)]
    assert [s.team for s in standings][:3].index("A") < [s.team for s in standings][:3].index("B")
    assert final.unresolved() == [[s.team for s in standings[:3]]]
    final.add_decider({"C": 10, "A": 12})
    assert final.standings()[0].tied
    final.add_decider({"C": 12, "B": 10})             # C beats B, A beats C: still open? no: A>C>B
    assert [(s.rank, s.team, s.tied) for s in final.standings()] == [
        (1, "A", False), (2, "C", False), (3, "B", False), (4, "D", False)]


@pytest.mark.rule("SCORE-4")
def test_t2_4_a_circle_of_deciding_games_stays_tied():
    """T 二.4 "决赛则采用决胜局定胜负的方法": games that go round in a circle decide nobody's place."""
    final = Tournament(FINAL)
    for team in "ABC":
        final.add_points(team, 22)
    final.add_decider({"A": 12, "B": 10})
    final.add_decider({"B": 12, "C": 10})
    final.add_decider({"C": 12, "A": 10})
    assert all(s.tied and s.rank == 1 for s in final.standings())


@pytest.mark.rule("SCORE-4")
@pytest.mark.parametrize("seed", range(20))
def test_t1_2_a_settled_pair_inside_a_tie_does_not_overturn_the_draw(seed):
    """T 一.2 "抽签决定胜负": the pair a match's draw settled keeps its order, and the cards drawn
    now for the four-way tie decide the other places (the pair draws as one lot)."""
    tournament = Tournament(PRELIMINARY, seed)
    for team in ("A", "B", "C", "D"):
        tournament.add_points(team, 20)
    tournament.settled[("D", "A")] = {"D": (), "A": ()}
    order = [s.team for s in tournament.standings()]
    assert order.index("A") == order.index("D") + 1
    # The draw among the lots (C, B and the pair, drawn for by D) is the one the standings show.
    lots = draw_lots(["B", "C", "D"], random.Random(seed))
    assert [t for t in order if t != "A"] == list(lots.order)


# -- the organiser CLI and the Python Match/Tournament agree ----------------------------------------------
@pytest.mark.rule("SCORE-4")
@pytest.mark.parametrize("seed", [0, 3, 11])
def test_t1_2_the_organiser_and_the_tournament_agree_on_every_standing(tmp_path, capsys, seed):
    """T 一.2, T 二.4: the same games give the same standings, by ``gouji tournament`` and by
    :class:`Tournament`, level matches, deciding games and a disqualification included."""
    names = [("West", "East"), ("北区", "南区"), ("Zeta", "Alpha"), ("二队", "一队")]
    prelim = [Match(DISTRICT, s, teams=t, tie_seed=seed).play(RandomBot(s))
              for s, t in zip((*LEVEL_SEEDS, 5), names, strict=True)]
    assert sum(m.tie_break is not None for m in prelim) == 3
    python = Tournament(PRELIMINARY, seed)
    for match in prelim:
        python.add_match(match)
    path = tmp_path / "p.toml"
    path.write_text(results_toml(prelim, seed, PRELIMINARY), encoding="utf-8")
    assert cli_standings(capsys, path) == python_standings(python)
    # A disqualification (REF-5) in both.
    cheat = Match(DISTRICT, 5, teams=names[3], tie_seed=seed).play(RandomBot(5))
    cheat.disqualify(1, "signals")
    python = Tournament(PRELIMINARY, seed)
    for match in [*prelim[:3], cheat]:
        python.add_match(match)
    path.write_text(results_toml([*prelim[:3], cheat], seed, PRELIMINARY, ("一队", "signals")), encoding="utf-8")
    assert cli_standings(capsys, path) == python_standings(python)
    # The final: a match with deciding games, and ones without.
    final = [Match(DISTRICT, s, stage=FINAL, teams=t).play(RandomBot(s))
             for s, t in zip((61, 2), names[:2], strict=True)]
    assert final[0].deciding_games
    python = Tournament(FINAL, seed)
    for match in final:
        python.add_match(match)
    path.write_text(results_toml(final, seed, FINAL), encoding="utf-8")
    assert cli_standings(capsys, path) == python_standings(python)


# -- item 17: C§5 解烧 — a plain last set covered after the burner is out breaks nothing -------------
CLUB = gouji.load_variant("dagang196")


def _apply(game: gouji.Game, *texts: str) -> gouji.Game:
    for text in texts:
        game.apply(gouji.parse_action(text))
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    return game


@pytest.mark.rule("TRIB-7")
@pytest.mark.parametrize("answer", ["play 8", "pass"])
def test_c5_a_plain_last_set_covered_after_the_burner_is_out_is_no_jieshao(answer):
    """C§5: "烧牌后,如果烧牌者按上面得条件一次性出完,则称为烧成功,如果中间对头压牌或其她人烧此烧牌者,
    则算解烧" — case (a): 憋3 off, seat 1 burns K K with A A, leads 小王 9 9, then his last 7
    ("最后一次发牌可除外"); his own teammate covers it with 8. The burn stands: 烧贡 is owed."""
    from gouji.rules.dagang196.burning import burn_tribute_owed, successful_burns

    variant = CLUB.with_options(hold_three=False, point_tribute=False)
    game = variant.new_position({0: "K K 5", 1: "A A 小王 9 9 7", 2: "6", 3: "8 5 5 5 Q", 4: "6",
                                 5: "10 4 4 4 J"}, 0)
    game = _apply(game, "play K K", "burn A A", "play SJ 9 9", "play 7", answer)
    assert successful_burns(game) == [(1, 0)]
    assert [(o.giver, o.receiver, o.kind, o.rule) for o in burn_tribute_owed(game)] == [(0, 1, "烧贡", "TRIB-7")]


@pytest.mark.rule("TRIB-7")
def test_c5_the_burners_final_3s_covered_by_his_lower_player_is_no_jieshao():
    """C§5 "一次性出完": case (b), 憋3 on — the burner's last set is his 3 ("最后一手牌必须全就是３"),
    which carries nothing; his lower player covers it with a 4. The burn stands."""
    from gouji.rules.dagang196.burning import burn_tribute_owed, successful_burns

    variant = CLUB.with_options(point_tribute=False)
    game = variant.new_position({0: "K K 5 3", 1: "A A 小王 9 9 3", 2: "6 4 3", 3: "8 5 5 5 Q Q J J 3",
                                 4: "6 3", 5: "10 4 4 4 J 7 7 8 8 3"}, 0)
    game = _apply(game, "play K K", "burn A A", "play SJ 9 9", "play 3", "play 4")
    assert successful_burns(game) == [(1, 0)]
    assert [(o.giver, o.receiver, o.kind) for o in burn_tribute_owed(game)] == [(0, 1, "烧贡")]


@pytest.mark.rule("TRIB-7")
def test_c4_a_last_joker_set_covered_after_the_burner_is_out_still_breaks_the_burn():
    """C§4: "在就是烧牌了，但在接下来得带花出牌时被打,同样视为烧牌失败" — a joker set is judged when it
    stands, also when it emptied his hand (the cases C names stay 解烧)."""
    from gouji.rules.dagang196.burning import successful_burns

    variant = CLUB.with_options(hold_three=False, point_tribute=False)
    game = variant.new_position({0: "K K 5", 1: "A A 小王 9 9", 2: "6", 3: "7", 4: "大王 2 2 8", 5: "8"}, 0)
    game = _apply(game, "play K K", "pass", "burn A A", "close", "play SJ 9 9", "play BJ 2 2")
    assert successful_burns(game) == []


# -- item 14: the 乱残's pass, as the rules reference states it ----------------------------------------------
@pytest.mark.rule("ROUND-2")
def test_t2_3_10_the_rules_reference_names_the_melee_pass_the_variant_uses():
    """T 二.3.(10): "'乱残'比赛阶段：剩四人以内时…每轮牌每人有且只有一次过牌权" — ROUND-2's district
    row names the value the variant file and the engine use (END-5, T4)."""
    index = (Path(__file__).resolve().parents[2] / "docs" / "rules" / "index.rst").read_text(encoding="utf-8")
    section = index.split(".. _rule-ROUND-2:")[1].split(".. _rule-")[0]
    district = section.split("   * - district")[1].split("   * - dagang196")[0]
    value = DISTRICT.options["melee_pass"]
    assert value == "ends_round"
    assert f'``melee_pass = "{value}"``' in district.split("The other reading")[0]


# -- item 16: a headless player answers a gouji set at his place in turn order --------------------------
@pytest.mark.rule("END-2")
def test_t_a_headless_player_answers_a_small_joker_in_turn_before_the_opposite():
    """T is silent on 无头 but for "其对门仍被视为'有头'（头、二科出现后解除有头）" (T 二.3.(5)); as P§17
    "无头者对其他人发的牌亦可行使同样的权力" he covers at his place in turn order. Seat 5 is out, so
    seat 2 is headless: on seat 4's 小王 (a gouji set) he is asked before seat 1, the opposite;
    only burns wait for the opposite ("烧牌不优先于…正常的够级顺序", T2)."""
    game = DISTRICT.new_position({0: "A 6 6 3 4", 1: "2 9 9 3 4", 2: "大王 8 8 3 4", 3: "5 7 7 3 4",
                                  4: "小王 10 10 3 4"}, 0)
    assert not game.has_head(2)
    game.apply(gouji.parse_action("play A"))
    game.apply(gouji.parse_action("play SJ"))
    assert DISTRICT.set_rules.is_gouji(game.table)
    assert game.current_player == 2 and [str(a) for a in game.legal_actions()] == ["play BJ", "pass"]
    game.apply(gouji.parse_action("pass"))
    assert game.current_player == 1 and [str(a) for a in game.legal_actions()] == ["pass", "consent-burn"]


# -- item 15: the readings reargued ---------------------------------------------------------------------
@pytest.mark.rule("SCORE-3")
@pytest.mark.parametrize(("teammates", "expected"), [(True, [(0, 1)]), (False, [])])
def test_t2_3_5_a_burn_of_a_teammates_set_scores_as_the_book_says(teammates, expected):
    """T 二.3.(5): "烧牌加1分" — no condition (T11); seat 4 burns teammate seat 0's A A.
    ``teammate_bonuses = false`` is the reading that scores only an opponent's."""
    variant = DISTRICT.with_options(point_scoring=False, teammate_bonuses=teammates)
    game = variant.new_position({0: "A A 5 3", 1: "6 3", 2: "7 3", 3: "8 3", 4: "2 2 3", 5: "9 3"}, 0)
    game = _apply(game, "play A A", "pass", "burn 2 2")
    burns = [(a.team, a.points) for a in game.score().adjustments if a.rule == "TRIB-7"]
    assert burns == expected


@pytest.mark.rule("END-8")
def test_t2_3_11_a_declined_3_is_da_luo_and_the_first_smothered_er_luo():
    """T 二.3.(11): "不买3者视为大落。先被鳖三者为大落，依此类推" — each judged when it happens: seat 0
    declines at the deal (大落), then seat 5 is smothered by seat 4's 10 and takes the next place."""
    from gouji.rules.district.buying import BuyPhase

    variant = DISTRICT.with_options(point_scoring=False, open_with_four=False)
    game = variant.new_position({0: "2 9", 1: "8 8 3 3", 2: "6 3", 3: "7 3", 4: "10 5 3", 5: "9 3 3"}, 0)
    phase = BuyPhase.for_game(game, (3,))
    assert phase is not None
    game.phases = [phase]
    game._settle()
    game.apply(gouji.parse_action("district-decline 3"))
    assert game.places[5] == 0
    game.apply(gouji.parse_action("play 9"))   # seat 5 leads and keeps 3 3
    game.apply(gouji.parse_action("play 10"))  # seat 4 covers: seat 5 is smothered
    assert game.places[4] == 5
    adjustments = [(a.team, a.points, a.reason.split(":")[0]) for a in _apply(game).score().adjustments]
    assert (0, 1, "憋三") in adjustments and not [a for a in adjustments if a[2] == "闷贡"]


@pytest.mark.rule("SCORE-4")
@pytest.mark.parametrize("bad", [
    {"teams": ("A", "A"), "totals": (1, 2)},
    {"teams": ("A", ""), "totals": (1, 2)},
    {"teams": ("A", "B"), "totals": (1, "2")},
    {"teams": ("A", "B"), "totals": (1, 2, 3)},
    {"teams": ("A", "B"), "totals": (1, 1), "deciders": [(1, 2)]},          # a preliminary has no deciders
    {"teams": ("A", "B"), "totals": (1, 2), "disqualified": (2, "x")},
])
def test_t1_2_a_bad_match_result_is_refused_and_changes_nothing(bad):
    """T 一.2: a match's result is two teams' totals; anything else is refused before any change."""
    tournament = Tournament(PRELIMINARY)
    tournament.add_points("C", 3)
    before = (dict(tournament.points), dict(tournament.matches), dict(tournament.disqualified))
    with pytest.raises(gouji.GoujiError):
        tournament.add_result(**bad)
    assert (tournament.points, tournament.matches, tournament.disqualified) == before
    final = Tournament(FINAL)
    with pytest.raises(gouji.GoujiError):
        final.add_result(("A", "B"), (1, 1), deciders=[(1, True)])
    assert final.points == {}
    final.add_points("A", 1)
    with pytest.raises(gouji.GoujiError):
        final.add_decider({"A": 3})
    assert final.deciders == {}
