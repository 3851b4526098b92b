"""Tests of the house wager, with gouji's conformance kit (which checks its vocabulary too)."""

from __future__ import annotations

from house_wager import VARIANT_FILE

import gouji


def test_the_wager_plays_correct_games(gouji_conformance):
    gouji_conformance(VARIANT_FILE, games=5)


def test_the_wager_is_declared_in_both_languages():
    vocabulary = gouji.load_variant(VARIANT_FILE).vocabulary
    assert vocabulary.decisions["wager"].words.zh == "押注"
    assert vocabulary.events["wager"].words.en == "wagers"
    assert "wager (押注)" in vocabulary.phases
