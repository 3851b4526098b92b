"""The bot protocol: a bot decides from its seat's observation and the public variant only."""

from __future__ import annotations

import contextlib
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from twin_helpers import advance, swap_hidden_cards

import gouji
from gouji.bots import bot_names, decide, make_bot
from gouji.bots.search import SearchBot
from gouji.errors import GoujiError


def _can_build(name: str) -> bool:
    """``learned`` needs numpy (the ``bots`` extra), which the ``test`` extra leaves out."""
    try:
        make_bot(name)
    except GoujiError:
        return False
    return True


#: The registry's bots that this installation can build.
AVAILABLE = [name for name in bot_names() if _can_build(name)]


def _build(name: str, seed: int) -> gouji.bots.Bot:
    """The bot ``name`` as the registry builds it, but ``ismcts`` bounded by worlds only (its
    CPU budget would make a choice depend on the machine's speed) and small, for speed."""
    if name == "ismcts":
        return SearchBot(seed, simulations=2, budget=None)
    return make_bot(name, seed)

VARIANTS = {name: gouji.load_variant(name) for name in gouji.builtin_variant_names()}
# A house variant's phase decision (issue 40): its bots' choice, the declared suggestion, reads
# no hidden card either.
VARIANTS["house_wager"] = gouji.load_variant(
    Path(__file__).resolve().parents[2] / "examples" / "house_wager" / "house_wager_by_path.toml")


@settings(max_examples=30, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(sorted(VARIANTS)), seed=st.integers(0, 10_000), steps=st.integers(0, 120))
def test_games_that_differ_only_in_hidden_cards_get_the_same_choice_from_every_bot(name, seed, steps):
    game = VARIANTS[name].new_game(seed=seed)
    advance(game, steps, seed)
    if game.is_over:
        return
    seat = game.current_player
    assert seat is not None
    other = game.clone()
    if not swap_hidden_cards(other, seat, random.Random(seed)):
        return
    assert [game.hand(s) for s in range(6)] != [other.hand(s) for s in range(6)]
    if game.observation(seat) != other.observation(seat):
        return  # this variant shows those cards to the seat: not a hidden difference
    for bot_name in AVAILABLE:
        first, second = _build(bot_name, seed), _build(bot_name, seed)
        assert decide(first, game) == decide(second, other), bot_name


def test_the_registry_lists_its_bots_and_builds_each_by_name():
    names = bot_names()
    # gouji's own come first, weakest first; a bot installed as a package (a house bot) may follow.
    assert names[:5] == ["random", "greedy", "expert", "learned", "ismcts"]
    for name in AVAILABLE:
        bot = make_bot(name, seed=3)
        assert isinstance(bot, gouji.bots.Bot)


@pytest.mark.parametrize("bad", ["", "smart", 3, None])
def test_an_unknown_bot_name_is_a_clear_error(bad):
    with pytest.raises(GoujiError, match="bots are: random, greedy"):
        make_bot(bad)


def test_a_bot_seed_is_an_integer():
    with pytest.raises(GoujiError, match="seed is an integer"):
        make_bot("greedy", seed="1")  # type: ignore[arg-type]


def test_decide_on_a_finished_game_is_a_clear_error():
    game = gouji.bots.play_game("provincial", 1, make_bot("greedy"))
    with pytest.raises(GoujiError, match="over"):
        decide(make_bot("greedy"), game)


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_the_observation_names_the_public_facts_a_player_sees(name):
    game = VARIANTS[name].new_game(seed=2)
    seat = game.current_player
    assert seat is not None
    seen = game.observation(seat)
    assert seen.decision == game.decision
    assert seen.in_play == frozenset(s for s in range(6) if game.in_play(s))
    assert (seen.phase != "") == (game.decision == "phase")
    assert seen.burners == frozenset(s for s in range(6) if game.is_burner(s))
    assert gouji.Observation.from_dict(seen.to_dict()) == seen


def test_old_wire_data_without_the_later_fields_still_reads():
    game = VARIANTS["provincial"].new_game(seed=2)
    data = game.observation(0).to_dict()
    for key in ("decision", "phase", "in_play", "burners", "kept_heads", "melee", "gouji_restricted"):
        del data[key]
    old = gouji.Observation.from_dict(data)
    assert old.hand == game.observation(0).hand and old.decision == "" and old.burners == frozenset()


@settings(max_examples=20, deadline=None, database=None)
@given(name=st.sampled_from(sorted(VARIANTS)), seed=st.integers(0, 10_000), steps=st.integers(1, 80))
def test_the_history_an_observation_holds_is_every_event_its_seat_sees(name, seed, steps):
    """Observations extend the seat's last history (bots ask on every decision): after plays,
    clones and refused actions it is still exactly the events the seat sees."""
    game = VARIANTS[name].new_game(seed=seed)
    bot = make_bot("random", seed)
    copies = []
    for step in range(steps):
        if game.is_over:
            break
        for seat in range(6):
            assert game.observation(seat).history == tuple(v for v in (e.seen_as(seat) for e in game.events) if v is not None)
        if step % 7 == 3:
            copies.append(game.clone())
        with contextlib.suppress(GoujiError):
            game.apply(gouji.parse_action("play 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3"))
        game.apply(decide(bot, game))
    for copy in copies:
        for seat in range(6):
            assert copy.observation(seat).history == tuple(v for v in (e.seen_as(seat) for e in copy.events) if v is not None)


@pytest.mark.parametrize("seed", range(6))
def test_a_house_phase_decision_reads_no_hidden_card(seed):
    """The wager of examples/house_wager, decided by every bot from its declared suggestion:
    the same whatever the other seats hold (issue 40, item 5)."""
    game = VARIANTS["house_wager"].new_game(seed=seed)
    seat = game.current_player
    assert game.legal_actions()[0].keyword == "wager"
    other = game.clone()
    assert swap_hidden_cards(other, seat, random.Random(seed))
    assert game.observation(seat) == other.observation(seat)
    for bot_name in AVAILABLE:
        assert decide(_build(bot_name, seed), game) == decide(_build(bot_name, seed), other), bot_name
