"""Trust, round 3 (issue 21, items 1-10 and the smaller ones): each input a hostile client or file
sent, and what gouji now answers. Every refusal is a GoujiError subclass naming what is wrong,
raised before any work is done, and nothing changes.
"""

from __future__ import annotations

import copy
import json
import os
import textwrap
from pathlib import Path

import pytest

import gouji
from gouji.engine.actions import PlaySet
from gouji.engine.context import GameContext
from gouji.engine.plays import parse_play
from gouji.engine.series import Series
from gouji.errors import (
    GoujiError,
    IllegalActionError,
    ObservationError,
    OutOfTurnError,
    RecordError,
    VariantError,
    VariantFileError,
    VariantNotGivenError,
)
from gouji.rules.dagang.series import DagangSeries
from gouji.rules.district.match import Match
from gouji.testing import state_of
from gouji.tools.cli import main

PROVINCIAL = gouji.load_variant("provincial")


def finish(game: gouji.Game) -> gouji.Game:
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    return game


def write(path: Path, text: str) -> Path:
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# -- 1: options {"self": …} ----------------------------------------------------------------------
def test_a_record_whose_options_hold_self_is_a_record_error(tmp_path, capsys):
    record = PROVINCIAL.new_game(seed=1).record()
    record["options"]["self"] = 1
    with pytest.raises(RecordError, match="self"):
        gouji.replay(record)
    path = tmp_path / "self.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    code, _, err = run(capsys, "replay", str(path))
    assert code == 2 and "unknown option 'self'" in err and "Traceback" not in err
    with pytest.raises(GoujiError, match="self"):
        PROVINCIAL.with_options(self=1)


# -- 2: trust never loads an unhashed file -----------------------------------------------------
def test_a_version_1_record_of_a_variant_file_is_never_loaded_even_trusted(tmp_path):
    marker = tmp_path / "imported"
    write(tmp_path / "house_rules.py", f"""
        from pathlib import Path
        Path({str(marker)!r}).write_text("imported")
    """)
    house = write(tmp_path / "house.toml", """
        [variant]
        name = "house"
        base = "provincial"
        plugin_files = ["house_rules.py"]
    """)
    record = PROVINCIAL.new_game(seed=1).record()
    record.update(version=1, variant=str(house), plugins=[])
    for key in ("gouji_version", "variant_toml", "finished", "score", "void"):
        record.pop(key, None)
    with pytest.raises(VariantNotGivenError, match="version-1"):
        gouji.replay(record, trust=True)
    assert not marker.exists()


# -- 3: positions bounded by what a deal can hold ----------------------------------------------
def test_a_position_holding_more_than_a_deal_gives_a_seat_is_refused():
    huge = " ".join(["BJ"] * 8 + ["SJ"] * 8 + ["2"] * 16 + ["A"] * 16 + ["K"] * 16 + ["Q"] * 16)
    with pytest.raises(GoujiError, match="at most 36"):
        PROVINCIAL.new_position({0: huge, 1: "3"}, leader=0)
    record = PROVINCIAL.new_position({0: "9 9", 1: "3"}, leader=0).record()
    record["position"]["hands"] = [" ".join([huge] * 5), "3", "", "", "", ""]
    with pytest.raises(RecordError, match="holds"):
        gouji.replay(record)
    eight = PROVINCIAL.with_options(decks=8)
    record = eight.new_position({0: "9 9", 1: "3"}, leader=0).record()
    record["position"]["hands"] = [" ".join(["BJ", "SJ"] * 36)] * 6
    with pytest.raises(RecordError, match="holds"):
        gouji.replay(record)


def test_all_hands_together_hold_no_more_than_the_pack():
    club = gouji.load_variant("dagang196")
    deck = club.deck()
    assert len(deck) == 196
    hands = [deck[i:i + 33] for i in range(0, 165, 33)] + [deck[165:] + deck[:2]]
    assert all(len(hand) <= 33 for hand in hands) and sum(map(len, hands)) == 198
    with pytest.raises(GoujiError, match="the pack of variant 'dagang196' has 196"):
        club.new_position(hands, leader=0)
    assert club.new_position([hand[:30] for hand in hands], leader=0).legal_actions()


def test_the_largest_hand_a_deal_allows_keeps_one_legal_action_list_bounded():
    """The worst hand of the biggest pack (8 decks, 72 cards of the highest ranks): its
    legal leads are counted, not timed; the bound is in docs/security.rst."""
    eight = PROVINCIAL.with_options(decks=8)
    deck = eight.deck()
    strongest = sorted(deck, key=lambda card: -card.rank)[:72]
    game = eight.new_position({0: strongest, 1: "3", 3: "4"}, leader=0)
    assert 0 < len(game.legal_actions()) <= 100_000


# -- 4: every game of a series or match is the game the series deals next -----------------------
def _series(variant: gouji.Variant, games: int, seed: int = 5, cls=Series):
    series = cls(variant, seed=seed, games=games)
    while True:
        finish(series.game)
        if series.is_over:
            return series
        series.next_game()


def test_a_series_game_under_other_place_points_is_refused():
    record = _series(PROVINCIAL, 2).record()
    other = PROVINCIAL.with_options(place_points=[3, 2, 1, -1, -2, -3])
    record["games"][1]["options"] = other.options.to_plain()
    with pytest.raises(RecordError, match="options"):
        Series.replay(record)


def test_a_series_seed_and_length_must_be_its_games():
    record = _series(PROVINCIAL, 2).record()
    assert Series.replay(record).team_totals() == _series(PROVINCIAL, 2).team_totals()
    with pytest.raises(RecordError, match="seed"):
        Series.replay({**record, "seed": 99})
    with pytest.raises(RecordError, match="series of 1 games lists 2"):
        Series.replay({**record, "length": 1})
    # A game of the series dealt from a seed of one's choosing.
    chosen = copy.deepcopy(record)
    chosen["games"][1] = finish(PROVINCIAL.new_game(seed=77, context=GameContext.first())).record()
    with pytest.raises(RecordError, match="seed"):
        Series.replay(chosen)


def test_a_dagang_series_checks_seed_options_and_variant_of_every_game():
    dagang = gouji.load_variant("dagang")
    record = _series(dagang, 2, cls=DagangSeries).record()
    assert DagangSeries.replay(record).games == 2
    later = record["games"][1]
    for key, value, words in (("seed", later["seed"] + 40, "seed"),
                              ("options", {**later["options"], "point_tribute": not later["options"]["point_tribute"]},
                               "options"),
                              ("variant", "dagang-plain", "variant")):
        tampered = copy.deepcopy(record)
        tampered["games"][1][key] = value
        with pytest.raises(RecordError, match=words):
            DagangSeries.replay(tampered)


def _match(variant: gouji.Variant, seed: int = 3) -> Match:
    match = Match(variant, seed)
    while True:
        finish(match.game)
        if match.is_over:
            return match
        match.next_game()


def test_a_match_game_under_other_place_points_is_refused_and_its_results_are_checked():
    district = gouji.load_variant("district")
    record = _match(district).record()
    assert Match.replay(record).winner == record["winner"]
    tampered = copy.deepcopy(record)
    tampered["games"][0]["options"]["place_points"] = [1, 2, 3, 4, 5, 7]
    with pytest.raises(RecordError, match="options"):
        Match.replay(tampered)
    for key, value in (("decider_totals", [5, 1]), ("tie_break", {"draws": [], "order": [1, 0]})):
        with pytest.raises(RecordError, match=key):
            Match.replay({**record, key: value})


# -- 5: carried values checked on the way in -----------------------------------------------------
@pytest.mark.parametrize("key, value", [
    ("dagang_cut", 10**18), ("dagang_cut", {"kind": "regular", "cutter": 10**18}),
    ("dagang_points", [[0, 1, 10**18, "x"]]), ("dagang_points", "x"),
    ("dagang_offences", [[99, "x", 1]]), ("dagang_offences", [[0, "x", 10**18]]),
    ("dagang_sweep", "yes"), ("dagang_last", 7),
])
def test_a_carried_value_of_the_wrong_type_or_range_is_refused_before_the_deal(key, value):
    dagang = gouji.load_variant("dagang")
    record = dagang.new_game(seed=1).record()
    record["context"]["carry"] = [[key, value]]
    with pytest.raises(RecordError, match=key):
        gouji.replay(record)
    with pytest.raises(GoujiError, match=key):
        dagang.new_game(seed=1, context=GameContext(2, tuple(range(6)), None, ((key, value),)))


def test_a_provincial_ledger_carried_out_of_range_is_refused():
    record = PROVINCIAL.new_game(seed=1).record()
    record["context"]["carry"] = [["penalty_ledger", [[0, "warning", 10**18]]]]
    with pytest.raises(RecordError, match="ledger"):
        gouji.replay(record)


# -- 6: one seed range ---------------------------------------------------------------------------
def test_new_game_takes_exactly_the_seeds_a_record_replays():
    for seed in (2**64, -(2**64), 0):
        assert gouji.replay(PROVINCIAL.new_game(seed=seed).record()).seed == seed
    for seed in (2**64 + 1, -(2**64) - 1, 10**400):
        with pytest.raises(GoujiError, match="2\\*\\*64"):
            PROVINCIAL.new_game(seed=seed)


# -- 7: variant files: regular files only, bounded reads -----------------------------------------
@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX")
def test_a_variant_file_naming_a_device_a_fifo_or_a_long_base_is_a_variant_file_error(tmp_path):
    fifo = tmp_path / "fifo.toml"
    os.mkfifo(fifo)
    for base in ("/dev/zero", str(fifo), "x" * 300, "y" * 300 + ".toml"):
        path = write(tmp_path / "house.toml", f"""
            [variant]
            name = "house"
            base = "{base}"
        """)
        with pytest.raises(VariantFileError):
            gouji.load_variant(path)
    for path in ("/dev/zero", str(fifo), str(tmp_path)):
        with pytest.raises(VariantFileError, match=r"regular file|cannot be read"):
            gouji.load_variant(path)


@pytest.mark.parametrize("name", ["bell\x07", "two\nlines", " padded", "a/b", "", "x" * 101])
def test_a_variant_name_with_control_characters_or_slashes_is_refused(tmp_path, name):
    path = tmp_path / "house.toml"
    path.write_text('[variant]\nname = ' + json.dumps(name) + '\nbase = "provincial"\n', encoding="utf-8")
    with pytest.raises(VariantFileError, match=r"variant\.name"):
        gouji.load_variant(path)


# -- 8: apply never rests on the caller's __eq__ or __hash__ ---------------------------------------
def test_a_play_set_subclass_equal_to_anything_is_refused():
    game = PROVINCIAL.new_game(seed=3)
    legal = game.legal_actions()

    class Liar(PlaySet):
        def __eq__(self, other):
            return True

        def __hash__(self):
            return hash(legal[0])

    before = state_of(game)
    with pytest.raises(IllegalActionError):
        game.apply(Liar(parse_play(" ".join(["BJ"] * 12))))
    with pytest.raises(IllegalActionError):
        game.apply(Liar(legal[0].play))
    assert state_of(game) == before
    assert gouji.replay(game.record()).history == game.history


def test_an_equal_action_not_the_legal_object_is_applied_as_gouji_rebuilds_it():
    import pickle

    game = PROVINCIAL.new_game(seed=3)
    chosen = game.legal_actions()[-1]
    game.apply(pickle.loads(pickle.dumps(chosen)))
    assert type(game.history[-1]) is type(chosen) and game.history[-1] == chosen


def test_a_district_breach_built_without_validation_is_refused():
    from gouji.rules.district.referee import Breach

    game = gouji.load_variant("district").new_game(seed=1)
    rogue = object.__new__(Breach)
    object.__setattr__(rogue, "seat", 99)
    object.__setattr__(rogue, "kind", "speech")
    before = state_of(game)
    with pytest.raises(IllegalActionError):
        game.apply(rogue)
    assert state_of(game) == before
    game.apply(Breach(0, "speech"))  # a real one is still the referee's to take
    assert game.history[-1] == Breach(0, "speech")


class _Odd:
    """An object that raises on every attribute look-up."""

    def __getattribute__(self, name):
        raise AttributeError(name)


class _Explosive(gouji.engine.actions.Action):
    keyword = "explode"

    def to_text(self):
        raise RuntimeError("boom")

    def __eq__(self, other):
        raise RuntimeError("boom")

    __hash__ = object.__hash__


@pytest.mark.parametrize("odd", [_Odd(), _Explosive(), PlaySet.__new__(PlaySet)], ids=["odd", "explosive", "empty"])
def test_odd_objects_with_or_without_a_seat_are_illegal_action_errors(odd):
    game = PROVINCIAL.new_game(seed=2)
    before = state_of(game)
    for seat in (None, game.current_player, (game.current_player + 1) % 6):
        with pytest.raises(IllegalActionError):
            game.apply(odd, seat=seat)
    assert state_of(game) == before


# -- 9: seats are seats --------------------------------------------------------------------------
@pytest.mark.parametrize("seat", [True, False, 1.0, "1", -1, 6, 10**30, [1], None.__class__])
def test_a_bad_seat_is_an_out_of_turn_error_and_changes_nothing(seat):
    game = PROVINCIAL.new_game(seed=2)
    before = state_of(game)
    with pytest.raises(OutOfTurnError, match="seat"):
        game.apply(game.legal_actions()[0], seat=seat)
    assert state_of(game) == before


def test_observation_of_true_is_refused():
    game = PROVINCIAL.new_game(seed=2)
    for seat in (True, False, "0", 1.0):
        with pytest.raises(GoujiError, match="seat"):
            game.observation(seat)


def _results(tmp_path: Path, name: str, data: bytes) -> str:
    path = tmp_path / name
    path.write_bytes(data)
    return str(path)


@pytest.mark.parametrize("command", ["match", "tournament"])
def test_match_and_tournament_files_that_cannot_be_read_are_clear_errors(tmp_path, capsys, command):
    latin = "match,team0,team1,finish_order\nm,Müller,Zoë,1 3 4 5 0 2\n".encode("latin-1")
    deep = b"x = " + b"[" * 5000 + b"]" * 5000 + b"\n"
    for path, words in ((_results(tmp_path, "latin.csv", latin), "UTF-8"),
                        (_results(tmp_path, "deep.toml", deep), "nested too deeply"),
                        ("/dev/zero", "regular file")):
        code, _, err = run(capsys, command, path, "--variant", "district")
        assert code == 2 and words in err and "Traceback" not in err, err


def test_toml_results_take_only_integer_seats(tmp_path, capsys):
    for order in ("[true, 3, 4, 5, 0, 2]", "['1', 3, 4, 5, 0, 2]", "[1.0, 3, 4, 5, 0, 2]"):
        path = write(tmp_path / "results.toml", f"""
            [[games]]
            teams = ["a", "b"]
            finish_order = {order}
        """)
        code, _, err = run(capsys, "match", str(path), "--variant", "district")
        assert code == 2 and "finish_order" in err, err


def test_csv_results_take_only_ascii_seats(tmp_path, capsys):
    path = tmp_path / "results.csv"
    path.write_text("match,team0,team1,finish_order\nm,a,b,\u0661 3 4 5 0 2\n", encoding="utf-8")
    code, _, err = run(capsys, "match", str(path), "--variant", "district")
    assert code == 2 and "finish_order" in err


@pytest.mark.parametrize("seat", ["٣", "³", "1_0", " 1"])
def test_gouji_score_takes_only_ascii_digits(capsys, seat):
    code, _, err = run(capsys, "score", "--variant", "district", seat, "3", "4", "5", "0", "2")
    assert code == 2 and "0-9" in err


def test_csv_output_never_starts_a_cell_with_a_formula(tmp_path, capsys):
    path = tmp_path / "results.csv"
    path.write_text('match,team0,team1,finish_order\n=1+1,"=HYPERLINK(""x"")",@b,1 3 4 5 0 2\n'
                    '=1+1,"=HYPERLINK(""x"")",@b,0 2 1 4 3 5\n', encoding="utf-8")
    code, out, err = run(capsys, "match", str(path), "--variant", "district", "--format", "csv")
    assert code == 0, err
    import csv
    import io

    cells = [cell for row in csv.reader(io.StringIO(out)) for cell in row]
    assert "'=HYPERLINK(\"x\")" in cells
    assert "'@b" in cells and "'=1+1" in cells
    assert not any(cell.startswith(("=", "@", "+")) for cell in cells)


# -- smaller: JSON, caches, observations -----------------------------------------------------------
def test_a_record_naming_a_key_twice_is_a_record_error():
    text = json.dumps(PROVINCIAL.new_game(seed=1).record())
    doubled = text.replace('"seed": 1', '"seed": 1, "seed": 2', 1)
    assert doubled != text
    with pytest.raises(RecordError, match="twice"):
        gouji.replay(doubled)


def test_the_caches_of_parsed_actions_stay_bounded(monkeypatch):
    from gouji.engine import actions, plays

    monkeypatch.setattr(actions, "MAX_INTERNED", len(actions._play_cache) + 10)
    monkeypatch.setattr(plays, "MAX_INTERNED_PLAYS", len(plays._PLAYS) + 10)
    for naturals in range(1, 17):
        for twos in range(17):
            gouji.parse_action("play " + " ".join(["9"] * naturals + ["2"] * twos))
    assert len(actions._play_cache) <= actions.MAX_INTERNED
    assert len(plays._PLAYS) <= plays.MAX_INTERNED_PLAYS
    # Past the bound, the actions are new objects, equal and as legal as ever.
    assert gouji.parse_action("play 9 9 9 2 2 2 2 2 2 2 2 2 2 2 2 2") == gouji.parse_action(
        "play 9 9 9 2 2 2 2 2 2 2 2 2 2 2 2 2")


@pytest.mark.parametrize("key, value", [
    ("table", " ".join(["BJ"] * 100_000)), ("hand", ["BJ"] * 1000), ("history", [{}] * 200_001),
    ("hand_sizes", [10**9, 0, 0, 0, 0, 0]), ("passed", [0] * 7),
])
def test_an_observation_beyond_its_bounds_is_an_observation_error(key, value):
    data = PROVINCIAL.new_game(seed=1).observation(0).to_dict()
    data[key] = value
    with pytest.raises(ObservationError, match=key):
        gouji.Observation.from_dict(data)


def test_a_variant_error_is_raised_for_a_name_too_long_or_unprintable():
    for name in ("z" * 2000, "bad\x00name", "tab\tname"):
        with pytest.raises(VariantError):
            gouji.load_variant(name)


def test_a_record_naming_a_variant_with_control_characters_is_refused():
    record = PROVINCIAL.new_game(seed=1).record()
    for name in ("provin\x1bcial", "", "x\ny"):
        with pytest.raises(RecordError, match="printable"):
            gouji.replay({**record, "variant": name}, trust=True)


@pytest.mark.parametrize("change", [{"void": None}, {"void": 0}, {"extra": 1}, {"plugins": [{"file": "x"}]}])
def test_replay_refuses_what_the_record_schema_refuses(change):
    record = {**finish(PROVINCIAL.new_game(seed=1)).record(), **change}
    with pytest.raises(RecordError):
        gouji.replay(record)
    missing = PROVINCIAL.new_game(seed=1).record()
    del missing["context"]
    with pytest.raises(RecordError, match="context"):
        gouji.replay(missing)
