"""``ismcts`` (gouji.bots.search): determinized search with ``expert`` rollouts, and the
determinizer it searches over (gouji.bots.determinize)."""

from __future__ import annotations

import math
import random
from collections import Counter

import attrs
import pytest
from twin_helpers import advance, swap_hidden_cards

import gouji
from gouji.bots import bot_names, decide, make_bot
from gouji.bots.basic import SearchingBot
from gouji.bots.determinize import Determinizer
from gouji.bots.expert import ExpertBot
from gouji.bots.search import DEFAULT_BUDGET, DEFAULT_MARGIN, DEFAULT_SIMULATIONS, SearchBot
from gouji.errors import GoujiError

PROVINCIAL = gouji.load_variant("provincial")
DAGANG = gouji.load_variant("dagang")


def _fast(seed: int = 0, **options: object) -> SearchBot:
    """A bot bounded by worlds only (deterministic) and small enough for tests."""
    settings: dict[str, object] = {"simulations": 2, "budget": None}
    settings.update(options)
    return SearchBot(seed, **settings)  # type: ignore[arg-type]


def _midgame(variant: gouji.Variant, seed: int, steps: int = 40) -> gouji.Game:
    game = variant.new_game(seed=seed)
    bot = ExpertBot(seed)
    for _ in range(steps):
        if game.is_over:
            break
        game.apply(decide(bot, game))
    return game


def test_the_registry_builds_ismcts_with_its_defaults():
    assert "ismcts" in bot_names()
    bot = make_bot("ismcts", seed=4)
    assert isinstance(bot, SearchBot) and isinstance(bot, SearchingBot)
    assert (bot.seed, bot.simulations, bot.budget, bot.margin) == (4, DEFAULT_SIMULATIONS, DEFAULT_BUDGET,
                                                                   DEFAULT_MARGIN)
    assert DEFAULT_BUDGET is None  # a name and a seed choose alike on any machine


@pytest.mark.parametrize("options", [
    {"simulations": 0}, {"simulations": -3}, {"simulations": 1.5}, {"simulations": True}, {"simulations": "8"},
    {"simulations": 10**9}, {"simulations": None},
    {"budget": -0.1}, {"budget": math.nan}, {"budget": math.inf}, {"budget": "1"}, {"budget": True},
    {"budget": 1e6},
    {"margin": -1}, {"margin": math.nan}, {"margin": "0.5"}, {"margin": None}, {"margin": 1e9},
])
def test_every_bad_option_is_a_clear_error(options):
    with pytest.raises(GoujiError, match=r"simulations|budget|margin"):
        SearchBot(0, **options)


@pytest.mark.parametrize("seed", ["1", 1.0, True, None])
def test_a_bad_seed_is_a_clear_error(seed):
    with pytest.raises(GoujiError, match="seed is an integer"):
        SearchBot(seed)  # type: ignore[arg-type]
    with pytest.raises(GoujiError, match="seed is an integer"):
        make_bot("ismcts", seed)  # type: ignore[arg-type]


def test_a_determinizer_of_another_seat_is_refused():
    game = _midgame(PROVINCIAL, 5)
    seat = game.current_player
    assert seat is not None
    other = (seat + 1) % 6
    options = list(game.legal_actions())[:2]
    with pytest.raises(GoujiError, match="samples for seat"):
        _fast().values(game.observation(seat), game.variant, options, Determinizer(game, other))


def test_a_finished_game_has_nothing_to_search():
    game = gouji.bots.play_game(PROVINCIAL, 1, ExpertBot())
    with pytest.raises(GoujiError, match="over"):
        Determinizer(game, 0)


@pytest.mark.parametrize("variant", [PROVINCIAL, DAGANG], ids=["provincial", "dagang"])
def test_its_choices_are_legal_and_the_same_for_the_same_seed(variant):
    def play(seed: int) -> list[gouji.Action]:
        game = variant.new_game(seed=seed)
        bots = [_fast(seed + s) if s == 0 else ExpertBot(s) for s in range(6)]
        chosen = []
        while not game.is_over:
            seat = game.current_player
            assert seat is not None
            action = decide(bots[seat], game)
            assert action in game.legal_actions()
            if seat == 0:
                chosen.append(action)
            game.apply(action)
        assert bots[0].searches > 0 and bots[0].worlds == 2 * bots[0].searches
        return chosen

    assert play(11) == play(11)


def test_without_a_determinizer_it_plays_expert():
    game = _midgame(PROVINCIAL, 8)
    seat = game.current_player
    assert seat is not None
    seen = game.observation(seat)
    assert _fast().choose(seen, PROVINCIAL) == ExpertBot().choose(seen, PROVINCIAL)


def test_a_margin_nothing_reaches_plays_expert_exactly():
    def finish(first: gouji.bots.Bot) -> tuple[int, ...]:
        return tuple(gouji.bots.play_game(PROVINCIAL, 21, [first] + [ExpertBot(s) for s in range(1, 6)]).finish_order)

    assert finish(_fast(margin=100, simulations=1)) == finish(ExpertBot())


def test_a_budget_of_zero_plays_one_world_a_decision():
    game = _midgame(PROVINCIAL, 3, steps=10)
    bot = SearchBot(0, simulations=50, budget=0)
    for _ in range(30):
        if game.is_over:
            break
        game.apply(decide(bot, game))
    assert bot.searches > 0 and bot.worlds == bot.searches


@pytest.mark.parametrize("seed", range(4))
def test_a_world_keeps_what_the_seat_sees_and_deals_the_rest_again(seed):
    game = _midgame(DAGANG if seed % 2 else PROVINCIAL, seed, steps=15 + 10 * seed)
    seat = game.current_player
    assert seat is not None
    determinizer = Determinizer(game, seat)
    rng = random.Random(seed)
    worlds = [determinizer.sample(rng) for _ in range(3)]
    others = [s for s in range(6) if s != seat]
    # By rank: the suits of the cards played are not shown, so a world's hidden suits are its own.
    hidden = Counter(card.rank for s in others for card in game.hand(s))
    for world in worlds:
        # The same view but for the count of decisions: where a seat declined with no decision
        # (it could not cover), the world's seat may decline by one (it could), or the other way.
        assert attrs.evolve(world.observation(seat), turn=0) == attrs.evolve(game.observation(seat), turn=0)
        assert [world.hand_size(s) for s in range(6)] == [game.hand_size(s) for s in range(6)]
        assert Counter(card.rank for s in others for card in world.hand(s)) == hidden
        assert world.legal_actions() == game.legal_actions()
    assert any([w.hand(s) for s in others] != [game.hand(s) for s in others] for w in worlds)
    assert determinizer.hidden == sum(hidden.values())


@pytest.mark.parametrize("seed", range(6))
def test_where_the_hidden_cards_truly_are_changes_neither_the_worlds_nor_the_choice(seed):
    """The twin-game test (tests/bots/test_fair_bots.py runs it for every bot too): a card
    swapped between two other hands changes no world sampled and no decision."""
    variant = [PROVINCIAL, DAGANG][seed % 2]
    game = variant.new_game(seed=seed)
    advance(game, 20 + 9 * seed, seed)
    if game.is_over:
        return
    seat = game.current_player
    assert seat is not None
    twin = game.clone()
    assert swap_hidden_cards(twin, seat, random.Random(seed))
    assert game.observation(seat) == twin.observation(seat)
    first = Determinizer(game, seat).sample(random.Random(7))
    second = Determinizer(twin, seat).sample(random.Random(7))
    assert [first.hand(s) for s in range(6)] == [second.hand(s) for s in range(6)]
    assert decide(_fast(seed, simulations=3), game) == decide(_fast(seed, simulations=3), twin)


def test_a_world_that_goes_wrong_is_dropped_for_every_candidate(monkeypatch):
    game = _midgame(PROVINCIAL, 2)
    seat = game.current_player
    assert seat is not None
    bot = _fast(simulations=3)
    monkeypatch.setattr(bot, "_play_out", lambda world, variant, option, team: None)
    options = list(game.legal_actions())[:2]
    assert bot.values(game.observation(seat), PROVINCIAL, options, Determinizer(game, seat)) is None
    assert bot.dropped == 3


@pytest.mark.parametrize("name", ["provincial", "dagang", "district", "dagang196", "dagang-plain"])
def test_a_world_is_a_game_of_its_own_that_plays_to_its_end(name):
    """In every built-in variant, in a first game and in a second (its tribute phases): a world
    is a new game built from the seat's view (its own seed and record, which replays it),
    showing the seat what the true game shows it, and six ``expert`` bots play it out."""
    from gouji.bots.determinize import NoWorldError
    from gouji.engine.series import context_after
    from gouji.records.record import replay

    variant = gouji.load_variant(name)
    first = gouji.bots.play_game(variant, 2, ExpertBot(2))
    built = tried = 0
    for game in (variant.new_game(seed=2), variant.new_game(seed=1002, context=context_after(variant, first))):
        bot = ExpertBot(3)
        for step in range(200):
            if game.is_over:
                break
            seat = game.current_player
            assert seat is not None
            if step % 40 == 5:
                tried += 1
                try:
                    world = Determinizer(game, seat).sample(random.Random(step))
                except NoWorldError:
                    continue
                built += 1
                assert world.seed != game.seed and (world.dealt is not None or game.cut is None)
                assert attrs.evolve(world.observation(seat), turn=0) == attrs.evolve(game.observation(seat), turn=0)
                assert replay(world.record()).hand(seat) == world.hand(seat)
                while not world.is_over:
                    world.apply(decide(bot, world))
            game.apply(decide(bot, game))
    assert built >= tried - 1 and built
