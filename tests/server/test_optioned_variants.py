"""Issue 23 (fast enough to host many tables): a table's options build its variant once per
option set for a few seconds, not once per table (building a variant costs more than a deal);
the kept variants are bounded, since their keys come from clients; a refused option is not kept."""

from __future__ import annotations

import pytest

from gouji.server import table as tables
from gouji.server.refusals import Refusal
from gouji.server.sqlite_store import SQLiteStore
from gouji.server.table import Table


@pytest.fixture
def store(tmp_path):
    made = SQLiteStore(str(tmp_path / "t.sqlite3"))
    yield made
    made.close()


@pytest.fixture(autouse=True)
def fresh(monkeypatch):
    monkeypatch.setattr(tables, "_optioned", tables.OrderedDict())


SEATS = ["human", "greedy", "greedy", "greedy", "greedy", "greedy"]


def test_tables_of_the_same_options_share_one_variant(store):
    first, _ = Table.create(store, "provincial", SEATS, {"place_points": [2, 1, 0, 0, -1, -2]})
    second, _ = Table.create(store, "provincial", SEATS, {"place_points": [2, 1, 0, 0, -1, -2]})
    other, _ = Table.create(store, "provincial", SEATS, {"place_points": [3, 1, 0, 0, -1, -3]})
    assert first.game.variant is second.game.variant
    assert other.game.variant is not first.game.variant
    assert list(other.game.variant.options["place_points"]) == [3, 1, 0, 0, -1, -3]
    assert first.row.variant_toml == second.row.variant_toml != other.row.variant_toml
    # The order the client names the options in does not matter.
    a, _ = Table.create(store, "provincial", SEATS, {"ask_forced_declines": True, "place_points": [2, 1, 0, 0, -1, -2]})
    assert a.game.variant is first.game.variant


def test_the_kept_variants_are_bounded(store, monkeypatch):
    monkeypatch.setattr(tables, "MAX_OPTIONED_VARIANTS", 3)
    for n in range(6):
        Table.create(store, "provincial", SEATS, {"place_points": [n, 1, 0, 0, -1, -n]})
    assert len(tables._optioned) == 3


def test_a_refused_option_is_refused_every_time_and_not_kept(store):
    for _ in range(2):
        with pytest.raises(Refusal, match="place_points"):
            Table.create(store, "provincial", SEATS, {"place_points": "many"})
    assert not any("many" in key for key in tables._optioned)


def test_a_kept_variant_is_built_again_after_the_cache_time(store, monkeypatch):
    first, _ = Table.create(store, "provincial", SEATS, {"place_points": [2, 1, 0, 0, -1, -2]})
    monkeypatch.setattr(tables, "VARIANT_CACHE_SECONDS", -1.0)
    later, _ = Table.create(store, "provincial", SEATS, {"place_points": [2, 1, 0, 0, -1, -2]})
    assert later.game.variant is not first.game.variant
    assert later.row.variant_toml == first.row.variant_toml
