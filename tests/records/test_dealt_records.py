"""Records of games dealt from given hands (the ``deal`` key, docs/record-format.rst) as a
stranger may send them: every bad one is a clear :class:`~gouji.errors.RecordError`, bounded
in time and memory; what the record's JSON Schema refuses, replay refuses too; and a series
or a match, whose games are dealt from its seeds, takes no game dealt otherwise."""

from __future__ import annotations

import copy
import json

import pytest

import gouji
from gouji.engine.opening import Dealt
from gouji.engine.series import Series
from gouji.errors import GoujiError, RecordError
from gouji.records.record import replay

PROVINCIAL = gouji.load_variant("provincial")


def _dealt_record() -> dict:
    game = PROVINCIAL.new_game(seed=3)
    assert game.cut is not None and game.deal is not None and game.first_leader is not None
    given = Dealt(game.cut, tuple(tuple(hand) for hand in game.deal.hands()), game.first_leader)
    return PROVINCIAL.new_game(seed=9, deal=given).record()


def _rotated_deal(game: gouji.Game) -> dict:
    """A ``deal`` key for ``game``'s cut with its hands moved one seat on: not the seed's deal."""
    assert game.cut is not None and game.deal is not None
    hands = [" ".join(c.record_text() for c in hand) for hand in game.deal.hands()]
    cut = game.cut
    return {"cut": {"cutter": cut.cutter, "cards": " ".join(c.record_text() for c in cut.cards),
                    "first_drawer": cut.first_drawer},
            "hands": hands[1:] + hands[:1], "leader": 0}


def test_a_series_takes_no_game_dealt_otherwise_than_from_its_seed():
    """A series record whose game names the series' seed but carries a ``deal`` key (or a
    ``position``) was replayed as a game of the series: its hands are the record's, not the
    seed's. Series.replay: "Every game must be the game the series would deal next: the
    first is dealt from the series' seed"."""
    series = Series(PROVINCIAL, seed=5, games=2)
    record = series.record()
    forged = copy.deepcopy(record)
    forged["games"][0]["deal"] = _rotated_deal(series.game)
    with pytest.raises(RecordError, match="deal"):
        Series.replay(forged)
    hands = forged["games"][0].pop("deal")["hands"]
    forged["games"][0]["position"] = {"hands": hands, "leader": 0}
    with pytest.raises(RecordError, match="position"):
        Series.replay(forged)


def test_a_later_game_of_a_series_or_match_is_dealt_from_its_seed():
    """replay_in_series (every later game of a series, every game of a district match)
    checked the seed a game names, not that the game was dealt from it."""
    from gouji.records.record import replay_in_series

    variant = gouji.load_variant("district")
    game = variant.new_game(seed=7)
    while game.deal is None:
        game.apply(game.legal_actions()[0])
    record = game.record()
    record["deal"] = _rotated_deal(game)
    with pytest.raises(RecordError, match="deal"):
        replay_in_series(record, variant, 7, "game 1 of the match")


@pytest.mark.parametrize(("what", "change"), [
    ("null", lambda r: r.__setitem__("deal", None)),
    ("cut cards over 200 characters", lambda r: r["deal"]["cut"].__setitem__("cards", " ".join(["♠5"] * 200))),
])
def test_what_the_schema_refuses_in_a_deal_replay_refuses(what, change):
    """The version-2 schema's ``deal`` is an object (not null), its cut cards at most 200
    characters; replay read ``"deal": null`` as no deal and took cut
    cards of any length (200,000 of them: 1.4 s, 32 MB, all written into the cut's log line).
    record.py: "What the record's JSON Schema refuses, replay refuses too"."""
    record = _dealt_record()
    change(record)
    with pytest.raises(RecordError, match="deal"):
        replay(json.dumps(record))


def test_a_cut_shows_cards_of_the_pack():
    """The cut's cards are drawn from the pile (OPEN-1); a deal whose cut shows five 大王 of a
    four-deck pack replayed, the impossible cut in its log."""
    record = _dealt_record()
    record["deal"]["cut"]["cards"] = "BJ BJ BJ BJ BJ"
    with pytest.raises(RecordError, match="cut"):
        replay(json.dumps(record))


def test_a_record_holds_a_position_or_a_deal_not_both():
    """With both keys the position was played and the deal silently dropped (the replayed
    game's own record then has no ``deal``)."""
    record = _dealt_record()
    record["position"] = {"hands": record["deal"]["hands"], "leader": 0}
    with pytest.raises(RecordError, match="deal"):
        replay(json.dumps(record))


def test_a_version_1_record_has_no_deal_key():
    """Version 1 knows no ``deal`` (docs/record-format.rst: "Records without the key are dealt
    from their seed"; the key came with version 2's schema), yet a version-1 record carrying
    one was dealt from it instead of from its seed."""
    record = _dealt_record()
    record.update(version=1, plugins=["provincial"])
    for key in ("gouji_version", "variant_toml", "finished", "score"):
        record.pop(key)
    with pytest.raises(RecordError, match="deal"):
        replay(json.dumps(record))
    record.pop("deal")
    assert replay(json.dumps(record)).dealt is None  # without it, dealt from the seed


def test_a_deal_whose_leader_holds_no_card_is_refused_naming_the_hands():
    """A deal of the whole pack in one hand passed the pack check; the game then failed with
    "seat 0 has no legal set to lead: a plugin forbade every set", which names neither the
    deal nor the hands (and hands of 35 and 37 cards, which no deal of the variant gives,
    are played on)."""
    game = PROVINCIAL.new_game(seed=3)
    assert game.cut is not None
    pack = tuple(PROVINCIAL.deck())
    with pytest.raises(GoujiError, match="hand"):
        PROVINCIAL.new_game(seed=1, deal=Dealt(game.cut, ((), (), (), (), (), pack), 0))
