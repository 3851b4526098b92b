"""Fresh-eyes review of the ``district`` variant against its book (seed 002, book T).

Every expectation is derived from the book's words (《够级比赛规则》, cited T 一.n for
竞赛办法 and T 二.n / T 二.3.(n) for 比赛规则), not from the engine's own tests.

Book T plays clockwise (T 二.3.(2) "按照顺时针顺序模牌打牌"): in the engine the turn passes
in *decreasing* seat order, so seat 0's lower player is seat 5 and seat 0's turn order is
5, 4, 3, 2, 1. Teams are seats 0, 2, 4 and 1, 3, 5; the opposite of seat s is s + 3.
Under 鳖三 (T 一.7) every hand in a position keeps a 3 for its last set.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

import gouji
from gouji.cards import Card
from gouji.rules.district import clock, referee
from gouji.rules.district.buying import BuyPhase
from gouji.rules.district.match import FINAL, Match, draw_lots, draw_value
from gouji.rules.district.opening import captain_value, read_cut
from gouji.rules.district.tournament import Tournament

VARIANT = gouji.load_variant("district")

BJ, SJ, TWO, ACE, KING, QUEEN, JACK = 17, 16, 15, 14, 13, 12, 11


def pos(hands: dict[int, str], leader: int = 0, **options: object) -> gouji.Game:
    variant = VARIANT.with_options(**options) if options else VARIANT
    return variant.new_position(hands, leader)


def act(game: gouji.Game, *texts: str) -> None:
    for text in texts:
        game.apply(gouji.parse_action(text))


def legal(game: gouji.Game) -> list[str]:
    return [a.to_text() for a in game.legal_actions()]


def finish(game: gouji.Game) -> gouji.Game:
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    return game


def buying(game: gouji.Game, ranks: tuple[int, ...] = (3, 4)) -> gouji.Game:
    """Run the pre-play buying of 3s and 4s (END-7) on a set position."""
    phase = BuyPhase.for_game(game, ranks)
    if phase is not None:
        game.phases = [phase]
        game._settle()
    return game


def kinds(game: gouji.Game) -> list[str]:
    return [e.kind for e in game.events]


def reasons(game: gouji.Game) -> list[str]:
    return [a.reason for a in game.score().adjustments]


def items(game: gouji.Game, name: str) -> list[tuple[int, int]]:
    """``(team, points)`` of the score adjustments whose reason starts with ``name``."""
    return [(a.team, a.points) for a in game.score().adjustments if a.reason.startswith(name)]


def all_threes() -> gouji.Game:
    """Every seat holds a single 3: each leads it and goes out in turn, 0, 5, 4, 3, 2, 1."""
    return pos({s: "3" for s in range(6)}, leader=0)


# --- T 二.1, T 二.3.(1)-(2): deck, table, cut -------------------------------------------------


@pytest.mark.rule("DECK-1")
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_t2_1_four_standard_decks(seed: int) -> None:
    """T 二.1: "用牌：国际通用标准扑克牌4副" — 216 cards, 36 a seat before any buying."""
    game = VARIANT.new_game(seed=seed)
    assert game.deal is not None
    per_seat = Counter(seat for seat, _ in game.deal.draws)
    assert sorted(per_seat.values()) == [36] * 6
    ranks = Counter(card.rank for _, card in game.deal.draws)
    assert ranks[BJ] == 4 and ranks[SJ] == 4 and all(ranks[r] == 16 for r in range(3, 16))
    assert sum(len(game.hand(s)) for s in range(6)) == 216


@pytest.mark.rule("TABLE-1")
def test_t2_3_2_play_goes_clockwise() -> None:
    """T 二.3.(2): "然后按照顺时针顺序模牌打牌" — seat 0's next player is seat 5, then 4."""
    game = pos({0: "5 9 3", 1: "6 3", 2: "6 3", 3: "6 3", 4: "7 3", 5: "6 3"})
    act(game, "play 5")
    assert game.current_player == 5
    act(game, "play 6")
    assert game.current_player == 4


@pytest.mark.rule("TABLE-1")
def test_t2_3_1_teams_of_three_seated_alternately_opposite_answers_gouji() -> None:
    """T 二.3.(1): "比赛为团体赛，每队3人" — a gouji set of seat 0 is answered first by seat 3,
    its opposite (GOUJI-2), not by the next player."""
    game = pos({0: "A A 9 3", 1: "2 2 3", 2: "5 3", 3: "2 2 3", 4: "5 3", 5: "2 2 3"})
    act(game, "play A A")
    assert game.current_player == 3


@pytest.mark.rule("OPEN-1")
@pytest.mark.parametrize(("text", "value"), [("A", 1), ("2", 2), ("5", 5), ("10", 10), ("J", 1),
                                             ("Q", 2), ("K", 3)])
def test_t2_3_2_captains_cut_values(text: str, value: int) -> None:
    """T 二.3.(2): "各队队长按切牌点数大小（1--10，10以上按个位数计算大小…）"."""
    assert captain_value(Card.parse(text)) == value


@pytest.mark.rule("OPEN-1")
def test_t2_3_2_a_joker_has_no_cut_value() -> None:
    """T 二.3.(2): "大、小虎重新切牌一次"."""
    for text in ("大王", "小王"):
        with pytest.raises(gouji.GoujiError):
            captain_value(Card.parse(text))


@pytest.mark.rule("OPEN-1")
@pytest.mark.parametrize("seed", range(8))
def test_t2_3_2_higher_captain_card_opens_and_counts_the_first_drawer(seed: int) -> None:
    """T 二.3.(2): "确定开牌队，由开牌队切牌，按牌面点数确定第一个摸牌的人，然后按照顺时针顺序"."""
    game = VARIANT.new_game(seed=seed)
    assert game.cut is not None
    reading = read_cut(game.cut)
    last = reading.captain_cards[-1]
    values = [captain_value(c) for c in last if c.rank < SJ]
    assert values[0] != values[1]
    team = 0 if values[0] > values[1] else 1
    assert reading.opening_team == team
    captains = VARIANT.options["captains"]
    assert game.cut.cutter == captains[team]
    card = reading.cutter_cards[-1]
    assert all(c.rank >= SJ for c in reading.cutter_cards[:-1]) and card.rank < SJ
    face = {ACE: 1, TWO: 2}.get(card.rank, card.rank)
    # Counting the cutter as 1 and going on clockwise (decreasing seats).
    assert game.cut.first_drawer == (game.cut.cutter - (face - 1)) % 6


@pytest.mark.rule("OPEN-3")
@pytest.mark.parametrize("seed", range(6))
def test_t2_3_3_first_drawer_leads(seed: int) -> None:
    """T 二.3.(3): "每局由先摸牌者出牌" (no 上班 with 3s)."""
    game = VARIANT.new_game(seed=seed)
    while game.kind == "phase":
        game.apply(game.legal_actions()[0])
    assert game.cut is not None
    first = game.cut.first_drawer
    if game.playing[first]:
        assert game.current_player == first


@pytest.mark.rule("OPEN-1")
def test_t2_3_2_second_game_cutter_is_named_clockwise_from_the_last_first_drawer() -> None:
    """T 二.3.(2): "第二局由上次摸牌者顺时针方向指定下一人为先切牌人"."""
    match = Match(VARIANT, seed=5)
    first = match.game
    finish(first)
    second = match.next_game()
    assert first.cut is not None and second.cut is not None
    assert second.cut.cutter == (first.cut.first_drawer - 1) % 6
    reading = read_cut(second.cut, first_game=False)
    assert reading.captain_cards == ()


# --- T 二.3.(3): playing and closing ----------------------------------------------------------


@pytest.mark.rule("ROUND-5")
def test_t2_3_3_when_nobody_answers_the_opposite_closes() -> None:
    """T 二.3.(3): "当一轮牌无人应接时，由对头将牌扣好" — the owner then leads again."""
    game = pos({0: "8 9 3", 1: "6 3", 2: "6 3", 3: "9 3", 4: "6 3", 5: "6 3"})
    act(game, "play 8")
    # Seats 5 and 4 cannot cover; seat 3 (the opposite) may cover with a 9 or close.
    assert game.current_player == 3
    act(game, "pass")
    # Seats 2 and 1 cannot cover either: the opposite closes the dead round.
    assert game.current_player == 3 and legal(game) == ["play 9", "close"]
    act(game, "close")
    assert game.table is None and game.current_player == 0
    assert [e.seat for e in game.events if e.kind == "close"] == [3]


@pytest.mark.rule("ROUND-1")
def test_t2_3_3_one_set_at_a_time_same_count_higher_rank() -> None:
    """T 二.3.(3): "每次出牌一套" — a cover is one set: as many cards, higher rank (PLAY-4)."""
    game = pos({0: "8 8 9 3", 1: "6 3", 2: "6 3", 3: "6 3", 4: "6 3", 5: "9 9 9 8 8 3"})
    act(game, "play 8 8")
    options = legal(game)
    assert "play 9 9" in options
    assert "play 9 9 9" not in options and "play 8 8" not in options


@pytest.mark.rule("PLAY-1")
def test_t2_1_mixed_ranks_are_refused_and_change_nothing() -> None:
    """T 二.1: "牌面大小约定俗成" — a set is one rank (2s and jokers attached); 5 6 is no set."""
    game = pos({0: "5 6 9 3", 1: "6 3", 2: "6 3", 3: "6 3", 4: "6 3", 5: "6 3"})
    with pytest.raises(gouji.GoujiError):
        act(game, "play 5 6")
    assert game.current_player == 0 and len(game.hand(0)) == 4


@pytest.mark.rule("REF-4")
def test_t2_3_3_looking_at_closed_cards_costs_a_point() -> None:
    """T 二.3.(3): "任何比赛者不得翻看已经扣好的牌（违者扣除1 分）"."""
    game = all_threes()
    referee.record_breach(game, 1, "closed-cards")
    finish(game)
    assert items(game, "breach") == [(1, -1)]


# --- T 二.3.(14): 大虎二杀一 -------------------------------------------------------------------


@pytest.mark.rule("GOUJI-1")
def test_t2_3_14_a_big_joker_set_is_not_gouji() -> None:
    """T 二.3.(14): "大虎、挂大虎不够级，属于正常出牌" — the next player (not the opposite) answers."""
    game = pos({0: "大王 9 3", 1: "5 3", 2: "5 3", 3: "大王 大王 3", 4: "5 3", 5: "大王 大王 3"})
    act(game, "play BJ")
    assert game.current_player == 5
    assert "play BJ BJ" in legal(game)


@pytest.mark.rule("PLAY-5")
def test_t2_3_14_two_big_jokers_kill_one_and_the_round_ends() -> None:
    """T 二.3.(14): "两个大虎杀一大虎不存在过牌" — nobody passes on them: the killer leads."""
    game = pos({0: "大王 9 3", 1: "5 3", 2: "5 3", 3: "大王 大王 大王 3", 4: "5 3", 5: "大王 大王 8 3"})
    act(game, "play BJ", "play BJ BJ")
    assert game.table is None and game.current_player == 5


@pytest.mark.rule("PLAY-5")
def test_t2_3_14_a_big_joker_with_cards_attached_has_no_answer() -> None:
    """T 二.3.(14): only "两个大虎杀一大虎" is named; a 挂大虎 set (大王 with 5s) is not killed."""
    game = pos({0: "大王 5 5 9 3", 1: "5 3", 2: "5 3", 3: "大王 大王 6 6 3", 4: "5 3", 5: "大王 大王 7 7 3"})
    act(game, "play BJ 5 5")
    assert game.table is None and game.current_player == 0


@pytest.mark.rule("PLAY-5")
def test_t2_3_14_killing_an_opponents_big_joker_scores_one() -> None:
    """T 一.2: "大虎2杀1…加一分"; T 二.4: "大虎二杀一各加1分"."""
    game = pos({0: "大王 3", 1: "3", 2: "3", 3: "3", 4: "3", 5: "大王 大王 3"})
    act(game, "play BJ", "play BJ BJ")
    finish(game)
    assert items(game, "大虎二杀一") == [(1, 1)]


@pytest.mark.rule("PLAY-5")
def test_t2_3_14_a_big_joker_set_cannot_be_burned() -> None:
    """T 二.3.(14): big-joker sets are "不够级", so there is nothing to burn (BURN-1 burns gouji sets)."""
    game = pos({0: "大王 9 3", 1: "大王 大王 小王 3", 2: "5 3", 3: "5 3", 4: "大王 大王 小王 3", 5: "5 3"})
    act(game, "play BJ")
    assert not any(text.startswith("burn") for text in legal(game))


@pytest.mark.rule("GOUJI-1")
@pytest.mark.parametrize(("text", "gouji_set"), [
    ("小王", True), ("2", True), ("A A", True), ("A", False), ("K K", True), ("Q Q Q", True), ("Q Q", False),
    ("J J J J", True), ("J J J", False), ("10 10 10 10 10", True), ("10 10 10 10", False),
    ("9 9 9 9 9 9", False), ("2 Q Q", True),
])
def test_t1_7_original_gouji_thresholds(text: str, gouji_set: bool) -> None:
    """T 一.7: "比赛规则采用开点（原版）" — the standard gouji thresholds: a small joker, one 2, two A,
    two K, three Q, four J, five 10; 9 and below never."""
    play = gouji.parse_play(text)
    assert VARIANT.set_rules.is_gouji(play) is gouji_set


@pytest.mark.rule("PLAY-6")
def test_t2_3_14_a_small_joker_set_stays_gouji() -> None:
    """T 二.3.(14) names only the big joker: a 小王 set is still gouji, its opposite answers."""
    game = pos({0: "小王 9 9 3", 1: "5 3", 2: "5 3", 3: "大王 10 10 3", 4: "5 3", 5: "大王 10 10 3"})
    act(game, "play SJ 9 9")
    assert game.current_player == 3
    assert "play BJ 10 10" in legal(game)
