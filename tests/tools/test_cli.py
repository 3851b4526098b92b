"""The ``gouji`` command line: every subcommand, and errors as one line with exit status 2."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest

import gouji
from gouji.engine.events import PLACE_NAMES
from gouji.tools.cli import main


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def assert_one_line_error(err: str, *words: str) -> None:
    assert "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("gouji: error: ")
    for word in words:
        assert word in lines[0]


# -- variants, show, plugins -------------------------------------------------------------
def test_variants_lists_builtin_variants_with_descriptions(capsys):
    code, out, _ = run(capsys, "variants")
    assert code == 0
    for name in gouji.builtin_variant_names():
        line = next(line for line in out.splitlines() if line.split()[0] == name)
        assert gouji.load_variant(name).description in line


def test_show_provincial_is_valid_toml_with_options_and_hooks_documented(capsys):
    code, out, _ = run(capsys, "show", "provincial")
    assert code == 0
    data = tomllib.loads(out)
    variant = gouji.load_variant("provincial")
    assert data["variant"]["name"] == "my-provincial"  # a file may not take the built-in's name
    assert data["options"] == variant.options.to_plain()
    comments = [line for line in out.splitlines() if line.startswith("#")]
    for spec in variant.option_specs():
        assert any(c.startswith(f"# {spec.name} (") and spec.rule in c and spec.plugin in c for c in comments)
    assert any("gouji_first_leader" in c and "provincial" in c for c in comments)
    assert "Which way the turn passes" in out


def test_show_a_variant_file(capsys, tmp_path):
    path = tmp_path / "house.toml"
    path.write_text('[variant]\nname = "house"\nbase = "provincial"\n\n[options]\nsweep_points = 12\n',
                    encoding="utf-8")
    code, out, _ = run(capsys, "show", str(path))
    assert code == 0
    data = tomllib.loads(out)
    assert data["variant"]["name"] == "house"
    assert data["options"]["sweep_points"] == 12


def test_show_unknown_variant_exits_2_naming_it(capsys):
    code, out, err = run(capsys, "show", "atlantis")
    assert code == 2
    assert out == ""
    assert_one_line_error(err, "atlantis")


def test_show_malformed_toml_exits_2_naming_the_file(capsys, tmp_path):
    path = tmp_path / "broken.toml"
    path.write_text('[variant]\nname = "broken\n', encoding="utf-8")
    code, _, err = run(capsys, "show", str(path))
    assert code == 2
    assert_one_line_error(err, "broken.toml", "TOML")


def test_show_wrong_option_exits_2(capsys, tmp_path):
    path = tmp_path / "bad.toml"
    path.write_text('[variant]\nname = "bad"\nbase = "provincial"\n[options]\nsweep_points = "many"\n',
                    encoding="utf-8")
    code, _, err = run(capsys, "show", str(path))
    assert code == 2
    assert_one_line_error(err, "sweep_points")


def test_plugins_lists_module_and_origin(capsys):
    code, out, _ = run(capsys, "plugins")
    assert code == 0
    line = next(line for line in out.splitlines() if line.split()[0] == "provincial")
    assert "gouji.rules.provincial" in line
    assert "built-in" in line


# -- simulate -----------------------------------------------------------------------------
def test_simulate_prints_statistics(capsys):
    code, out, err = run(capsys, "simulate", "--variant", "provincial", "--games", "4", "--seed", "3")
    assert code == 0
    assert err == ""  # no bar for short runs, nor when stderr is not a terminal
    assert "4 games, seeds 3..6" in out
    rows = [line.split() for line in out.splitlines() if line.strip().startswith("team ") and "seats" in line]
    assert len(rows) == 2
    counts = [[int(x) for x in row[-6:]] for row in rows]
    assert [a + b for a, b in zip(*counts, strict=True)] == [4] * 6  # each place taken once per game
    assert sum(counts[0]) == sum(counts[1]) == 12  # three seats a team
    for word in ("points per team", "mean", "decisions", "sets", "gouji sets", "burns", "failed burns",
                 "headless", "melee"):
        assert word in out


def test_simulate_is_reproducible(capsys):
    first = run(capsys, "simulate", "--games", "3", "--seed", "9", "--bots", "random")
    second = run(capsys, "simulate", "--games", "3", "--seed", "9", "--bots", "random")
    assert first == second
    assert first[0] == 0


def test_simulate_mixed_bots_greedy_team_wins(capsys):
    code, out, _ = run(capsys, "simulate", "--games", "6", "--bots", "greedy,random,greedy,random,greedy,random")
    assert code == 0
    assert "wins: team 0 6 " in out


def test_simulate_log_is_readable(capsys):
    code, out, _ = run(capsys, "simulate", "--games", "1", "--seed", "1", "--log")
    assert code == 0
    for word in ("开牌 cut", "上班 first lead", "36 cards", "发牌 lead", "过牌 pass", "走科 goes out",
                 "places:", "score: team 0"):
        assert word in out
    for zh, en in PLACE_NAMES:
        assert f"{zh} {en}: seat" in out
    assert out.index("开牌") < out.index("上班") < out.index("-- round 1") < out.index("places:")


def test_simulate_one_game_prints_its_result_and_why_not_statistics(capsys):
    code, out, _ = run(capsys, "simulate", "--games", "1", "--seed", "1", "--log")
    assert code == 0
    assert "places per team" not in out and "mean game length" not in out  # statistics are for many games
    last = out.strip().splitlines()
    assert last[-1].startswith("variant provincial: 1 game, seed 1")
    why = out[out.index("why:"):]
    # Team 1 took 头科 and the game is a draw: the log says which rule made it so.
    assert "team 1: 头科 +4 三科 +0 大落 -4 = +0" in why
    assert "a draw, both teams +0: team 1 took 头科 but also 大落" in why and "[SCORE-1]" in why
    code, out, _ = run(capsys, "simulate", "--games", "1", "--seed", "1")  # without the log: the result
    assert "why:" in out and "places per team" not in out and "-- round 1" not in out


@pytest.mark.parametrize("variant, seed, words", [
    ("provincial", 34, ["串三户 sweep: team 0 took 头科, 二科 and 三科", "team 0 +8, team 1 -8", "team 0 wins"]),
    ("dagang", 0, ["[SCORE-2]", "team 0's -6 counts +0 [SCORE-2]", "team 1 wins, +6 to +0"]),
    ("district", 1, ["[SCORE-3]", "from the adjustments above", "team 0 wins, +13 to +10"]),
    ("dagang196", 1, ["places score no points in this variant [SCORE-5]", "no points this game"]),
])
def test_the_score_is_explained_rule_by_rule(capsys, variant, seed, words):
    code, out, _ = run(capsys, "simulate", "--variant", variant, "--games", "1", "--seed", str(seed))
    assert code == 0
    for word in words:
        assert word in out


def test_a_score_without_a_rule_is_explained_by_its_hook(capsys, tmp_path):
    plugin = Path(__file__).resolve().parents[2] / "examples" / "hooks" / "gouji_score.py"
    path = tmp_path / "winner.toml"
    path.write_text(f'[variant]\nname = "winner"\nbase = "provincial"\nplugin_files = [{json.dumps(str(plugin))}]\n',
                    encoding="utf-8")
    code, out, _ = run(capsys, "simulate", "--variant", str(path), "--games", "1", "--seed", "1")
    assert code == 0
    assert "(the variant's gouji_score hook)" in out and "[SCORE-1]" not in out
    assert "team 1 wins, +1 to +0" in out


def test_simulate_many_games_keeps_the_statistics(capsys):
    code, out, _ = run(capsys, "simulate", "--games", "2")
    assert code == 0
    assert "places per team" in out and "why:" not in out


def test_simulate_progress_bar_on_request(capsys):
    code, _, err = run(capsys, "simulate", "--games", "20", "--progress", "--bots", "random")
    assert code == 0
    assert "\r" in err and "20/20" in err and err.endswith("\n")


def test_record_and_replay(capsys, tmp_path):
    path = tmp_path / "game.json"
    code, sim_out, _ = run(capsys, "simulate", "--games", "1", "--seed", "4", "--log", "--record", str(path))
    assert code == 0
    record = json.loads(path.read_text(encoding="utf-8"))
    assert record["seed"] == 4 and record["finish_order"]
    code, out, _ = run(capsys, "replay", str(path))
    assert code == 0
    assert "places:" in out and f"seat {record['finish_order'][0]}" in out
    code, log_out, _ = run(capsys, "replay", str(path), "--log")
    assert code == 0
    assert log_out.strip() in sim_out  # the same log as when it was played


@pytest.mark.parametrize("argv, words", [
    (["simulate", "--variant", "atlantis"], ["atlantis"]),
    (["simulate", "--bots", "smart"], ["smart"]),
    (["simulate", "--bots", "greedy,random"], ["--bots"]),
    (["simulate", "--games", "0"], ["--games"]),
    (["simulate", "--games", "2", "--record", "x.json"], ["--record"]),
    (["replay", "no-such-record.json"], ["no-such-record.json"]),
])
def test_errors_exit_2_with_one_line(capsys, argv, words):
    code, _, err = run(capsys, *argv)
    assert code == 2
    assert_one_line_error(err, *words)


def test_replay_of_a_malformed_record_exits_2(capsys, tmp_path):
    path = tmp_path / "bad.json"
    path.write_text("{not json", encoding="utf-8")
    code, _, err = run(capsys, "replay", str(path))
    assert code == 2
    assert_one_line_error(err, "JSON")


def test_usage_errors_exit_2(capsys):
    assert main(["dance"]) == 2
    assert main([]) == 2
    assert main(["--help"]) == 0


# -- gouji play: a terminal game against bots -----------------------------------------------
def scripted_input(monkeypatch, answers, tmp_path):
    """Answer the prompts of ``gouji play`` from a list; then quit (in ``tmp_path``, where the
    unfinished game is saved)."""
    monkeypatch.chdir(tmp_path)
    answers = list(answers)
    prompts = []

    def fake_input(prompt=""):
        prompts.append(prompt)
        return answers.pop(0) if answers else "q"

    monkeypatch.setattr("builtins.input", fake_input)
    return prompts


def test_play_a_whole_game_in_the_terminal(monkeypatch, capsys, tmp_path):
    scripted_input(monkeypatch, ["1"] * 500, tmp_path)
    record = tmp_path / "mine.json"
    assert main(["play", "--seed", "3", "--seat", "0", "--record", str(record)]) == 0
    out = capsys.readouterr().out
    assert "you play seat 0" in out and "your hand" in out
    assert "头科 1st" in out and "score:" in out
    game = gouji.replay(json.loads(record.read_text(encoding="utf-8")))
    assert game.is_over


def test_play_refuses_bad_input_and_asks_again(monkeypatch, capsys, tmp_path):
    prompts = scripted_input(monkeypatch, ["0", "999", "close", "play 5 5 5 5 5 5 5", "q"], tmp_path)
    assert main(["play", "--seed", "3", "--seat", "0"]) == 0
    out = capsys.readouterr().out
    assert out.count("choose a number from 1 to") == 2
    assert "[ROUND-5]" in out  # close: only the opposite, last
    assert "does not hold" in out
    assert "game left unfinished" in out
    assert len(prompts) == 5


def test_play_hides_other_hands(monkeypatch, capsys, tmp_path):
    scripted_input(monkeypatch, ["q"], tmp_path)
    main(["play", "--seed", "3", "--seat", "2"])
    out = capsys.readouterr().out
    assert "cards held: seat 0: ?, seat 1: ?" in out


def test_play_rejects_a_bad_seat(capsys):
    assert main(["play", "--seat", "6"]) == 2
    assert "--seat is 0-5" in capsys.readouterr().err


@pytest.mark.parametrize(("argv", "meant"), [(["simulat"], "simulate"), (["varients"], "variants"),
                                             (["match", "--format", "csvv", "x.csv"], "csv")])
def test_a_misspelt_command_or_choice_says_did_you_mean(capsys, argv, meant):
    """Issue 26: variant and rule names had a suggestion, command names not."""
    assert main(argv) == 2
    assert f"(did you mean '{meant}'?)" in capsys.readouterr().err


def test_an_unknown_command_far_from_any_still_lists_the_commands(capsys):
    assert main(["xyzzy"]) == 2
    err = capsys.readouterr().err
    assert "invalid choice: 'xyzzy'" in err and "simulate" in err and "did you mean" not in err


@pytest.mark.parametrize("name", gouji.builtin_variant_names())
def test_show_of_a_built_in_variant_loads_as_a_variant_file(capsys, tmp_path, name):
    """Issue 26: the docs say show's output is a valid variant file, but it took the built-in's
    name, which a variant file may not: it now names itself my-NAME and says so at the top."""
    code, out, _ = run(capsys, "show", name)
    assert code == 0
    assert out.startswith(f"# the built-in variant '{name}', as a variant file of your own")
    assert f"name is 'my-{name}': choose one" in out.splitlines()[2]
    path = tmp_path / "x.toml"
    path.write_text(out, encoding="utf-8")
    copy, builtin = gouji.load_variant(str(path)), gouji.load_variant(name)
    assert copy.name == f"my-{name}"
    assert copy.options.to_plain() == builtin.options.to_plain()
    assert copy.new_game(seed=4).legal_actions() == builtin.new_game(seed=4).legal_actions()


def test_messages_are_in_plain_words_not_python(capsys, tmp_path):
    """Issue 26: 'got True', 'with_options on', "one of ['team 0', 'team 1']", 'in the digits 0-9'
    and 'a version-2 record has the keys actions' (meaning: it is missing) leaked Python."""
    with pytest.raises(gouji.OptionError) as error:
        gouji.load_variant("provincial").with_options(decks=True)
    assert str(error.value).endswith("option 'decks': expected an integer, got true (a boolean)")
    assert "with_options on" not in str(error.value)
    house = tmp_path / "house.toml"
    house.write_text('[variant]\nname = "house"\nbase = "provincial"\n[options]\ndecks = "four"\n', encoding="utf-8")
    assert main(["show", str(house)]) == 2
    assert "expected an integer, got 'four' (a string)" in capsys.readouterr().err

    assert main(["score", "1", "3", "4", "5", "0", "2", "--bonus", "x:1:REF-4"]) == 2
    err = capsys.readouterr().err
    assert "the team is 0, 1, 'team 0' or 'team 1', not 'x'" in err and "['team" not in err

    assert main(["play", "--seed", "a"]) == 2
    err = capsys.readouterr().err
    assert "expected a whole number written with the digits 0-9 (such as 3), not 'a'" in err

    record = tmp_path / "r.json"
    assert main(["simulate", "--seed", "2", "--record", str(record)]) == 0
    data = json.loads(record.read_text(encoding="utf-8"))
    del data["actions"]
    record.write_text(json.dumps(data), encoding="utf-8")
    capsys.readouterr()
    assert main(["replay", str(record)]) == 2
    assert "record needs the key 'actions', missing from this one" in capsys.readouterr().err
