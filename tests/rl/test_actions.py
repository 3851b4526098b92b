"""The action space: every legal action of every variant has an index that reads back."""

from __future__ import annotations

import random

import attrs
import pytest

np = pytest.importorskip("numpy")

import gouji  # noqa: E402
from gouji.engine.actions import Action, Burn, PlaySet  # noqa: E402
from gouji.engine.plays import Play  # noqa: E402
from gouji.engine.series import Series  # noqa: E402
from gouji.rl.actions import (  # noqa: E402
    FEATURE_LAYOUT,
    FEATURE_SIZE,
    HOUSE_PARAMS,
    ActionSpace,
    UnsupportedActionError,
    action_features,
    features_of,
    house_kind,
)

SPACE = ActionSpace()


def _check_round_trip(legal: list[Action], space: ActionSpace = SPACE) -> None:
    indices = space.indices(legal)
    assert len(set(indices)) == len(indices), "two legal actions share an index"
    mask = space.action_mask(legal)
    assert mask.sum() == len(legal) and all(mask[i] == 1 for i in indices)
    for action, index in zip(legal, indices, strict=True):
        assert 0 <= index < space.size
        assert space.action_to_index(action) == index
        assert space.index_to_action(index, legal) == action
        if action.keyword != "dagang-pick-set":  # shares the play block: needs the legal actions
            assert space.index_to_action(index) == action


def test_every_legal_action_of_random_series_round_trips(variant: gouji.Variant) -> None:
    # Two-game series: the second game has the phases the first one's result brings (tribute ...).
    space = ActionSpace.for_variant(variant)
    assert space.size == SPACE.size, "every standard-pack variant shares the layout"
    for seed in range(3):
        series = Series(variant, seed=seed, games=2)
        rng = random.Random(seed)
        while not series.is_over:
            game = series.game
            while not game.is_over:
                legal = game.legal_actions()
                _check_round_trip(legal, space)
                features_of(legal, game.current_player)
                game.apply(rng.choice(legal))
            series.next_game()


def test_sets_and_burns_number_densely() -> None:
    seen = set()
    for index in range(SPACE.play_size):
        play = SPACE.play_of(index)
        assert SPACE.play_index(play) == index
        seen.add(play)
    assert len(seen) == SPACE.play_size
    burn = Burn.of(Play.of(14, 2, 0, 1, 0))
    assert SPACE.blocks()["burn"][0] <= SPACE.action_to_index(burn) < SPACE.blocks()["words"][0]
    assert SPACE.index_to_action(SPACE.action_to_index(burn)) == burn


def test_a_burn_offered_in_a_game_round_trips() -> None:
    game = gouji.load_variant("provincial").new_position(
        {0: "A A 3", 1: "4", 2: "2 2 5", 3: "5", 4: "6", 5: "7"}, leader=0)
    game.apply(gouji.parse_action("play A A"))
    legal = game.legal_actions()
    assert any(isinstance(a, Burn) for a in legal), legal
    _check_round_trip(legal)


def test_the_blocks_tile_the_space() -> None:
    at = 0
    for start, size in SPACE.blocks().values():
        assert start == at and size > 0
        at += size
    assert at == SPACE.size


@attrs.frozen
class _Stakes(Action):
    double: bool
    keyword = "test-house-stakes"


@attrs.frozen
class _Give(Action):
    card: gouji.Card
    keyword = "test-house-give"


@attrs.frozen
class _TwoThings(Action):
    seat: int
    rank: int
    keyword = "test-house-two"


def test_house_actions_take_a_generic_slot_and_read_back_from_the_legal_actions() -> None:
    legal: list[Action] = [_Stakes(True), _Stakes(False), _Give(gouji.Card.parse("♥9")),
                           _Give(gouji.Card.parse("BJ"))]
    _check_round_trip_house(legal)
    start = SPACE.blocks()["house"][0]
    assert SPACE.action_to_index(_Stakes(True)) == start + house_kind("test-house-stakes") * HOUSE_PARAMS + 1


@attrs.frozen(repr=False)
class _Shrug(gouji.Pass):
    keyword = "test-house-shrug"


@attrs.frozen(repr=False)
class _Knock(gouji.Close):
    loud: bool
    keyword = "test-house-rap"


def test_house_word_actions_number_by_their_own_fields_not_their_record_text() -> None:
    """A house action made from a word action holds its record text written (as the engine's
    word actions do): that is no parameter of it."""
    _check_round_trip_house([_Shrug(), _Knock(True), _Knock(False)])
    start = SPACE.blocks()["house"][0]
    assert SPACE.action_to_index(_Shrug()) == start + house_kind("test-house-shrug") * HOUSE_PARAMS
    assert SPACE.action_to_index(_Knock(True)) == start + house_kind("test-house-rap") * HOUSE_PARAMS + 1


def _check_round_trip_house(legal: list[Action]) -> None:
    indices = SPACE.indices(legal)
    assert len(set(indices)) == len(indices)
    for action, index in zip(legal, indices, strict=True):
        assert SPACE.index_to_action(index, legal) == action
        with pytest.raises(UnsupportedActionError, match="house"):
            SPACE.index_to_action(index)


def test_what_cannot_be_numbered_raises_a_clear_error() -> None:
    with pytest.raises(UnsupportedActionError, match="2 parameters"):
        SPACE.action_to_index(_TwoThings(1, 9))
    from gouji.rules.dagang.actions import Ruling

    with pytest.raises(UnsupportedActionError, match="referee"):
        SPACE.action_to_index(Ruling(1, "warning", "speech"))
    with pytest.raises(UnsupportedActionError):
        SPACE.index_to_action(SPACE.size)
    with pytest.raises(UnsupportedActionError, match="no legal action"):
        SPACE.index_to_action(0, [gouji.Pass()])
    assert issubclass(UnsupportedActionError, gouji.GoujiError)


def test_action_features_describe_the_cards_and_the_kind() -> None:
    features = action_features(PlaySet.of(gouji.parse_play("BJ 2 9 9")))
    assert features.shape == (FEATURE_SIZE,)
    cards, _ = FEATURE_LAYOUT["cards"]
    assert features[cards + 6] == 2 and features[cards + 12] == 1 and features[cards + 14] == 1
    core, _ = FEATURE_LAYOUT["core"]
    assert features[core] == 1 and features[core + 1] == 0
    burn = action_features(Burn.of(gouji.parse_play("BJ 9 9")))
    assert burn[core + 1] == 1
    assert action_features(gouji.Pass())[core + 2] == 1
    from gouji.rules.dagang.actions import BuyThree

    buy = action_features(BuyThree(seller=4, pay=15), seat=1)
    assert buy[FEATURE_LAYOUT["seat"][0] + 3] == 1  # the seller sits opposite the buyer
    assert buy[cards + 12] == 1
    assert not np.array_equal(buy, action_features(BuyThree(seller=4, pay=16), seat=1))


def test_every_index_of_the_phase_blocks_reads_back() -> None:
    # Decisions random games seldom reach (a revolution, a concession) are numbered too.
    from gouji.rl.actions import BUILTIN_KINDS

    for kind in BUILTIN_KINDS:
        start, size = SPACE.blocks()[kind.keyword]
        for index in range(start, start + size):
            action = SPACE.index_to_action(index)
            assert action.keyword == kind.keyword
            assert SPACE.action_to_index(action) == index
            assert gouji.parse_action(action.to_text()) == action
