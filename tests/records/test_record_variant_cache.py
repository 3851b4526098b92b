"""Issue 21 item 20: ``replay(record)`` without ``variant=`` builds the record's variant once
per content (name, variant text, plugins, options), not once per record; bounded."""

from __future__ import annotations

import pytest

import gouji
from gouji.records import record as records
from gouji.testing import random_playout


@pytest.fixture
def builds(monkeypatch):
    """How many variants were built (loaded or given other options)."""
    count = [0]
    original = gouji.Variant.build.__func__

    def counting(cls, *args, **kwargs):
        count[0] += 1
        return original(cls, *args, **kwargs)

    monkeypatch.setattr(gouji.Variant, "build", classmethod(counting))
    monkeypatch.setattr(records, "_LOADED", records.OrderedDict())
    return count


@pytest.mark.parametrize("name", ["provincial", "dagang", "district", "dagang196"])
def test_replaying_records_of_one_variant_builds_it_once(builds, name):
    variant = gouji.load_variant(name).with_options(place_points=[2, 1, 0, 0, -1, -2])
    made = [random_playout(variant, seed).record() for seed in range(3)]
    builds[0] = 0
    games = [gouji.replay(r) for r in made]
    assert builds[0] <= 2  # loaded by name once, given the record's options once
    assert [g.log_text() for g in games] == [gouji.replay(r, variant=variant).log_text() for r in made]
    again = [gouji.replay(r) for r in made]
    assert builds[0] <= 2
    assert [g.record() for g in again] == made


def test_other_options_are_another_variant_and_the_cache_is_bounded(builds, monkeypatch):
    monkeypatch.setattr(records, "_LOADED_LIMIT", 3)
    base = gouji.load_variant("provincial")
    made = [random_playout(base.with_options(sweep_points=points), 1).record() for points in range(1, 6)]
    games = [gouji.replay(r) for r in made]
    assert [g.variant.options["sweep_points"] for g in games] == [1, 2, 3, 4, 5]
    assert len(records._LOADED) == 3


def test_a_refused_record_is_not_cached_and_a_tampered_one_still_refused(builds):
    record = random_playout(gouji.load_variant("provincial"), 2).record()
    gouji.replay(record)
    tampered = {**record, "plugins": [*record["plugins"], {"entry_point": "qingdao", "distribution": "q",
                                                             "version": "1"}]}
    with pytest.raises(gouji.RecordError, match="qingdao"):
        gouji.replay(tampered)
    with pytest.raises(gouji.RecordError, match="qingdao"):
        gouji.replay(tampered)
    assert len(records._LOADED) == 1
