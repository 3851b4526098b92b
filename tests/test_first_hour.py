"""A newcomer's first hour (issue 26): the command's help and version, readable reprs and boards,
the log's event names, and the messages a REPL user meets first."""

from __future__ import annotations

import itertools
import os
import subprocess
import sys
from pathlib import Path

import pytest

import gouji
from gouji.engine.cards import Card
from gouji.engine.events import EVENT_NAMES, Event
from gouji.tools.cli import _parser, main
from gouji.tools.cli_help import COMMAND_HELP

ROOT = Path(__file__).resolve().parents[1]


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT / "src"), env.get("PYTHONPATH", "")])
    return env


def test_version_and_python_dash_m(capsys):
    assert main(["--version"]) == 0
    assert capsys.readouterr().out.strip() == f"gouji {gouji.__version__}"
    done = subprocess.run([sys.executable, "-m", "gouji", "--version"], capture_output=True, text=True,
                          env=_env(), timeout=60)
    assert done.returncode == 0 and done.stdout.strip() == f"gouji {gouji.__version__}"


def _subcommands():
    import argparse

    parser = _parser()
    action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return action.choices


def test_every_command_has_its_own_description_and_an_example():
    commands = _subcommands()
    for name, sub in commands.items():
        assert sub.description and name in COMMAND_HELP, f"gouji {name} --help has no description"
        assert sub.epilog and f"gouji {name}" in sub.epilog, f"gouji {name} --help has no example"
    descriptions = [sub.description for sub in commands.values()]
    assert len(set(descriptions)) == len(descriptions), "two commands say the same in --help"


@pytest.mark.parametrize("line", [line for name, (_, examples) in COMMAND_HELP.items()
                                  if name not in ("play", "serve") for line in examples])
def test_the_examples_of_the_help_run(line, tmp_path, monkeypatch, capsys):
    """A newcomer copies the example: it works, from the repository's root (the example files)."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "examples").symlink_to(ROOT / "examples")
    assert main(["simulate", "--games", "1", "--seed", "3", "--record", "game.json"]) == 0
    args = line.split(">")[0].split()[1:]  # a shell redirection is the shell's
    assert main(args) == 0, capsys.readouterr().err


def test_reprs_show_the_cards_and_evaluate_back():
    play = gouji.parse_play("大王 9 9")
    action = gouji.parse_action("play BJ 9 9")
    card = Card.parse("♥10")
    assert repr(play) == "parse_play('BJ 9 9')"
    assert repr(action) == "parse_action('play BJ 9 9')"
    assert repr(gouji.Pass()) == "parse_action('pass')"
    assert repr(card) == "Card.parse('♥10')"
    names = {"parse_play": gouji.parse_play, "parse_action": gouji.parse_action, "Card": Card}
    assert eval(repr(play), names) == play
    assert eval(repr(action), names) == action
    assert eval(repr(card), names) == card
    assert eval(repr(Card.parse("小王")), names) == Card.parse("小王")


def test_print_game_shows_the_table():
    game = gouji.load_variant("provincial").new_game(seed=1)
    game.apply(game.legal_actions()[0])
    board = str(game)
    assert board.splitlines()[0].startswith("provincial · 1 actions · seat ")
    assert len([line for line in board.splitlines() if line.lstrip().startswith("seat ")]) == 6
    assert f"table: {game.table} by seat {game.table_owner}" in board
    assert repr(game).startswith("<Game provincial")


def test_applying_text_says_to_parse_it():
    game = gouji.load_variant("provincial").new_game(seed=1)
    with pytest.raises(gouji.IllegalActionError, match=r"parse_action\('play 3'\)") as caught:
        game.apply("play 3")  # type: ignore[arg-type]
    assert caught.value.rule_id == "ROUND-1"
    assert game.history == []


@pytest.mark.parametrize("variant", ["dagang", "district", "dagang196", "provincial"])
def test_no_event_is_logged_with_its_kind_twice(variant):
    """Plugin events read ``seat 3 鳖三 smothers``, never ``seat 3 smother smother``."""
    from gouji.bots.basic import GreedyBot, play_game

    for seed in range(3):
        game = play_game(variant, seed, GreedyBot(seed))
        for event in game.events:
            words = event.text().split(" [")[0].split(":")[0].split()
            assert event.kind not in EVENT_NAMES or EVENT_NAMES[event.kind][0] in event.text()
            assert not any(a == b and not a.isdigit() for a, b in itertools.pairwise(words)), event.text()


def test_an_unnamed_event_shows_its_kind_once():
    assert Event("house-rule", 2).text() == "seat 2 house-rule"


def test_simulate_says_why_a_variant_without_points_has_only_draws(capsys):
    assert main(["simulate", "--variant", "dagang196", "--games", "3"]) == 0
    assert "scores no points for places" in capsys.readouterr().out


def test_gouji_score_says_when_a_house_score_hook_is_not_counted(tmp_path, capsys):
    import json

    plugin = ROOT / "examples" / "hooks" / "gouji_score_adjustments.py"
    path = tmp_path / "house.toml"
    path.write_text(f'[variant]\nname = "house"\nbase = "provincial"\nplugin_files = [{json.dumps(str(plugin))}]\n',
                    encoding="utf-8")
    assert main(["score", "--variant", str(path), "0", "1", "2", "3", "4", "5"]) == 0
    err = capsys.readouterr().err
    assert "gouji_score_adjustments" in err and "--bonus" in err
    assert main(["score", "0", "1", "2", "3", "4", "5"]) == 0
    assert "note:" not in capsys.readouterr().err


# -- the terminal's choices ------------------------------------------------------------------------
def _lead(variant: str = "provincial", seed: int = 1) -> gouji.Game:
    return gouji.load_variant(variant).new_game(seed=seed)


def test_a_first_lead_fits_the_screen_grouped_by_rank():
    from gouji.tools.terminal_choices import choices_text

    game = _lead()
    actions = game.legal_actions()
    assert len(actions) > 100
    text = choices_text(actions)
    assert len(text.splitlines()) <= 20, text
    assert "the number plays" in text and "type the cards" in text


@pytest.mark.parametrize(("typed", "meant"), [
    ("KK", "play K K"), ("k k", "play K K"), ("K x3", "play K K K"), ("kx3", "play K K K"),
    ("2 2 K K", "play 2 2 K K"), ("bj k", "play BJ K"), ("大王 K", "play BJ K"), ("play K K", "play K K"),
    ("1010", "play 10 10"),
])
def test_short_forms_name_the_legal_set(typed, meant):
    from gouji.tools.terminal_choices import read_choice

    actions = _lead().legal_actions()  # seat 5 holds 大王, 2s and six Ks
    assert gouji.parse_action(meant) in actions
    assert read_choice(typed, actions) == gouji.parse_action(meant)


@pytest.mark.parametrize("typed", ["K K K K K K K", "zz", "K x99", "x3", "play", "3 3 3 3 3 3 3 3 3"])
def test_short_forms_that_name_no_legal_set_are_none(typed):
    from gouji.tools.terminal_choices import read_choice

    assert read_choice(typed, _lead().legal_actions()) is None


def test_numbers_stand_for_what_the_screen_numbers():
    from gouji.tools.terminal_choices import choices_text, numbered, read_choice

    actions = _lead().legal_actions()
    listed = numbered(actions)
    lines = [line for line in choices_text(actions).splitlines() if line.strip()[:1].isdigit()]
    assert len(lines) == len(listed)
    for n, (line, action) in enumerate(zip(lines, listed, strict=True), 1):
        assert line.strip().startswith(f"{n}. ") and action.to_text().removeprefix("play ") in line
        assert read_choice(str(n), actions) == action


def test_phase_choices_are_in_words():
    from gouji.tools.terminal_choices import choices_text

    game = _lead("dagang", 1)
    text = choices_text(game.legal_actions())
    assert "declare before the cut (预点) that your opposite will not open" in text
    assert "[dagang-declare pre yes]" in text


def test_every_built_in_choice_describes_itself_in_words():
    """Plugins' phase actions say what they do (describe), not only their record keyword."""
    from gouji.bots.basic import RandomBot, play_game

    seen: dict[str, str] = {}
    for variant in ("dagang", "district", "dagang196", "dagang-plain"):
        for seed in range(4):
            game = play_game(variant, seed, RandomBot(seed))
            replay = gouji.replay(game.record())
            fresh = replay.variant.new_game(seed=replay.seed, context=replay.context)
            for action in game.history:
                for legal in fresh.legal_actions():
                    seen.setdefault(type(legal).__name__, legal.describe())
                fresh.apply(action)
    wordless = {name: words for name, words in seen.items() if "-" in words.split()[0]}
    assert not wordless, wordless


def test_colour_only_where_the_terminal_shows_it(monkeypatch):
    import io

    from gouji.tools.cli import _wants_colour
    from gouji.tools.terminal_choices import colour_hand

    class Tty(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm-256color")
    assert _wants_colour(Tty()) and not _wants_colour(io.StringIO())
    monkeypatch.setenv("NO_COLOR", "1")
    assert not _wants_colour(Tty())
    assert colour_hand("BJ 2 K") == "\x1b[31;1mBJ\x1b[0m \x1b[33;1m2\x1b[0m K"


# -- organiser files and points -----------------------------------------------------------------
EXAMPLE_MATCH = ROOT / "examples" / "organiser" / "match.csv"


@pytest.mark.parametrize("kind", ["bom", "semicolons", "tabs"])
def test_spreadsheet_csv_files_are_read(kind, tmp_path, capsys):
    """Excel's "CSV UTF-8" starts with a byte-order mark; where the comma is the decimal mark,
    spreadsheets separate with semicolons."""
    import csv
    import io

    rows = list(csv.reader(io.StringIO(EXAMPLE_MATCH.read_text(encoding="utf-8"))))
    out = io.StringIO()
    csv.writer(out, delimiter={"bom": ",", "semicolons": ";", "tabs": "\t"}[kind]).writerows(rows)
    path = tmp_path / "match.csv"
    path.write_bytes(("\ufeff" if kind == "bom" else "").encode() + out.getvalue().encode("utf-8"))
    assert main(["match", str(EXAMPLE_MATCH)]) == 0
    expected = capsys.readouterr().out
    assert main(["match", str(path)]) == 0
    assert capsys.readouterr().out == expected


def test_a_bad_header_is_named_in_words(tmp_path, capsys):
    path = tmp_path / "m.csv"
    path.write_text("round,teamA\n1,x\n", encoding="utf-8")
    assert main(["match", str(path)]) == 2
    err = capsys.readouterr().err
    assert str(path) in err and "got 'round', 'teamA'" in err and "[" not in err.split("got")[1]


@pytest.mark.parametrize(("flag", "item", "words"), [
    ("--bonus", "0:1:NOPE-9", "no rule of gouji's rules reference"),
    ("--penalty", "0:-3:REF-4", "without a sign"),
    ("--bonus", "0:-3:REF-4", "are a penalty"),
    ("--bonus", "0:0:REF-4", "above 0"),
])
def test_points_need_a_known_rule_and_no_sign(flag, item, words, capsys):
    assert main(["score", "0", "1", "2", "3", "4", "5", flag, item]) == 2
    assert words in capsys.readouterr().err


def test_a_house_variant_may_name_rules_of_its_own(tmp_path, capsys):
    import json

    plugin = ROOT / "examples" / "hooks" / "gouji_score.py"
    path = tmp_path / "house.toml"
    path.write_text(f'[variant]\nname = "house"\nbase = "provincial"\nplugin_files = [{json.dumps(str(plugin))}]\n',
                    encoding="utf-8")
    assert main(["score", "--variant", str(path), "0", "1", "2", "3", "4", "5", "--bonus", "0:1:QD-2:house"]) == 0
    assert "[QD-2] house" in capsys.readouterr().out


def test_one_match_is_one_match(tmp_path, capsys):
    path = tmp_path / "t.csv"
    path.write_text(EXAMPLE_MATCH.read_text(encoding="utf-8"), encoding="utf-8")
    main(["tournament", str(path)])
    out = capsys.readouterr().out
    assert "1 match" in out and "1 matches" not in out
