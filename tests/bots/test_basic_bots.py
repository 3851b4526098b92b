"""The bots: legal, deterministic, and the greedy bot plays like a player."""

from __future__ import annotations

import pytest

import gouji
from gouji.bots.basic import Bot, GreedyBot, RandomBot, decide, make_bot, play_game
from gouji.engine.actions import CLOSE, PASS, Action
from gouji.errors import GoujiError


@pytest.fixture(scope="module")
def provincial() -> gouji.Variant:
    return gouji.load_variant("provincial")


class Checked:
    """Wraps a bot and checks that every action it chooses is legal at that moment."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.decisions = 0

    def choose(self, observation: gouji.Observation, variant: gouji.Variant) -> Action:
        action = self.bot.choose(observation, variant)
        assert action in observation.legal_actions, (self.bot, action, observation)
        self.decisions += 1
        return action


def _mixed(seed: int, greedy_team: int = 0) -> list[Bot]:
    return [GreedyBot(seed * 6 + s) if s % 2 == greedy_team else RandomBot(seed * 6 + s) for s in range(6)]


@pytest.mark.parametrize("seed", range(4))
def test_bots_choose_only_legal_actions(provincial, seed):
    bots = [Checked(b) for b in _mixed(seed)]
    game = play_game(provincial, seed, bots)
    assert game.is_over
    assert sum(b.decisions for b in bots) == len(game.history)


def test_greedy_self_play_only_legal_and_ends(provincial):
    for seed in range(3):
        game = play_game(provincial, seed, Checked(GreedyBot(seed)))
        assert game.is_over and sorted(game.finish_order) == list(range(6))


def test_same_seeds_same_game(provincial):
    first = play_game(provincial, 11, _mixed(11))
    second = play_game(provincial, 11, _mixed(11))
    assert first.history == second.history
    assert first.finish_order == second.finish_order


def test_random_bot_depends_on_its_seed(provincial):
    a = play_game(provincial, 5, [RandomBot(s) for s in range(6)])
    b = play_game(provincial, 5, [RandomBot(s + 100) for s in range(6)])
    assert a.history != b.history


def test_bots_follow_the_protocol():
    assert isinstance(GreedyBot(), Bot)
    assert isinstance(RandomBot(0), Bot)
    assert isinstance(make_bot("greedy", 3), GreedyBot)
    assert isinstance(make_bot(" Random ", 3), RandomBot)
    with pytest.raises(GoujiError, match="unknown bot 'smart'"):
        make_bot("smart")


def test_play_game_takes_a_name_and_one_bot_or_six():
    game = play_game("provincial", 2, GreedyBot())
    assert game.is_over
    with pytest.raises(GoujiError, match="6 bots"):
        play_game("provincial", 2, [GreedyBot()] * 5)


def test_greedy_beats_random(provincial):
    """40 games, greedy on each team in turn to cancel seat bias."""
    greedy = random_ = 0
    for seed in range(40):
        team = seed % 2
        score = play_game(provincial, seed, _mixed(seed, team)).score()
        greedy += score.team_points[team]
        random_ += score.team_points[1 - team]
    assert greedy > random_
    assert greedy / 40 > 4  # by far: the greedy team usually sweeps


# -- the greedy heuristic on chosen positions ------------------------------------------
FILLER = "4 3"  # a hand that can cover nothing of interest


def _position(provincial, hands, leader=0, actions=()):
    game = provincial.new_position(hands, leader)
    for text in actions:
        game.apply(gouji.parse_action(text))
    return game


def test_greedy_plays_out_a_hand_that_is_one_set(provincial):
    game = _position(provincial, {0: "小王 2 9 9", 1: FILLER, 2: FILLER, 3: FILLER, 4: FILLER, 5: FILLER})
    assert decide(GreedyBot(), game).to_text() == "play SJ 2 9 9"


def test_greedy_leads_the_lowest_whole_group_and_keeps_2s_and_jokers(provincial):
    hands = {0: "小王 2 A A 8 8 8 5 5", 1: FILLER, 2: FILLER, 3: FILLER, 4: FILLER, 5: FILLER}
    game = _position(provincial, hands)
    assert decide(GreedyBot(), game).to_text() == "play 5 5"


def test_greedy_chains_dead_sets_to_go_out(provincial):
    hands = {0: "大王 K K 6 6", 1: FILLER, 2: FILLER, 3: FILLER, 4: FILLER, 5: FILLER}
    game = _position(provincial, hands)
    assert decide(GreedyBot(), game).to_text() == "play BJ K K"


def test_greedy_does_not_cover_a_teammate(provincial):
    hands = {0: "5 5 3", 1: "4", 2: "9 9 3", 3: FILLER, 4: FILLER, 5: FILLER}
    game = _position(provincial, hands, actions=["play 5 5"])
    assert game.current_player == 2
    assert decide(GreedyBot(), game) is PASS


def test_greedy_covers_a_teammate_to_go_out(provincial):
    hands = {0: "5 5 3", 1: "4", 2: "9 9", 3: FILLER, 4: FILLER, 5: FILLER}
    game = _position(provincial, hands, actions=["play 5 5"])
    assert decide(GreedyBot(), game).to_text() == "play 9 9"


def test_greedy_covers_an_opponent_cheaply(provincial):
    hands = {0: "5 5 3", 1: "2 K K 8 8 8 7 7 3", 2: FILLER, 3: FILLER, 4: FILLER, 5: FILLER}
    game = _position(provincial, hands, actions=["play 5 5"])
    assert game.current_player == 1
    assert decide(GreedyBot(), game).to_text() == "play 7 7"


def test_greedy_keeps_jokers_against_a_weak_set(provincial):
    hands = {0: "5 5 3", 1: "小王 小王 3", 2: FILLER, 3: FILLER, 4: FILLER, 5: FILLER}
    game = _position(provincial, hands, actions=["play 5 5"])
    assert game.current_player == 1
    assert decide(GreedyBot(), game) in (PASS, CLOSE)


def test_an_installed_bot_is_found_by_its_entry_point(monkeypatch):
    """Group ``gouji.bots`` (issue 39): a package's bot joins the registry by name, built when
    asked for; a name of gouji's own is never replaced, and a bad one is left out."""
    import importlib.metadata

    from gouji.bots import basic

    points = importlib.metadata.EntryPoints([
        importlib.metadata.EntryPoint("cautious", "gouji.bots.basic:GreedyBot", basic.BOT_ENTRY_POINT_GROUP),
        importlib.metadata.EntryPoint("greedy", "gouji.bots.basic:RandomBot", basic.BOT_ENTRY_POINT_GROUP),
        importlib.metadata.EntryPoint("Bad Name", "x:y", basic.BOT_ENTRY_POINT_GROUP),
    ])
    monkeypatch.setattr(importlib.metadata, "entry_points",
                        lambda group=None: points if group == basic.BOT_ENTRY_POINT_GROUP else ())
    monkeypatch.setattr(basic, "BOT_TYPES", dict(basic.BOT_TYPES))
    monkeypatch.setattr(basic, "_INSTALLED", [])
    assert basic.bot_names()[-1] == "cautious" and "Bad Name" not in basic.bot_names()
    assert isinstance(basic.make_bot("cautious", 3), basic.GreedyBot)
    assert isinstance(basic.make_bot("greedy", 3), basic.GreedyBot)
    monkeypatch.setattr(basic, "_INSTALLED", [])
    monkeypatch.setattr(basic, "BOT_TYPES", {k: v for k, v in basic.BOT_TYPES.items() if k != "cautious"})
    monkeypatch.setenv("GOUJI_DISABLE_PLUGIN_AUTOLOAD", "1")
    assert "cautious" not in basic.bot_names()


def test_an_installed_bot_that_fails_is_a_clear_error(monkeypatch):
    """A stranger's package whose bot module does not import, or whose factory raises, gives a
    GoujiError that names the bot and its entry point group, not the package's traceback."""
    import importlib.metadata

    from gouji.bots import basic

    points = importlib.metadata.EntryPoints([
        importlib.metadata.EntryPoint("broken", "no_such_module_of_anyone:Bot", basic.BOT_ENTRY_POINT_GROUP),
        importlib.metadata.EntryPoint("raising", "builtins:divmod", basic.BOT_ENTRY_POINT_GROUP),
    ])
    monkeypatch.setattr(importlib.metadata, "entry_points",
                        lambda group=None: points if group == basic.BOT_ENTRY_POINT_GROUP else ())
    monkeypatch.setattr(basic, "BOT_TYPES", dict(basic.BOT_TYPES))
    monkeypatch.setattr(basic, "_INSTALLED", [])
    for name in ("broken", "raising"):
        with pytest.raises(GoujiError, match=rf"installed bot '{name}'.*group gouji.bots.*failed to load"):
            basic.make_bot(name, 3)
