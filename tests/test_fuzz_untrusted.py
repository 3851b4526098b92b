"""Fuzzing the edges a stranger reaches (issue 15): records, action text, objects given to
``apply`` and variant files. Whatever is drawn, gouji answers with its own error or the
documented result, and a refused input changes nothing.

A modest budget by default; ``--slow`` draws many more examples.
"""

from __future__ import annotations

import contextlib
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
