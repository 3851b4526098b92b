"""``gouji play``: the rough edges a new player meets, each through a real terminal or scripted stdin.

The Ctrl-C and ``--resume`` tests run the installed ``gouji`` command (or
``python -m gouji.tools.cli``) in a child process: Ctrl-C is a SIGINT sent to the
child while it waits at the prompt of a pseudo-terminal, as a keyboard sends it.
"""

from __future__ import annotations

import io
import json
import os
import pty
import re
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import gouji
from gouji.bots.basic import GreedyBot, decide
from gouji.tools.cli import main
from gouji.tools.terminal import play_in_terminal
from gouji.tools.terminal_choices import choices_text

PROMPT = "your choice"
#: A safety net against a hung child, never a measurement.
PATIENCE_S = 60


def gouji_command() -> list[str]:
    """The installed entry point of this interpreter's environment, else the module."""
    script = Path(sys.executable).parent / "gouji"
    return [str(script)] if script.is_file() else [sys.executable, "-m", "gouji.tools.cli"]


def child_env() -> dict[str, str]:
    return {**os.environ, "PYTHONIOENCODING": "utf-8", "PYTHONUNBUFFERED": "1"}


class Terminal:
    """``gouji play`` in a child process whose stdin, stdout and stderr are a pseudo-terminal."""

    def __init__(self, argv: list[str], cwd: Path) -> None:
        self.master, slave = pty.openpty()
        self.proc = subprocess.Popen([*gouji_command(), *argv], cwd=cwd, env=child_env(),
                                     stdin=slave, stdout=slave, stderr=slave, close_fds=True)
        os.close(slave)
        self.text = ""

    def read_until(self, marker: str, count: int = 1) -> str:
        """Read until ``marker`` has appeared ``count`` times in all the output so far."""
        deadline = time.monotonic() + PATIENCE_S
        while self.text.count(marker) < count:
            if time.monotonic() > deadline:
                raise AssertionError(f"no {marker!r} after {PATIENCE_S}s:\n{self.text}")
            if not self._read_some():
                raise AssertionError(f"the child ended before {marker!r}:\n{self.text}")
        return self.text

    def _read_some(self) -> bool:
        ready, _, _ = select.select([self.master], [], [], 1.0)
        if not ready:
            return True
        try:
            data = os.read(self.master, 65536)
        except OSError:  # EIO: the child closed the terminal
            return False
        self.text += data.decode("utf-8", errors="replace").replace("\r\n", "\n")
        return bool(data)

    def send(self, line: str) -> None:
        os.write(self.master, (line + "\n").encode("utf-8"))

    def interrupt(self) -> int:
        """Ctrl-C: SIGINT to the child waiting at the prompt; its exit status.

        A signal that lands between the prompt and the read is handled only once
        the read returns: then an empty line (which the game ignores) lets it act."""
        self.proc.send_signal(signal.SIGINT)
        return self.finish(nudge_after=5.0)

    def finish(self, nudge_after: float | None = None) -> int:
        """Read everything until the child exits; its exit status."""
        start = time.monotonic()
        while self._read_some():
            waited = time.monotonic() - start
            if nudge_after is not None and waited > nudge_after:
                self.send("")
                nudge_after = None
            if waited > PATIENCE_S:
                self.proc.kill()
                raise AssertionError(f"the child did not end:\n{self.text}")
        code = self.proc.wait(timeout=PATIENCE_S)
        os.close(self.master)
        return code


def run_scripted(argv: list[str], stdin: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*gouji_command(), *argv], cwd=cwd, env=child_env(), input=stdin,
                          capture_output=True, text=True, encoding="utf-8", timeout=PATIENCE_S)


def resume_command(output: str) -> list[str]:
    """The arguments of the ``to resume: gouji play ...`` line."""
    line = re.search(r"to resume: (?:\S*/)?gouji (play --resume .*)", output)  # as run: a venv's path
    assert line, output
    return line.group(1).split()


# -- Ctrl-C, end of input, resume: the real command ------------------------------------------------
def test_ctrl_c_at_the_prompt_leaves_cleanly_saves_and_says_how_to_resume(tmp_path):
    term = Terminal(["play", "--seed", "3", "--seat", "2"], tmp_path)
    term.read_until(PROMPT)
    term.send("1")
    term.read_until(PROMPT, 2)
    code = term.interrupt()  # what Ctrl-C at the keyboard does
    assert code == 0, term.text
    assert "Traceback" not in term.text and "KeyboardInterrupt" not in term.text
    assert "game left unfinished" in term.text
    saved = tmp_path / "gouji-provincial-seed3.json"
    assert f"record written to {saved.name}" in term.text
    assert resume_command(term.text) == ["play", "--resume", saved.name]  # the record keeps the seat
    game = gouji.replay(saved.read_text(encoding="utf-8"))
    assert not game.is_over and game.current_player == 2
    assert len(game.history) > 1


def test_end_of_input_leaves_cleanly_and_saves(tmp_path):
    result = run_scripted(["play", "--seed", "3", "--record", "mine.json"], "1\n", tmp_path)
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stdout + result.stderr
    assert "game left unfinished" in result.stdout
    assert resume_command(result.stdout) == ["play", "--resume", "mine.json"]
    assert not gouji.replay((tmp_path / "mine.json").read_text(encoding="utf-8")).is_over


def test_resume_goes_on_from_the_last_decision(tmp_path):
    first = run_scripted(["play", "--seed", "5", "--seat", "1"], "1\n1\nq\n", tmp_path)
    assert first.returncode == 0, first.stderr
    saved = tmp_path / "gouji-provincial-seed5.json"
    before = json.loads(saved.read_text(encoding="utf-8"))
    left = gouji.replay(before)
    choices_left = [line.strip() for line in choices_text(left.legal_actions()).splitlines()
                    if re.match(r"^\s+\d+\. ", line)]

    term = Terminal(resume_command(first.stdout), tmp_path)
    screen = term.read_until(PROMPT)
    assert f"resuming {saved.name} after {len(before['actions'])} decisions" in screen
    # The first screen is the decision left open: the same choices, numbered the same way.
    shown = [line.strip() for line in screen.split("resuming", 1)[1].splitlines() if re.match(r"^\s+\d+\. ", line)]
    assert shown == choices_left
    term.send("1")
    term.read_until(PROMPT, 2)
    term.send("q")
    assert term.finish() == 0
    after = json.loads(saved.read_text(encoding="utf-8"))  # saved back where it came from
    assert after["actions"][: len(before["actions"])] == before["actions"]
    assert after["actions"][len(before["actions"])] == left.legal_actions()[0].to_text()  # "1" chose the first
    assert len(after["actions"]) > len(before["actions"])


def test_resume_refuses_a_seed_and_a_finished_game(tmp_path, capsys):
    record = tmp_path / "done.json"
    assert main(["simulate", "--games", "1", "--seed", "2", "--record", str(record)]) == 0
    capsys.readouterr()
    assert main(["play", "--resume", str(record)]) == 2
    assert "nothing to resume" in capsys.readouterr().err
    assert main(["play", "--resume", str(record), "--seed", "4"]) == 2
    assert "--seed" in capsys.readouterr().err


def test_ctrl_c_during_a_long_simulation_ends_without_a_traceback(tmp_path):
    proc = subprocess.Popen([*gouji_command(), "simulate", "--games", "100000", "--progress"], cwd=tmp_path,
                            env=child_env(), stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stderr is not None
    proc.stderr.read(1)  # the progress bar has begun: the games are being played
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=PATIENCE_S)
    assert proc.returncode == 130
    text = err.decode("utf-8")
    assert "Traceback" not in text and text.rstrip().endswith("gouji: interrupted")


@pytest.mark.parametrize("variant", gouji.builtin_variant_names())
def test_replay_of_an_unfinished_record_is_the_game_at_its_last_decision(variant):
    """What ``--resume`` rests on: a record saved mid-game replays to the same decision."""
    game = gouji.load_variant(variant).new_game(seed=11)
    bots = [GreedyBot() for _ in range(6)]
    for _ in range(40):
        game.apply(decide(bots[game.current_player], game))
    record = json.loads(json.dumps(game.record()))
    assert record["finish_order"] is None
    again = gouji.replay(record)
    assert not again.is_over
    assert again.current_player == game.current_player
    assert again.legal_actions() == game.legal_actions()
    assert [e.text() for e in again.events] == [e.text() for e in game.events]
    for seat in range(6):
        assert again.observation(seat) == game.observation(seat)


# -- what the screen says: scripted answers ------------------------------------------------------------
def scripted_input(monkeypatch, answers):
    """Answer the prompts of ``gouji play`` from a list; then leave."""
    answers = list(answers)

    def fake_input(prompt=""):
        return answers.pop(0) if answers else "q"

    monkeypatch.setattr("builtins.input", fake_input)


def play_screen(monkeypatch, capsys, tmp_path, answers, *argv: str) -> str:
    monkeypatch.chdir(tmp_path)
    scripted_input(monkeypatch, answers)
    assert main(["play", *argv]) == 0
    return capsys.readouterr().out


@pytest.mark.parametrize("word", ["h", "help", "?", "HELP"])
def test_help_words_show_the_help(monkeypatch, capsys, tmp_path, word):
    out = play_screen(monkeypatch, capsys, tmp_path, [word], "--seed", "3")
    assert "unknown action" not in out
    assert "how to answer:" in out and "cards held:" in out and "--resume" in out


def test_jokers_are_spelt_alike_in_hand_and_choices_and_both_spellings_are_read(monkeypatch, capsys, tmp_path):
    out = play_screen(monkeypatch, capsys, tmp_path, ["play 大王 7 7 7 7"], "--seed", "3")
    assert "BJ = 大王" in out and "SJ = 小王" in out  # the legend, once before the game
    hand = re.search(r"your hand \(36\): (.*)", out).group(1).split()
    assert hand[:2] == ["BJ", "SJ"] and "大王" not in hand
    assert re.search(r"^ +\d+\. +7 ×\d-\d, with .* \(the number plays [^)]*7", out, re.M)  # the choices, by rank
    assert "seat 0 顺牌 cover: 大王 7 7 7 7" in out  # the answer in Chinese was taken


def test_the_cards_held_line_says_what_a_question_mark_means(monkeypatch, capsys, tmp_path):
    out = play_screen(monkeypatch, capsys, tmp_path, [], "--seed", "3", "--seat", "2")
    # Past 100 columns the note moves to the line after (issue 26): read both lines.
    lines = out.splitlines()
    at = next(i for i, line in enumerate(lines) if "cards held:" in line)
    line = " ".join(lines[at : at + 2])
    assert "seat 0: ?, seat 1: ?" in line
    assert "more than 10" in line and "ROUND-6" in line
    out = play_screen(monkeypatch, capsys, tmp_path, [], "--variant", "district", "--seed", "3")
    lines = out.splitlines()
    at = next(i for i, line in enumerate(lines) if "cards held:" in line)
    line = " ".join(lines[at : at + 2])
    assert "nobody announces" in line and "ROUND-6" in line


def test_dagang_first_screen_shows_the_declaration_before_the_deal(monkeypatch, capsys, tmp_path):
    out = play_screen(monkeypatch, capsys, tmp_path, [], "--variant", "dagang", "--seed", "3")
    first = out.split(PROMPT)[0]
    assert "to decide: declaring points" in first
    assert "no cards yet" in first
    assert "you lead" not in first and "your hand (0)" not in first
    assert "dagang-declare pre no" in first


def test_a_game_of_a_variant_file_resumes_with_its_file(monkeypatch, capsys, tmp_path):
    variant = Path(__file__).resolve().parents[2] / "examples" / "single_file_plugin" / "no_small_sets.toml"
    out = play_screen(monkeypatch, capsys, tmp_path, ["1"], "--variant", str(variant), "--seat", "3", "--seed", "0")
    saved = tmp_path / "gouji-no-small-sets-seed0.json"
    assert resume_command(out) == ["play", "--resume", saved.name, "--variant", str(variant)]
    assert main(["play", "--resume", str(saved)]) == 2
    assert "resumes with --variant FILE.toml" in capsys.readouterr().err
    out = play_screen(monkeypatch, capsys, tmp_path, [], *resume_command(out)[1:])
    assert "resuming" in out and "game left unfinished" in out
    assert "you play seat 3" in out  # the record keeps the seat


def test_a_resumed_game_seats_the_player_where_he_sat(monkeypatch, capsys, tmp_path):
    """Issue 26: resuming a seat-2 game without --seat seated the player at 0, with seat 0's hand."""
    out = play_screen(monkeypatch, capsys, tmp_path, ["q"], "--seed", "3", "--seat", "2")
    hand = re.search(r"your hand \(\d+\): (.*)", out).group(1)
    saved = tmp_path / "gouji-provincial-seed3.json"
    assert json.loads(saved.read_text(encoding="utf-8"))["player_seat"] == 2
    out = play_screen(monkeypatch, capsys, tmp_path, ["q"], "--resume", str(saved))
    assert "you play seat 2" in out and re.search(r"your hand \(\d+\): (.*)", out).group(1) == hand
    out = play_screen(monkeypatch, capsys, tmp_path, ["q"], "--resume", str(saved), "--seat", "4")
    assert "was played from seat 2; you now play seat 4" in out


def test_a_resumed_game_shows_its_current_round_not_the_whole_log(monkeypatch, capsys, tmp_path):
    play_screen(monkeypatch, capsys, tmp_path, ["1"] * 5, "--seed", "3")
    saved = tmp_path / "gouji-provincial-seed3.json"
    out = play_screen(monkeypatch, capsys, tmp_path, [], "--resume", str(saved))
    assert "earlier events (gouji replay" in out
    assert "开牌 cut" not in out
    before_screen = out.split("[seat 0,")[0]
    assert before_screen.count("发牌 lead") == 1  # the round in progress begins with its lead


def test_ctrl_c_while_the_bots_play_leaves_cleanly(monkeypatch, capsys, tmp_path):
    class Interrupted(GreedyBot):
        def choose(self, observation, variant):
            raise KeyboardInterrupt

    game = gouji.load_variant("provincial").new_game(seed=3)
    bots = [Interrupted() for _ in range(6)]
    out = io.StringIO()
    assert play_in_terminal(game, 0, bots, lambda prompt: "1", out) is game
    assert "interrupted: game left unfinished" in out.getvalue()


def test_a_real_terminal_takes_short_forms_and_shows_colour(tmp_path, monkeypatch):
    """Issue 26, through a pty: 'Qx5' plays five queens; the hand's jokers are coloured."""
    monkeypatch.setenv("TERM", "xterm-256color")
    monkeypatch.delenv("NO_COLOR", raising=False)
    term = Terminal(["play", "--seed", "3"], tmp_path)
    screen = term.read_until(PROMPT)
    assert "\x1b[31;1mBJ\x1b[0m" in screen and "to beat: 3 3 3 3 3" in screen
    assert len(screen.splitlines()) < 40  # the hand and the table stay on a 40-line screen
    term.send("Qx5")
    term.read_until(PROMPT, 2)
    term.send("q")
    assert term.finish() == 0
    assert "seat 0 顺牌 cover: Q Q Q Q Q" in term.text


def test_the_terminal_prints_only_what_the_players_seat_sees():
    """Issue 21 items 11 and 14: the log the terminal prints is the player's observation: no
    other seat's face-down return (D§21), and others' declines only as 过牌 or 扣牌 (P§12)."""
    variant = gouji.load_variant("dagang")
    for seed in range(8):
        game = variant.new_game(seed=seed, context=gouji.GameContext(
            game_number=2, previous_finish_order=(0, 1, 2, 3, 4, 5)))
        out = io.StringIO()
        bots = [GreedyBot(seed) for _ in range(6)]
        play_in_terminal(game, 2, bots, lambda prompt: "1", out)
        printed = out.getvalue()
        hidden = [e for e in game.events if not e.seen_by(2)]
        others = [e for e in game.events if e.seat not in (None, 2) and e.kind in ("auto-pass", "no-burn")]
        assert all(e.text() not in printed for e in hidden)
        assert all(e.text() not in printed for e in others)
        if hidden and others:
            return
    raise AssertionError("no game had both a private event and another seat's revealing decline")


def test_without_a_seed_each_game_is_a_new_deal_and_names_its_seed(monkeypatch, capsys, tmp_path):
    """Issue 26: `gouji play` dealt seed 0 every time; a newcomer's second game was his first again."""
    seeds = set()
    for _ in range(3):
        out = play_screen(monkeypatch, capsys, tmp_path, ["q"])
        seeds.add(int(re.search(r"seed (\d+): you play seat 0", out).group(1)))
    assert len(seeds) > 1
    seed = seeds.pop()
    again = play_screen(monkeypatch, capsys, tmp_path, ["q"], "--seed", str(seed))
    assert f"seed {seed}: you play seat 0" in again


# -- issue 26, second hour: what a newcomer typed at the prompt ------------------------------------
def _single_queen_legal() -> tuple[gouji.Game, list[GreedyBot]]:
    """Seed 0 with greedy bots: a decision of seat 0 where a single Q is legal."""
    queen = gouji.parse_action("play Q")
    game = gouji.load_variant("provincial").new_game(seed=0)
    bots = [GreedyBot() for _ in range(6)]
    while not (game.current_player == 0 and queen in game.legal_actions()):
        game.apply(decide(bots[game.current_player], game))
    return game, bots


def _answer(answers: list[str]):
    return lambda prompt: answers.pop(0) if answers else "q"


def test_upper_case_q_plays_the_queen_and_lower_case_q_leaves():
    """Issue 26: 'Q' (the card) quit the game, as input was read case-insensitively."""
    game, bots = _single_queen_legal()
    decided = len(game.history)
    out = io.StringIO()
    play_in_terminal(game, 0, bots, _answer(["Q", "q"]), out)
    assert game.history[decided] == gouji.parse_action("play Q")
    assert "game left unfinished" in out.getvalue()  # the later 'q' left

    game, bots = _single_queen_legal()
    decided = len(game.history)
    out = io.StringIO()
    play_in_terminal(game, 0, bots, _answer(["q"]), out)
    assert len(game.history) == decided and "game left unfinished" in out.getvalue()  # q leaves, Q legal or not
    for word in ("quit", "QUIT", "exit"):
        out = io.StringIO()
        play_in_terminal(game, 0, bots, _answer([word]), out)
        assert len(game.history) == decided


def test_the_help_says_q_leaves_and_upper_case_q_is_the_queen(monkeypatch, capsys, tmp_path):
    out = play_screen(monkeypatch, capsys, tmp_path, ["h"], "--seed", "3")
    assert "'Q' (upper case) is the queen; 'q' (lower case) leaves" in out
    assert "q (lower case: 'Q' is the queen)" in out.splitlines()[0]  # the banner


def test_an_illegal_upper_case_q_is_refused_with_how_to_leave(monkeypatch, capsys, tmp_path):
    out = play_screen(monkeypatch, capsys, tmp_path, ["Q"], "--seed", "3")  # to beat: five 3s
    assert "'Q' is the queen: to leave, type q in lower case" in out
    assert out.count("game left unfinished") == 1


@pytest.mark.parametrize(("typed", "played"), [
    ("S3 S3", "play 3 3"), ("♠3", "play 3"), ("HQ HQ HQ", "play Q Q Q"), ("HQ", "play Q"), ("SJ", "play SJ"),
    ("D10 C10", "play 10 10"),
])
def test_suited_cards_are_read_without_the_word_play(typed, played):
    """Issue 26: the help says suits are optional, but 'S3 S3' was an unknown action."""
    from gouji.tools.terminal_choices import short_form

    assert short_form(typed) == gouji.parse_action(played).play


def test_a_suited_set_at_the_prompt_is_played_or_refused_by_its_rule(monkeypatch, capsys, tmp_path):
    out = play_screen(monkeypatch, capsys, tmp_path, ["HQ HQ HQ", "♠Q HQ CQ DQ SQ"], "--seed", "3")
    assert "unknown action" not in out
    assert "[PLAY-4] Q Q Q has 3 cards" in out
    assert "seat 0 顺牌 cover: Q Q Q Q Q" in out


@pytest.mark.parametrize(("typed", "said"), [
    ("ZZ", "'ZZ' is not a set or a choice: type a set's cards"),
    ("%s", "'%s' is not a set or a choice"),
    ("pas", "(did you mean 'pass'?)"),
    ("-1", "choose a number from 1 to"),
    ("K x", "'x' needs a count after it: 'K x3' is three Ks"),
    ("K x0", "'x0': a count is a number from 1 to 36"),
    ("K x-2", "'x-2': a count is a number from 1 to 36"),
    ("K x99", "'x99': a count is a number from 1 to 36"),
    ("x3", "'x3' repeats the card before it"),
    ("XA", "'XA': X is not a card (cards are 3-10 J Q K A 2 SJ BJ)"),
])
def test_a_typo_says_what_may_be_typed_not_the_action_names(monkeypatch, capsys, tmp_path, typed, said):
    """Issue 26: a typo listed some 40 internal action names and 'K x' blamed 'K'."""
    out = play_screen(monkeypatch, capsys, tmp_path, [typed], "--seed", "3")
    assert said in out
    assert "known:" not in out and "clock-expired" not in out and "unknown action 'K'" not in out
    assert "seat 0 顺牌 cover" not in out  # nothing was played: 'K x0' is no longer a single K


def test_four_digits_are_two_tens_past_the_list():
    """Issue 26: '1010' is the pair of 10s (a number past the list's is read as cards)."""
    from gouji.tools.terminal_choices import short_form

    assert short_form("1010") == short_form("10 10") == gouji.parse_action("play 10 10").play


def test_a_count_of_zero_names_no_set():
    from gouji.tools.terminal_choices import short_form

    assert short_form("K x0") is None and short_form("K x1") == gouji.parse_action("play K").play


def test_a_typo_at_a_real_terminal_lists_what_may_be_typed(tmp_path):
    term = Terminal(["play", "--seed", "3"], tmp_path)
    term.read_until(PROMPT)
    term.send("ZZ")
    term.read_until(PROMPT, 2)
    term.send("q")
    assert term.finish() == 0
    assert "'ZZ' is not a set or a choice" in term.text and "h for help or q to leave" in term.text
    assert "clock-expired" not in term.text


def test_replay_of_a_record_with_a_bad_action_names_its_position(tmp_path, capsys):
    record = tmp_path / "r.json"
    assert main(["simulate", "--seed", "2", "--record", str(record)]) == 0
    data = json.loads(record.read_text(encoding="utf-8"))
    data["actions"][3] = "ZZ"
    data["finish_order"] = None
    record.write_text(json.dumps(data), encoding="utf-8")
    capsys.readouterr()
    assert main(["replay", str(record)]) == 2
    assert "action 3 ('ZZ') does not replay: unknown action 'ZZ'" in capsys.readouterr().err


@pytest.mark.parametrize("command", ["play", "simulate"])
def test_a_record_path_that_cannot_be_written_is_refused_before_the_deal(monkeypatch, capsys, tmp_path, command):
    """Issue 26: `gouji play --record /nonexist/d/x.json` played the whole game, then lost it."""
    dealt = []
    monkeypatch.setattr("builtins.input", lambda prompt="": dealt.append(prompt) or "q")
    missing = tmp_path / "nonexist" / "d" / "x.json"
    assert main([command, "--record", str(missing)]) == 2
    err = capsys.readouterr().err
    assert f"--record {missing}: the folder {missing.parent} does not exist" in err
    assert not dealt  # refused before the first decision
    assert main([command, "--record", str(tmp_path)]) == 2
    assert "is a folder" in capsys.readouterr().err


@pytest.mark.parametrize(("variant", "said"), [
    ("dagang", "阶段 phase — revolution: do not revolt: play your hand [OPEN-5]"),
    ("dagang", "for the tribute (还贡) [TRIB-2]"),  # an action's own rule over its phase's (TRIB-1)
    ("dagang196", "阶段 phase — revolution (革命): do not revolt: play your hand [OPEN-5]"),
    ("dagang196", "阶段 phase — point declaration (宣点): make no declaration [TRIB-6]"),
])
def test_phase_lines_are_in_words_and_cite_their_rule(variant, said):
    """Issue 26: 'seat 1 阶段 phase — revolution: dagang-revolt yes', '… (宣点): club-no-declare'
    showed record keywords and no rule, unlike every other log line."""
    from gouji.tools.game_text import game_log

    game = gouji.load_variant(variant).new_game(seed=0, context=gouji.GameContext(
        game_number=2, previous_finish_order=(0, 1, 2, 3, 4, 5)))
    bots = [GreedyBot() for _ in range(6)]
    while not game.is_over:
        game.apply(decide(bots[game.current_player], game))
    log = game_log(game)
    assert said in log
    phases = [line for line in log.splitlines() if "阶段 phase" in line]
    assert phases and all(re.search(r"\[[A-Z]+-\d+\]$", line) for line in phases)
    assert not any(re.search(r"(dagang|club)-[a-z-]+( |$)", line) for line in phases)
    assert all(line.count("宣点") <= 1 and line.count("革命") <= 1 for line in phases)
    # The event keeps the record text (gouji.rl reads it back); only its words changed.
    assert any(e.kind == "phase" and e.detail.endswith(("dagang-revolt no", "club-no-declare")) for e in game.events)


def test_the_banner_says_which_bot_sits_where(monkeypatch, capsys, tmp_path):
    out = play_screen(monkeypatch, capsys, tmp_path, ["q"], "--seed", "3", "--seat", "2")
    assert "bots: greedy at seats 0, 1, 3, 4, 5; you at seat 2" in out
    out = play_screen(monkeypatch, capsys, tmp_path, ["q"], "--seed", "3",
                      "--bots", "random,greedy,random,greedy,random,greedy")
    assert "bots: seat 1 greedy, seat 2 random, seat 3 greedy, seat 4 random, seat 5 greedy; you at seat 0" in out
    assert "--bots names 'random' for seat 0: you play that seat, so it is not used" in out


def test_a_dagang196_game_says_its_plus_zero_is_scored_over_a_set(monkeypatch, capsys, tmp_path):
    out = play_screen(monkeypatch, capsys, tmp_path, ["1"] * 400, "--variant", "dagang196", "--seed", "0")
    assert "score: team 0 +0, team 1 +0" in out
    assert "note: dagang196 scores no points for a single game (SCORE-5)" in out and "a set of 5" in out
    out = play_screen(monkeypatch, capsys, tmp_path, ["1"] * 400, "--seed", "0")
    assert "places:" in out and "note: " not in out


def test_the_resume_hint_is_the_command_as_it_was_run(monkeypatch):
    """A newcomer following the README (``.venv/bin/gouji``, no venv activated) was told
    ``gouji play --resume …``: command not found."""
    from gouji.tools import cli

    monkeypatch.setattr(sys, "argv", [".venv/bin/gouji", "play"])
    monkeypatch.setattr("shutil.which", lambda name: None)
    assert cli._invoked() == ".venv/bin/gouji"
    monkeypatch.setattr(sys, "argv", ["/usr/bin/gouji", "play"])
    monkeypatch.setattr("shutil.which", lambda name: "/usr/bin/gouji")
    assert cli._invoked() == "gouji"
    monkeypatch.setattr(sys, "argv", ["-m"])
    assert cli._invoked() == "gouji"
