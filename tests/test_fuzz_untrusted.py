"""Fuzzing the edges a stranger reaches (issue 15): records, action text, objects given to
``apply`` and variant files. Whatever is drawn, gouji answers with its own error or the
documented result, and a refused input changes nothing.

A modest budget by default; ``--slow`` draws many more examples.
"""

from __future__ import annotations

import contextlib
import copy
import json
import os
import string
import tempfile
from pathlib import Path

import pytest
import tomli_w
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import gouji
from gouji.errors import (
    GoujiError,
    IllegalActionError,
    ParseError,
    RecordError,
    VariantError,
)
from gouji.testing import random_playout, state_of
from gouji.testing.conformance import check_hostile_input, mutated_records

SLOW = bool(os.environ.get("GOUJI_SLOW"))
BUDGET = settings(max_examples=1500 if SLOW else 40, deadline=None, derandomize=not SLOW,
                  suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
VARIANTS = gouji.plugins.loader.builtin_variant_names()


@pytest.fixture(scope="module")
def games() -> dict[str, gouji.Game]:
    return {name: random_playout(name, 11) for name in VARIANTS}


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)


def _paths(data, prefix=()):
    yield prefix
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _paths(value, (*prefix, key))
    elif isinstance(data, list):
        for index, value in enumerate(data[:6]):
            yield from _paths(value, (*prefix, index))


@BUDGET
@given(data=st.data())
def test_a_record_with_any_value_anywhere_replays_or_is_a_record_error(games, data):
    name = data.draw(st.sampled_from(VARIANTS))
    record = json.loads(json.dumps(games[name].record(), ensure_ascii=False))
    path = data.draw(st.sampled_from([p for p in _paths(record) if p]))
    value = data.draw(json_values)
    target = record
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    try:
        game = gouji.replay(record)
    except RecordError:
        return
    # Accepted: then the record describes the game it gives.
    assert game.finish_order == (record["finish_order"] or game.finish_order)


@BUDGET
@given(data=st.data(), seed=st.integers(0, 2**32))
def test_mutated_record_text_replays_or_is_a_record_error(games, data, seed):
    import random

    name = data.draw(st.sampled_from(VARIANTS))
    for mutant in mutated_records(games[name].record(), random.Random(seed), count=3):
        with contextlib.suppress(RecordError):
            gouji.replay(mutant)


@BUDGET
@given(raw=st.binary(max_size=300) | st.text(max_size=300))
def test_any_bytes_or_text_as_a_record_is_a_record_error(raw):
    with pytest.raises(RecordError):
        gouji.replay(raw)


action_words = st.sampled_from(["play", "burn", "pass", "close", "yield", "take-wind", "dagang-ruling",
                                "dagang-give", "dagang-pick-set", "district-breach", "district-warning",
                                "dagang-buy", "dagang-gather", "club-ask-three"])
card_words = st.sampled_from(["3", "9", "10", "J", "A", "2", "BJ", "SJ", "大王", "♠9", "²", "٣", "-1", "99", "x"])
action_texts = (st.tuples(action_words, st.lists(card_words, max_size=6)).map(lambda t: " ".join([t[0], *t[1]]))
                | st.text(max_size=60) | st.text(alphabet=string.printable, max_size=60))


@BUDGET
@given(data=st.data(), text=action_texts)
def test_any_action_text_is_refused_or_replays(games, data, text):
    name = data.draw(st.sampled_from(VARIANTS))
    game = gouji.load_variant(name).new_game(seed=data.draw(st.integers(0, 50)))
    for _ in range(data.draw(st.integers(0, 40))):
        if game.is_over:
            break
        game.apply(data.draw(st.sampled_from(game.legal_actions())))
    try:
        action = gouji.parse_action(text)
    except ParseError:
        return
    before = state_of(game)
    try:
        game.apply(action)
    except IllegalActionError:
        assert state_of(game) == before
        return
    again = gouji.replay(game.record())
    assert again.history == game.history


@BUDGET
@given(data=st.data(), garbage=json_values | st.builds(object) | st.binary(max_size=8))
def test_any_object_given_to_apply_is_an_illegal_action_error(games, data, garbage):
    game = gouji.load_variant(data.draw(st.sampled_from(VARIANTS))).new_game(seed=data.draw(st.integers(0, 9)))
    before = state_of(game)
    with pytest.raises(IllegalActionError):
        game.apply(garbage)
    assert state_of(game) == before


option_values = (st.integers(-10**6, 10**6) | st.booleans() | st.text(max_size=10)
                 | st.lists(st.integers(-10**3, 10**3), max_size=12) | st.floats(allow_nan=False))


@BUDGET
@given(data=st.data())
def test_a_variant_file_with_any_option_values_loads_or_is_a_variant_error(data):
    base = data.draw(st.sampled_from(VARIANTS))
    specs = gouji.load_variant(base).option_specs()
    names = data.draw(st.lists(st.sampled_from([s.name for s in specs] + ["no_such_option"]), max_size=4))
    options = {n: data.draw(option_values) for n in names}
    table = {"name": "fuzzed", "base": base}
    if data.draw(st.booleans()):
        table["plugins"] = data.draw(st.lists(st.sampled_from(["provincial", "district", "nope"]), max_size=2))
    text = tomli_w.dumps({"variant": table, "options": options})
    if data.draw(st.booleans()):
        cut = data.draw(st.integers(0, len(text)))
        text = text[:cut] + data.draw(st.text(max_size=5)) + text[cut:]
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "fuzzed.toml"
        path.write_text(text, encoding="utf-8")
        try:
            variant = gouji.load_variant(path)
        except VariantError:
            return
    game = random_playout(variant, 0, max_steps=3000)
    if game.is_over:
        game.score()


@pytest.mark.parametrize("name", VARIANTS)
def test_the_hostile_input_check_passes_for_every_variant(games, name):
    import random

    assert check_hostile_input(games[name], random.Random(name)) > 20
    assert isinstance(games[name], gouji.Game) and GoujiError is not None


# -- round 3 (issue 21): series and matches, carried values, positions, seeds, files, seats, ------------
# -- the example server, observations, and the records' schema ------------------------------------------
ROUND3 = settings(max_examples=400 if SLOW else 25, deadline=None, derandomize=not SLOW,
                  suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                         HealthCheck.function_scoped_fixture])


def _play_on(game: gouji.Game, seed: int, max_steps: int = 20_000) -> gouji.Game:
    import random

    rng = random.Random(seed)
    for _ in range(max_steps):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    return game


def _finished_series(cls, name: str, games: int):
    series = cls(gouji.load_variant(name), seed=3, games=games)
    while True:
        _play_on(series.game, 0)
        if series.is_over:
            return series
        series.next_game()


@pytest.fixture(scope="module")
def series_records() -> dict[str, dict]:
    from gouji.engine.series import Series
    from gouji.rules.dagang.series import DagangSeries
    from gouji.rules.district.match import Match

    match = Match(gouji.load_variant("district"), 4)
    while True:
        _play_on(match.game, 0)
        if match.is_over:
            break
        match.next_game()
    return {"series": _finished_series(Series, "provincial", 2).record(),
            "dagang": _finished_series(DagangSeries, "dagang", 2).record(),
            "match": match.record()}


@ROUND3
@given(data=st.data())
def test_a_series_or_match_record_with_any_value_anywhere_replays_as_dealt_or_is_a_record_error(
        series_records, data):
    from gouji.engine.series import Series
    from gouji.rules.dagang.series import DagangSeries
    from gouji.rules.district.match import Match

    kind = data.draw(st.sampled_from(sorted(series_records)))
    record = copy.deepcopy(series_records[kind])
    path = data.draw(st.sampled_from([p for p in _paths(record) if p]))
    target = record
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = data.draw(json_values | st.integers(-2**70, 2**70))
    reader = {"series": Series, "dagang": DagangSeries, "match": Match}[kind]
    try:
        replayed = reader.replay(record)
    except RecordError:
        return
    # Accepted: then every game is the one the series deals from its seed, under its options.
    games = replayed.games if kind == "match" else [*replayed.finished, replayed.game]
    for number, game in enumerate(dict.fromkeys(games)):
        assert game.seed == replayed.seed + number
        assert game.variant.options.to_plain() == replayed.variant.options.to_plain()


carry_keys = st.sampled_from(["dagang_cut", "dagang_points", "dagang_sweep", "dagang_offences", "dagang_last",
                              "penalty_ledger", "someone_elses"])


@ROUND3
@given(data=st.data(), key=carry_keys, value=json_values | st.integers(-2**70, 2**70))
def test_any_carried_value_deals_a_playable_game_or_is_refused_before_the_deal(data, key, value):
    name = data.draw(st.sampled_from(["provincial", "dagang", "dagang-plain"]))
    record = gouji.load_variant(name).new_game(seed=data.draw(st.integers(0, 20))).record()
    record["context"] = {"game_number": 2, "previous_finish_order": [0, 1, 2, 3, 4, 5],
                         "previous_first_drawer": None, "carry": [[key, value]]}
    try:
        game = gouji.replay(record)
    except RecordError:
        return
    # Accepted: the game plays on to its end without anything but gouji's own answers.
    _play_on(game, 1, max_steps=3000)


hands = st.lists(st.sampled_from(["BJ", "SJ", "2", "A", "K", "9", "3"]), max_size=90).map(" ".join)


@ROUND3
@given(data=st.data())
def test_any_position_is_refused_or_has_a_bounded_legal_list(data):
    variant = gouji.load_variant(data.draw(st.sampled_from(VARIANTS)))
    decks = data.draw(st.none() | st.integers(1, 8))
    given_hands = data.draw(st.dictionaries(st.integers(0, 5), hands, min_size=1, max_size=6))
    leader = data.draw(st.integers(0, 5))
    try:
        if decks is not None:
            variant = variant.with_options(decks=decks)  # some variants need more than one deck
        game = variant.new_position(given_hands, leader)
    except GoujiError:
        return
    assert len(game.legal_actions()) <= 100_000


@ROUND3
@given(seed=st.integers(-2**66, 2**66) | st.integers(-3, 3))
def test_new_game_and_replay_take_the_same_seeds(seed):
    try:
        game = gouji.load_variant("provincial").new_game(seed=seed)
    except GoujiError:
        assert abs(seed) > 2**64
        return
    assert gouji.replay(game.record()).seed == seed


odd_paths = st.sampled_from(["/dev/zero", "/dev/null", "/proc/self/mem", ".", "..", "/", "fifo.toml",
                             "a" * 300, "b" * 300 + ".toml", "x\x00y.toml", "x\ny", "~/.toml", "provincial"])


@ROUND3
@given(base=odd_paths | st.text(max_size=40), name=st.text(max_size=12) | st.just("house"))
def test_a_variant_file_with_any_base_or_name_loads_or_is_a_variant_error(base, name):
    with tempfile.TemporaryDirectory() as folder:
        os.mkfifo(Path(folder) / "fifo.toml")
        path = Path(folder) / "house.toml"
        path.write_text(tomli_w.dumps({"variant": {"name": name, "base": base}}), encoding="utf-8")
        with contextlib.suppress(VariantError):
            gouji.load_variant(path)
        with contextlib.suppress(VariantError):
            gouji.load_variant(base if "\x00" not in base else "x")


def _liar_of(kind, legal):
    class Liar(kind):
        def __eq__(self, other):
            return True

        def __hash__(self):
            return hash(legal[0])

    return Liar


seats = st.none() | st.booleans() | st.integers(-3, 9) | st.floats() | st.text(max_size=2) | st.just([1])


@ROUND3
@given(data=st.data(), seat=seats)
def test_any_object_or_seat_given_to_apply_is_an_illegal_action_error_or_a_legal_action(games, data, seat):
    from gouji.engine.actions import Burn, PlaySet
    from gouji.engine.plays import parse_play

    game = gouji.load_variant(data.draw(st.sampled_from(VARIANTS))).new_game(seed=data.draw(st.integers(0, 9)))
    legal = game.legal_actions()
    kind = data.draw(st.sampled_from([PlaySet, Burn]))
    text = data.draw(st.sampled_from(["BJ BJ BJ BJ", "2 2", "3", "9 9 9", "SJ"]))
    hostile = data.draw(st.sampled_from([_liar_of(kind, legal)(parse_play(text)), kind(parse_play(text)),
                                          legal[0], object(), seat]))
    before = state_of(game)
    try:
        game.apply(hostile, seat=seat)
    except IllegalActionError:
        assert state_of(game) == before
        return
    assert type(game.history[-1]) in (PlaySet, Burn, type(legal[0])) and game.history[-1] in legal
    assert gouji.replay(game.record()).history == game.history


@ROUND3
@given(raw=st.binary(max_size=300) | st.text(max_size=300).map(lambda t: t.encode("utf-8")),
       suffix=st.sampled_from([".csv", ".toml"]))
def test_any_file_of_results_reads_or_is_a_results_error(raw, suffix):
    from gouji.tools.organiser import ResultsError, read_results

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"results{suffix}"
        path.write_bytes(raw)
        with contextlib.suppress(ResultsError):
            read_results(path)


def _server():
    import sys

    folder = str(Path(__file__).resolve().parents[1] / "examples" / "server")
    if folder not in sys.path:
        sys.path.insert(0, folder)
    from table_server import TableServer

    return TableServer(max_games=3)


requests = (st.fixed_dictionaries({"op": st.sampled_from(["new", "observe", "act", "result", "x"])},
                                  optional={"variant": json_values, "seed": json_values, "token": json_values,
                                            "since": json_values, "action": json_values, "game": json_values})
            .map(json.dumps)
            | st.text(max_size=200) | st.sampled_from(["[" * 5000, '{"op": "new", "seed": ' + "9" * 5000 + "}"]))


@ROUND3
@given(text=requests)
def test_the_example_server_answers_any_request_with_json(text):
    server = _server()
    answer = json.loads(server.handle_json(text))
    assert isinstance(answer, dict)
    if "seed" in text:
        assert "error" in answer


@ROUND3
@given(data=st.data())
def test_an_observation_with_any_value_anywhere_rebuilds_or_is_an_observation_error(games, data):
    name = data.draw(st.sampled_from(VARIANTS))
    observed = games[name].observation(data.draw(st.integers(0, 5))).to_dict()
    path = data.draw(st.sampled_from([p for p in _paths(observed) if p]))
    target = observed
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = data.draw(json_values | st.sampled_from([" ".join(["BJ"] * 5000), ["BJ"] * 5000]))
    with contextlib.suppress(gouji.errors.ObservationError):
        gouji.Observation.from_dict(observed)


@ROUND3
@given(data=st.data())
def test_a_record_replay_accepts_is_one_its_schema_accepts(games, data):
    jsonschema = pytest.importorskip("jsonschema")
    from gouji.records.record import schema_path

    name = data.draw(st.sampled_from(VARIANTS))
    record = json.loads(json.dumps(games[name].record(), ensure_ascii=False))
    for _ in range(data.draw(st.integers(1, 2))):
        path = data.draw(st.sampled_from([p for p in _paths(record) if p]))
        target = record
        for key in path[:-1]:
            target = target[key]
        if isinstance(target, dict) and data.draw(st.booleans()):
            target[data.draw(st.sampled_from(["void", "extra", path[-1]]))] = data.draw(json_values)
        elif isinstance(target, dict) and data.draw(st.booleans()):
            target.pop(path[-1])
        else:
            target[path[-1]] = data.draw(json_values)
    try:
        gouji.replay(record)
    except RecordError:
        return
    schema = json.loads(schema_path(record["version"]).read_text(encoding="utf-8"))
    jsonschema.validate(record, schema)
