"""Fresh-eyes review of the ``district`` variant against its book (seed 002, book T).

Every expectation is derived from the book's words (《够级比赛规则》, cited T 一.n for
竞赛办法 and T 二.n / T 二.3.(n) for 比赛规则), not from the engine's own tests.

Book T plays clockwise (T 二.3.(2) "按照顺时针顺序模牌打牌"): in the engine the turn passes
in *decreasing* seat order, so seat 0's lower player is seat 5 and seat 0's turn order is
5, 4, 3, 2, 1. Teams are seats 0, 2, 4 and 1, 3, 5; the opposite of seat s is s + 3.
Under 鳖三 (T 一.7) every hand in a position keeps a 3 for its last set.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

import gouji
from gouji.engine.cards import Card
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
    return pos(dict.fromkeys(range(6), "3"), leader=0)


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


# --- T 二.3.(5): burning -----------------------------------------------------------------------


def burn_table(**extra: object) -> gouji.Game:
    """Seat 0 leads A A; seat 3 (its opposite) and seats 5 and 1 (3's team) hold 2 2."""
    return pos({0: "A A 6 3", 1: "2 2 3", 2: "Q 3", 3: "2 2 7 3", 4: "K 3", 5: "2 2 3"}, leader=0, **extra)


@pytest.mark.rule("BURN-2")
def test_t2_3_5_the_normal_gouji_order_comes_before_burns() -> None:
    """T 二.3.(5): "烧牌不优先于正常打牌以及正常的够级顺序" — seat 0's opposite answers first."""
    game = burn_table()
    act(game, "play A A")
    assert game.current_player == 3
    assert "play 2 2" in legal(game)
    assert not any(text.startswith("burn") for text in legal(game))


@pytest.mark.rule("BURN-2")
def test_t2_3_5_burns_go_in_natural_order_without_team_priority() -> None:
    """T 二.3.(5): "烧牌时按自然打牌先后顺序（无同伙优先烧规则）进行烧牌" — after the opposite passes,
    the burn offers go clockwise from the gouji player: 5, 4, 2, 1, whatever the team."""
    game = pos({0: "A A 6 3", 1: "2 2 3", 2: "2 2 3", 3: "7 3", 4: "2 2 3", 5: "2 2 3"}, leader=0)
    act(game, "play A A")
    # Seat 3 cannot cover: it may only pass or let its teammates burn first.
    assert game.current_player == 3 and legal(game) == ["pass", "consent-burn"]
    act(game, "pass")
    assert game.current_player == 5
    assert "burn 2 2" in legal(game)
    act(game, "pass")
    assert game.current_player == 4 and "burn 2 2" in legal(game)
    act(game, "pass")
    assert game.current_player == 2
    act(game, "pass")
    assert game.current_player == 1


@pytest.mark.rule("BURN-2")
def test_t2_3_5_helping_a_teammate_burn_his_opposites_set_with_consent() -> None:
    """T 二.3.(5): "帮同伙烧其对头的够级牌且同伙同意的，可优先于同伙打牌" — with seat 3's consent,
    its teammates (5, then 1) may burn seat 0's set before seat 3 answers."""
    game = burn_table()
    act(game, "play A A")
    assert "consent-burn" in legal(game)
    act(game, "consent-burn")
    assert game.current_player == 5 and "burn 2 2" in legal(game)
    act(game, "burn 2 2")
    assert game.burners == {5: 0}


@pytest.mark.rule("BURN-2")
def test_t2_3_5_without_consent_the_teammates_wait_for_the_opposite() -> None:
    """T 二.3.(5): the exception needs "且同伙同意的": without it seat 5 cannot go before seat 3."""
    game = burn_table()
    act(game, "play A A")
    assert game.current_player == 3
    with pytest.raises(gouji.GoujiError):
        game.apply(gouji.parse_action("burn 2 2"), seat=5)
    assert game.current_player == 3 and game.table is not None


@pytest.mark.rule("BURN-5")
def test_t2_3_5_no_burning_after_passing() -> None:
    """T 二.3.(5): "过牌后不得烧牌" — seat 5 declined: it is not asked again this round."""
    game = burn_table()
    act(game, "play A A", "pass", "pass")            # seat 3 passes, seat 5 declines
    assert 5 in game.passed
    act(game, "burn 2 2")                            # seat 1 burns
    assert 5 not in game.queue


@pytest.mark.rule("BURN-1")
def test_t2_3_5_a_burners_later_sets_carry_jokers() -> None:
    """T 二.3.(5) (烧牌, with P§11's definition): after the burn every set carries a joker except
    the last — the burner may not lead a bare 9 while he has more to play."""
    game = pos({0: "A A 6 3", 1: "5 3", 2: "Q 3", 3: "7 3", 4: "K 3", 5: "2 2 小王 9 9 3"}, leader=0)
    act(game, "play A A", "pass", "burn 2 2")
    while game.current_player != 5 or game.table is not None:
        act(game, "pass" if "pass" in legal(game) else "close")
    assert "play 9 9" not in legal(game) and "play 9" not in legal(game)
    assert "play SJ 9 9" in legal(game)


@pytest.mark.rule("SCORE-3")
def test_t2_3_5_a_successful_burn_scores_one() -> None:
    """T 二.3.(5): "烧牌加1分"; T 一.2 "烧贡…加一分"."""
    game = pos({0: "A A 3", 1: "3", 2: "3", 3: "3", 4: "3", 5: "2 2 3"}, leader=0)
    act(game, "play A A", "pass")
    assert game.current_player == 5 and "burn 2 2" in legal(game)
    act(game, "burn 2 2")
    finish(game)
    assert items(game, "烧贡") == [(1, 1)]


def failing_burn() -> gouji.Game:
    """Seat 5 burns seat 0's A A with 2 2 and keeps 小王 9 3; it spends the 小王 alone, so its
    9 cannot carry a joker and the 3 must go last: the burn fails."""
    game = pos({0: "A A K K 6 3", 1: "9 3", 2: "A A 3", 3: "7 3", 4: "5 3", 5: "2 2 小王 9 3"}, leader=0)
    act(game, "play A A", "pass", "burn 2 2", "pass")
    assert game.current_player == 5 and game.table is None
    act(game, "play SJ", "pass")
    return game


@pytest.mark.rule("BURN-4")
def test_t2_3_5_a_failed_burner_is_six_ke_with_his_cards_void() -> None:
    """T 二.3.(5): "烧牌失误者或假烧判为'六科'，手中余牌无效"."""
    game = failing_burn()
    assert not game.playing[5]
    assert game.places[5] == 5
    assert "burn-failed" in kinds(game)


@pytest.mark.rule("BURN-4")
def test_t2_3_5_the_burned_player_leads_again() -> None:
    """T 二.3.(5): "并由被烧牌者另行出牌" — seat 0, whose A A was burned, leads."""
    game = failing_burn()
    assert game.table is None and game.current_player == 0


@pytest.mark.rule("BURN-4")
def test_t2_3_5_the_failed_burners_opposite_still_has_a_head() -> None:
    """T 二.3.(5): "其对门仍被视为'有头'（头、二科出现后解除有头）" — seat 2 is not headless."""
    game = failing_burn()
    assert game.has_head(2) and not game.is_headless(2)


@pytest.mark.rule("BURN-4")
def test_t2_3_5_a_failed_burn_scores_nothing() -> None:
    """T 二.3.(5): "烧牌加1分" is for a burn; "烧牌失误者…判为六科" earns nothing."""
    game = finish(failing_burn())
    assert items(game, "烧贡") == []


@pytest.mark.rule("END-5")
def test_t2_3_10_a_failed_burner_still_counts_for_the_melee() -> None:
    """T 二.3.(10): "剩四人以内时（假烧者被判出局时仍计算在比赛者内）" — one out and one failed
    burner leave five counted: no 乱残 yet."""
    game = failing_burn()
    assert not game.melee


# --- T 二.3.(10): 乱残 -------------------------------------------------------------------------

MELEE = {0: "5 9 3", 1: "4 4 3", 2: "7 8 3", 4: "6 8 3"}   # seats 3 and 5 are out


@pytest.mark.rule("END-5")
def test_t2_3_10_four_left_is_the_melee() -> None:
    """T 二.3.(10): "'乱残'比赛阶段：剩四人以内时"."""
    assert pos(MELEE).melee
    assert not pos({0: "5 3", 1: "6 3", 2: "7 3", 3: "8 3", 4: "9 3"}).melee


@pytest.mark.rule("END-5")
def test_t2_3_10_one_pass_a_round() -> None:
    """T 二.3.(10): "每轮牌每人有且只有一次过牌权" — seat 4 passed; it does not answer again
    this round (E-T T4: the pass ends his round)."""
    game = pos(MELEE)
    act(game, "play 5", "pass", "play 7")
    assert game.current_player != 4
    assert 4 in game.passed


@pytest.mark.rule("END-5")
def test_t2_3_10_in_the_melee_anyone_answers_a_gouji_set() -> None:
    """T 二.3.(10) with GOUJI-2: the opposite-only rule holds "while more than four play"; in the
    乱残 the next player covers a gouji set in turn."""
    game = pos({0: "A A 9 3", 1: "2 2 3", 2: "5 3", 4: "2 2 3"})
    act(game, "play A A")
    assert game.current_player == 4
    assert "play 2 2" in legal(game)
    assert not any(t.startswith("burn") for t in legal(game))


# --- T 二.3.(11) and (6): 鳖三, 开点出4 ---------------------------------------------------------


@pytest.mark.rule("END-6")
def test_t2_3_11_no_three_before_the_last_set() -> None:
    """T 二.3.(11): "不是最后一手牌时不许出3"."""
    game = pos({0: "5 3", 1: "6 3", 2: "6 3", 3: "6 3", 4: "6 3", 5: "6 3"})
    assert legal(game) == ["play 5"]
    with pytest.raises(gouji.GoujiError):
        act(game, "play 3")
    assert game.hand_counts(0) == {5: 1, 3: 1}


@pytest.mark.rule("END-6")
def test_t2_3_11_the_last_set_must_be_threes() -> None:
    """T 二.3.(11): "最后一手牌必须是3" — all the 3s at once, when nothing else is left."""
    game = pos({0: "3 3", 1: "6 3", 2: "6 3", 3: "6 3", 4: "6 3", 5: "6 3"})
    assert legal(game) == ["play 3 3"]


@pytest.mark.rule("END-6")
def test_t2_3_11_threes_carry_no_two_or_joker() -> None:
    """T 二.3.(11): "最后一手牌必须是3" — a last set of 2 3 3 or 小王 3 is not 3s alone; the 2 or
    the joker goes first."""
    game = pos({0: "2 3 3", 1: "6 3", 2: "6 3", 3: "6 3", 4: "6 3", 5: "6 3"})
    assert "play 2 3 3" not in legal(game) and "play 2" in legal(game)
    game = pos({0: "小王 3", 1: "6 3", 2: "6 3", 3: "6 3", 4: "6 3", 5: "6 3"})
    assert legal(game) == ["play SJ"]


@pytest.mark.rule("END-6")
def test_t2_3_6_fours_never_carry_a_joker() -> None:
    """T 二.3.(6): "4不能挂虎"; T 二.3.(11): "4不得挂牌"."""
    game = pos({0: "小王 大王 4 4 9 3", 1: "6 3", 2: "6 3", 3: "6 3", 4: "6 3", 5: "6 3"})
    options = legal(game)
    assert "play 4 4" in options
    assert not any(t.startswith("play") and "4" in t.split()[1:] and ("SJ" in t or "BJ" in t)
                   for t in options)


@pytest.mark.rule("END-6")
def test_t2_3_11_fours_may_carry_twos_under_the_engines_reading() -> None:
    """T 二.3.(11): "4不得挂牌"; T 二.3.(6): "4不能挂虎" — 挂 read as hanging jokers, so a 2 may
    still be attached to 4s (E-T T5)."""
    game = pos({0: "2 4 4 9 3", 1: "6 3", 2: "6 3", 3: "6 3", 4: "6 3", 5: "6 3"})
    assert "play 2 4 4" in legal(game)


def smother_table(coverer: int) -> gouji.Game:
    """Seat 0 leads an 8 and keeps 3 3; ``coverer`` alone holds a 9."""
    hands = dict.fromkeys(range(1, 6), "5 3")
    hands[0] = "8 3 3"
    hands[coverer] = "9 5 3"
    return pos(hands, leader=0)


@pytest.mark.rule("END-8")
def test_t2_3_11_the_first_smothered_player_is_da_luo() -> None:
    """T 二.3.(11): "先被鳖三者为大落" — seat 0's set before its 3s is covered."""
    game = smother_table(5)
    act(game, "play 8", "play 9")
    assert not game.playing[0] and game.places[5] == 0


@pytest.mark.rule("END-8")
def test_t2_3_11_the_next_smothered_player_is_er_luo() -> None:
    """T 二.3.(11): "先被鳖三者为大落，依此类推"."""
    game = pos({0: "8 3 3", 1: "5 3", 2: "5 3", 3: "5 3", 4: "10 J 3", 5: "9 3 3"}, leader=0)
    act(game, "play 8", "play 9", "play 10")
    assert game.places[5] == 0 and game.places[4] == 5


@pytest.mark.rule("SCORE-3")
def test_t2_3_11_smothering_an_opponent_scores() -> None:
    """T 二.3.(11): "将对手鳖三一次，加一分" (E-T T9: one point; 憋三 + 闷贡 is the option)."""
    game = finish(smother_table(5))
    assert (1, 1) in items(game, "憋三")
    assert sum(p for team, p in items(game, "憋三") + items(game, "闷贡") if team == 1) == 1


@pytest.mark.rule("SCORE-3")
def test_t2_3_11_smothering_a_teammate_scores_nothing() -> None:
    """T 二.3.(11): "将同伙鳖三，不加分" — seat 4 covers its teammate seat 0."""
    game = smother_table(4)
    act(game, "play 8")
    assert game.current_player == 4
    act(game, "play 9")
    assert game.places[5] == 0
    finish(game)
    assert items(game, "憋三") == [] and items(game, "闷贡") == []


# --- T 二.3.(6): 开点 -------------------------------------------------------------------------

FILLERS = {1: "3", 2: "3", 3: "3", 4: "3", 5: "3"}


def lone(hand0: str, *texts: str, leader: int = 0) -> gouji.Game:
    """Seat 0 holds ``hand0``; the others hold a single 3 and cannot answer anything."""
    game = pos({**FILLERS, 0: hand0}, leader=leader)
    act(game, *texts)
    return game


@pytest.mark.rule("TRIB-5")
def test_t2_3_6_an_original_gouji_set_standing_opens() -> None:
    """T 二.3.(6): "使对方没有一套原版够级牌活牌且自己有原版够级牌活牌的情况" — K K nobody answers."""
    game = lone("K K 5 3", "play K K", "pass")
    assert game.table is None and game.current_player == 0
    assert 0 in game.opened


@pytest.mark.rule("TRIB-5")
@pytest.mark.parametrize("text", ["2 K", "小王 K", "2", "小王"])
def test_t2_3_6_jokers_and_twos_never_open(text: str) -> None:
    """T 二.3.(6): "大小虎2均不开点，原版开点"."""
    game = lone(f"{text} 5 3", f"play {text}", "pass")
    assert game.table is None and game.current_player == 0
    assert 0 not in game.opened


@pytest.mark.rule("TRIB-5")
def test_t2_3_6_a_covered_set_does_not_open_the_cover_does() -> None:
    """T 二.3.(6): the set must be live (活牌): seat 3 covers K K with A A and its A A stands."""
    game = pos({0: "K K 5 3", 1: "3", 2: "3", 3: "A A 6 3", 4: "3", 5: "3"}, leader=0)
    act(game, "play K K", "play A A")
    while game.table is not None:
        act(game, legal(game)[0] if legal(game)[0] in ("pass", "close") else "pass")
    assert 3 in game.opened and 0 not in game.opened


@pytest.mark.rule("TRIB-5")
def test_t2_3_6_a_burn_does_not_open() -> None:
    """T 二.3.(6): "同伙帮助烧牌时的够级牌不算自己的开点牌" — seat 5's K K K burn stands, unopened."""
    game = pos({0: "Q Q Q 6 3", 1: "5 3", 2: "5 3", 3: "5 3", 4: "5 3", 5: "K K K 3"}, leader=0)
    act(game, "play Q Q Q", "pass", "burn K K K")
    while game.table is not None:
        act(game, "pass" if "pass" in legal(game) else "close")
    assert game.current_player == 5
    assert 5 not in game.opened


@pytest.mark.rule("TRIB-5")
def test_t2_3_6_no_opening_once_er_ke_is_out() -> None:
    """T 二.3.(6): "二科出现后不再允许开点" — seats 1 and 5 are out (头科, 二科)."""
    game = pos({0: "K K 5 3", 2: "3", 3: "3", 4: "3"}, leader=0)
    assert game.outs == 2
    act(game, "play K K")
    while game.table is not None:
        act(game, "pass" if "pass" in legal(game) else "close")
    assert game.current_player == 0
    assert 0 not in game.opened


@pytest.mark.rule("TRIB-5")
def test_t2_3_6_without_a_four_no_opening() -> None:
    """T 二.3.(6): "无4不开点" — seat 0 declined to buy a 4; its K K standing does not open."""
    hands = {0: "K K 5 3", 1: "4 3", 2: "4 3", 3: "4 4 3", 4: "4 3", 5: "4 3"}
    game = buying(pos(hands, leader=0))
    assert game.current_player == 0 and legal(game) == ["district-buy 4", "district-decline 4"]
    act(game, "district-decline 4", "play K K")
    while game.table is not None:
        act(game, "pass" if "pass" in legal(game) else "close")
    assert game.current_player == 0 and 0 not in game.opened


@pytest.mark.rule("SCORE-3")
def test_t2_3_6_not_opening_costs_a_point_and_pays_point_tribute() -> None:
    """T 二.3.(6): "不开点计分时扣一分"; T 一.2: "点贡…加一分" (E-T T10: 点贡 to the opposite)."""
    game = finish(lone("K K 3", "play K K"))
    assert game.finish_order == [0, 5, 4, 3, 2, 1]
    missing = [a for a in game.score().adjustments if a.reason.startswith("不开点")]
    assert sorted(a.reason.split()[2] for a in missing) == ["1", "2", "3", "4", "5"]
    assert all(a.points == -1 and a.team == int(a.reason.split()[2]) % 2 for a in missing)
    tribute = [a for a in game.score().adjustments if a.reason.startswith("点贡")]
    assert len(tribute) == 5 and all(a.points == 1 for a in tribute)
    # Places 13 : 9; seat 0 opened, so team 0 nets +1 and team 1 −1.
    assert game.score().team_points == (14, 8)


@pytest.mark.rule("TRIB-5")
def test_t2_3_6_opened_is_public() -> None:
    """T 二.3.(6): opening is scored, so every player sees who opened (observation)."""
    game = lone("K K 5 3", "play K K", "pass")
    assert all(0 in game.observation(s).opened for s in range(6))


# --- T 二.3.(11) and (6): buying 3s and 4s ------------------------------------------------------

BUY_OTHERS = {1: "5 3 4", 2: "6 3 4", 4: "8 3 4", 5: "10 3 4"}


def buy_table(s0: str, s3: str, **more: str) -> gouji.Game:
    hands = {**BUY_OTHERS, 0: s0, 3: s3}
    hands.update({int(k[1:]): v for k, v in more.items()})
    return buying(pos(hands, leader=0))


@pytest.mark.rule("END-7")
def test_t2_3_11_a_missing_three_is_bought_with_a_two_from_the_opposite() -> None:
    """T 二.3.(11): "没有3时由同伙给或用2买3"; T 二.3.(6): "买3、4…必先的买对头"."""
    game = buy_table("2 9 4", "3 3 7 4")
    assert legal(game) == ["district-buy 3", "district-decline 3"]
    act(game, "district-buy 3")
    assert game.hand_counts(0) == {9: 1, 4: 1, 3: 1}
    assert game.hand_counts(3)[TWO] == 1


@pytest.mark.rule("END-7")
@pytest.mark.parametrize(("hand", "paid"), [("小王 9 4", SJ), ("大王 9 4", BJ)])
def test_t2_3_11_without_a_two_a_joker_pays(hand: str, paid: int) -> None:
    """T 二.3.(11): "无2用小虎、大虎买"."""
    game = buy_table(hand, "3 3 7 4")
    act(game, "district-buy 3")
    assert game.hand_counts(3).get(paid) == 1 and game.hand_counts(0).get(3) == 1


@pytest.mark.rule("END-7")
def test_t2_3_11_the_small_joker_pays_before_the_big_one() -> None:
    """T 二.3.(11): "无2用小虎、大虎买" — 小虎 first."""
    game = buy_table("大王 小王 9 4", "3 3 7 4")
    act(game, "district-buy 3")
    assert game.hand_counts(3).get(SJ) == 1 and game.hand_counts(0).get(BJ) == 1


@pytest.mark.rule("END-7")
def test_t2_3_11_with_nothing_to_pay_the_three_is_given() -> None:
    """T 二.3.(11): "没有可买的牌时，送牌的顺序为对头送、联邦送"."""
    game = buy_table("9 4", "3 3 7 4")
    act(game, "district-buy 3")
    assert game.hand_counts(0) == {9: 1, 4: 1, 3: 1}
    assert game.hand_counts(3) == {3: 1, 7: 1, 4: 1}


@pytest.mark.rule("END-7")
def test_t2_3_11_a_teammate_gives_when_the_opposite_cannot() -> None:
    """T 二.3.(11): "由同伙给" / "联邦送" — the opposite keeps its only 3; teammate seat 2 gives."""
    game = buy_table("2 9 4", "3 7 4", s2="3 3 6 4")
    act(game, "district-buy 3")
    assert game.hand_counts(0) == {TWO: 1, 9: 1, 4: 1, 3: 1}
    assert game.hand_counts(2) == {6: 1, 4: 1, 3: 1}


@pytest.mark.rule("END-7")
def test_t2_3_11_not_buying_a_three_is_da_luo() -> None:
    """T 二.3.(11): "不买3者视为大落"; T 二.3.(6): "无3为6科"."""
    game = buy_table("2 9 4", "3 3 7 4")
    act(game, "district-decline 3")
    assert not game.playing[0] and game.places[5] == 0


@pytest.mark.rule("END-7")
def test_t2_3_6_a_single_four_is_not_sold() -> None:
    """T 二.3.(6): "买3、4《单4不得卖》" — every other seat holds one 4: nobody sells."""
    game = buy_table("2 9 3", "3 7 4")
    assert game.current_player == 0 and legal(game) == ["district-decline 4"]


@pytest.mark.rule("END-7")
def test_t2_3_6_a_four_is_bought_from_the_opposite_first() -> None:
    """T 二.3.(6): "买3、4…必先的买对头" — seat 3 (two 4s) sells before teammate seat 2 (two 4s)."""
    game = buy_table("2 9 3", "3 7 4 4", s2="6 3 4 4")
    act(game, "district-buy 4")
    assert game.hand_counts(3) == {3: 1, 7: 1, 4: 1, TWO: 1}
    assert game.hand_counts(2)[4] == 2


@pytest.mark.rule("END-7")
def test_t2_3_6_without_a_four_the_player_plays_on() -> None:
    """T 二.3.(6): "无4不开点" — no 4 costs the opening, not the game (contrast "无3为6科")."""
    game = buy_table("2 9 3", "3 7 4")
    act(game, "district-decline 4")
    assert game.playing[0] and game.kind == "lead"


@pytest.mark.rule("END-7")
@pytest.mark.parametrize("seed", range(6))
def test_t2_3_11_after_buying_every_player_in_play_holds_a_three(seed: int) -> None:
    """T 二.3.(11): "最后一手牌必须是3" — nobody plays on without a 3; cards are only moved."""
    game = VARIANT.new_game(seed)
    while game.kind == "phase":
        game.apply(game.legal_actions()[0])
    for seat in range(6):
        if game.playing[seat]:
            assert game.hand_counts(seat).get(3, 0) >= 1
    assert sum(len(game.hand(s)) for s in range(6)) == 216


# --- T 二.3.(7)-(9), (12), (13): speech, counts, clock, no revolution, no tribute ---------------


@pytest.mark.rule("ROUND-6")
def test_t2_3_7_nobody_sees_another_hands_count() -> None:
    """T 二.3.(7): "不允许询问对手或同伙剩余张数" — an observation shows only one's own count."""
    game = VARIANT.new_game(3)
    for seat in range(6):
        sizes = game.observation(seat).hand_sizes
        assert sizes[seat] == len(game.hand(seat))
        assert all(sizes[s] is None for s in range(6) if s != seat)


@pytest.mark.rule("REF-4")
@pytest.mark.parametrize("kind", ["asked-count", "speech", "false-revolution", "closed-cards"])
def test_t2_3_breaches_cost_one_point(kind: str) -> None:
    """T 二.3.(7): "否则判为违例。当局扣1分"; (8): "出现一次扣一分"; (12): "违者罚一分";
    (3): "违者扣除1 分"."""
    game = all_threes()
    plain = finish(all_threes()).score().team_points
    referee.record_breach(game, 4, kind)
    finish(game)
    assert game.score().team_points == (plain[0] - 1, plain[1])


@pytest.mark.rule("REF-4")
def test_t2_3_8_speech_may_be_warned_once_instead() -> None:
    """T 二.3.(8): "对方不追究的情况下只警告一次，否则判罚一分"."""
    game = all_threes()
    plain = finish(all_threes()).score().team_points
    referee.record_warning(game, 1)
    with pytest.raises(gouji.GoujiError):
        referee.record_warning(game, 3)
    finish(game)
    assert game.score().team_points == plain


@pytest.mark.rule("REF-4")
def test_t2_3_7_asking_counts_is_a_point_not_a_warning() -> None:
    """T 二.3.(7): "当局扣1分" — only speech (8) knows the warning."""
    game = all_threes()
    with pytest.raises(gouji.GoujiError):
        referee.record_warning(game, 1, "asked-count")
    assert "breach-warning" not in kinds(game)


@pytest.mark.rule("REF-4")
def test_t2_3_8_three_occurrences_lose_the_game_0_6() -> None:
    """T 二.3.(8): "出现三次该局判0:6负" (the warned occurrence counts, E-T T14)."""
    game = all_threes()
    referee.record_warning(game, 0)
    referee.record_breach(game, 2, "speech")
    assert not game.is_over
    referee.record_breach(game, 4, "speech")
    assert game.is_over
    assert game.score().team_points == (0, 6)


@pytest.mark.rule("REF-4")
def test_t2_3_a_breach_by_an_unknown_kind_is_refused() -> None:
    """T 二.3: the breaches are the book's (3), (7), (8), (12); anything else is a clear error."""
    game = all_threes()
    with pytest.raises(gouji.GoujiError):
        referee.record_breach(game, 1, "rude")
    with pytest.raises(gouji.GoujiError):
        referee.record_breach(game, 9, "speech")
    assert "breach" not in kinds(game)


@pytest.mark.rule("ROUND-7")
def test_t2_3_9_warning_then_more_than_ten_seconds_is_a_pass() -> None:
    """T 二.3.(9): "限时20秒，届时裁判给予警示，超过10秒仍不出牌视为'过牌'"."""
    game = pos({0: "8 3", 1: "6 3", 2: "6 3", 3: "6 3", 4: "6 3", 5: "9 3"}, leader=0)
    act(game, "play 8")
    assert game.current_player == 5
    assert clock.run_clock(game, 19.9) == []
    assert clock.run_clock(game, 30.0) == [clock.CLOCK_WARNING]
    assert game.current_player == 5
    assert clock.run_clock(game, 30.1) == [clock.CLOCK_EXPIRED]
    assert any(e.kind == "pass" and e.seat == 5 for e in game.events) or 5 not in game.queue
    assert game.hand_counts(5) == {9: 1, 3: 1}


@pytest.mark.rule("ROUND-7")
def test_t2_3_9_no_expiry_without_the_warning() -> None:
    """T 二.3.(9): the pass comes only after "届时裁判给予警示"; refused, nothing changes."""
    game = pos({0: "8 3", 1: "6 3", 2: "6 3", 3: "6 3", 4: "6 3", 5: "9 3"}, leader=0)
    act(game, "play 8")
    events = len(game.events)
    with pytest.raises(gouji.GoujiError):
        game.apply(clock.CLOCK_EXPIRED)
    assert len(game.events) == events and game.current_player == 5


@pytest.mark.rule("ROUND-7")
def test_t2_3_9_a_leader_out_of_time_loses_the_lead() -> None:
    """T 二.3.(9): "视为'过牌'" — a lead cannot be passed; the next player clockwise leads (E-T T13)."""
    game = pos({0: "8 3", 1: "6 3", 2: "6 3", 3: "6 3", 4: "6 3", 5: "9 3"}, leader=0)
    clock.run_clock(game, 31)
    assert game.table is None and game.current_player == 5
    assert game.hand_counts(0) == {8: 1, 3: 1}


@pytest.mark.rule("OPEN-5")
@pytest.mark.parametrize("seed", [0, 1])
def test_t2_3_12_no_revolution_is_ever_offered(seed: int) -> None:
    """T 二.3.(12): "造反：禁止造反"."""
    game = VARIANT.new_game(seed)
    while not game.is_over:
        options = game.legal_actions()
        assert not any("revol" in a.to_text() or "造反" in a.to_text() for a in options)
        game.apply(options[-1] if game.kind == "phase" else options[0])


@pytest.mark.rule("TRIB-1")
def test_t2_3_13_no_tribute_is_paid_in_the_second_game() -> None:
    """T 二.3.(13): "进贡：只记分不进贡" — the second game starts with the hands as drawn."""
    match = Match(VARIANT, seed=11)
    finish(match.game)
    second = match.next_game()
    assert second.deal is not None
    for seat in range(6):
        drawn = Counter(card.rank for s, card in second.deal.draws if s == seat)
        assert Counter(second.hand_counts(seat)) == drawn
    assert not any("tribute" in k for k in kinds(second))


@pytest.mark.rule("END-4")
def test_t2_3_8_take_the_wind_is_offered() -> None:
    """T 二.3.(8): "接风" is a game word — after seat 0 goes out, seat 5 may take the lead."""
    game = pos({0: "3 3", 1: "6 3", 2: "6 3", 3: "6 3", 4: "6 3", 5: "4 4 7 3"}, leader=0)
    act(game, "play 3 3")
    assert game.finish_order == [0]
    assert game.current_player == 5 and "take-wind" in legal(game)
    act(game, "take-wind")
    assert game.table is None and game.current_player == 5


@pytest.mark.rule("ROUND-4")
def test_t2_3_8_there_is_no_yield() -> None:
    """T 二.3.(8): only "过", "接风", "回头", "够级", "烧牌" may be said — no 让牌: facing its
    opposite's set after two passes, seat 3 may only cover or pass."""
    game = pos({0: "8 9 3", 1: "5 3", 2: "5 3", 3: "9 3", 4: "5 3", 5: "5 3"}, leader=0)
    act(game, "play 8")
    assert game.current_player == 3
    assert "yield" not in legal(game)


@pytest.mark.rule("PLAY-5")
def test_t2_3_14_killing_a_teammates_big_joker_scores_as_the_book_says() -> None:
    """T 二.4: "大虎二杀一各加1分" sets no condition (E-T T11): seat 4 killing teammate seat 0's
    大王 scores +1; the option ``teammate_bonuses = false`` reads the bonuses as tributes paid
    by the other side, and gives nothing."""
    for teammates, expected in ((True, [(0, 1)]), (False, [])):
        game = pos({0: "大王 3", 1: "3", 2: "3", 3: "3", 4: "大王 大王 3", 5: "3"}, teammate_bonuses=teammates)
        act(game, "play BJ")
        assert game.current_player == 4
        act(game, "play BJ BJ")
        finish(game)
        assert items(game, "大虎二杀一") == expected


# --- T 一.2, T 二.4: scoring --------------------------------------------------------------------


@pytest.mark.rule("SCORE-3")
def test_t2_4_places_score_7_5_4_3_2_1() -> None:
    """T 二.4: "'头科'至'落（6）科'，分别得7、5、4、3、2、1分"."""
    game = finish(all_threes())
    assert game.finish_order == [0, 5, 4, 3, 2, 1]
    score = game.score()
    assert [score.seat_points[s] for s in game.finish_order] == [7, 5, 4, 3, 2, 1]


@pytest.mark.rule("SCORE-3")
def test_t2_4_team_score_is_the_sum_of_its_players() -> None:
    """T 二.4: "六人2队得分累记" — nobody opened, so 不开点 and 点贡 cancel out: 13 : 9."""
    game = finish(all_threes())
    assert game.score().team_points == (7 + 4 + 2, 5 + 3 + 1)


@pytest.mark.rule("SCORE-3")
@pytest.mark.parametrize("seed", range(4))
def test_t2_4_every_game_scores_its_places_plus_the_listed_items(seed: int) -> None:
    """T 二.4: places 7…1 "累记", then "憋三，点贡，烧牌，闷贡，大虎二杀一各加1分" and the penalties."""
    from gouji.bots.basic import RandomBot

    game = gouji.bots.basic.play_game(VARIANT, seed=seed, bots=RandomBot(seed))
    score = game.score()
    assert sorted(score.seat_points) == [1, 2, 3, 4, 5, 7]
    places = (sum(score.seat_points[0::2]), sum(score.seat_points[1::2]))
    extra = [0, 0]
    for adj in score.adjustments:
        assert adj.points in (1, -1)
        extra[adj.team] += adj.points
    assert score.team_points == (places[0] + extra[0], places[1] + extra[1])
    assert sum(1 for r in reasons(game) if r.startswith("不开点")) == 6 - len(game.opened)


@pytest.mark.rule("SCORE-4")
@pytest.mark.parametrize(("text", "value"), [("A", 1), ("2", 2), ("9", 9), ("10", 10), ("J", None),
                                             ("Q", None), ("K", None), ("大王", None), ("小王", None)])
def test_t2_4_draw_values(text: str, value: int | None) -> None:
    """T 二.4 抽签办法: "牌面大小按照12345678910顺序，10最大，A最小，JQK大小虎无效可再摸一张"."""
    assert draw_value(Card.parse(text)) == value


@pytest.mark.rule("SCORE-4")
@pytest.mark.parametrize("seed", range(10))
def test_t2_4_the_draw_compares_the_last_valid_cards(seed: int) -> None:
    """T 二.4: "只比大小不比花色，相等则继续抽牌直到决出胜负"."""
    tie = draw_lots(("东", "西"), random.Random(seed))
    last: dict[object, int] = {}
    for team, card in tie.draws:
        value = draw_value(card)
        if value is not None:
            last[team] = value
    winner, loser = tie.order
    assert last[winner] > last[loser]


@pytest.mark.rule("SCORE-4")
def test_t1_2_two_games_the_higher_total_wins() -> None:
    """T 一.2: "为二局计分制"; T 二.4: "2局总分多者名次列前"."""
    from gouji.bots.basic import RandomBot

    match = Match(VARIANT, seed=2).play(RandomBot(2))
    assert len(match.games) == 2
    totals = match.totals()
    assert totals == tuple(sum(g.score().team_points[t] for g in match.games) for t in (0, 1))
    assert totals[0] != totals[1]
    assert match.winner == (0 if totals[0] > totals[1] else 1)
    assert match.tie_break is None


@pytest.mark.rule("SCORE-4")
def test_t1_2_a_preliminary_tie_is_drawn() -> None:
    """T 一.2: "如二局后平局，参加抽签决定胜负"; T 二.4: "预赛得分相等，采用抽签定胜负"."""
    from gouji.bots.basic import RandomBot

    match = Match(VARIANT, seed=16).play(RandomBot(16))
    assert match.totals()[0] == match.totals()[1]
    assert match.is_over and len(match.games) == 2
    assert match.tie_break is not None and match.winner == match.tie_break.winner


@pytest.mark.rule("SCORE-4")
def test_t1_2_a_final_tie_is_played_off() -> None:
    """T 一.2: "决赛…如二队平分则加赛一场，直至决出胜负"; T 二.4: "决赛则采用决胜局定胜负"."""
    from gouji.bots.basic import RandomBot

    match = Match(VARIANT, seed=16, stage=FINAL).play(RandomBot(16))
    assert len(match.games) > 2 and match.tie_break is None
    a, b = match.decider_totals()
    assert a != b and match.winner == (0 if a > b else 1)
    first_two = match.totals()
    assert first_two[0] == first_two[1]


@pytest.mark.rule("SCORE-4")
def test_t1_2_the_top_four_reach_the_final() -> None:
    """T 一.2: "总分取得前四名的队伍进入决赛"."""
    tournament = Tournament(seed=1)
    for name, points in (("a", 30), ("b", 50), ("c", 45), ("d", 20), ("e", 44), ("f", 41)):
        tournament.add_points(name, points)
    assert tournament.finalists() == ["b", "c", "e", "f"]


@pytest.mark.rule("SCORE-4")
def test_t2_4_equal_preliminary_totals_are_ordered_by_a_draw() -> None:
    """T 二.4: "预赛得分相等，采用抽签定胜负"."""
    tournament = Tournament(seed=3)
    for name, points in (("a", 30), ("b", 30), ("c", 10)):
        tournament.add_points(name, points)
    standings = tournament.standings()
    assert [s.rank for s in standings] == [1, 2, 3]
    assert standings[2].team == "c"
    assert standings[0].drawn and standings[1].drawn


@pytest.mark.rule("REF-5")
def test_t1_9_cheating_disqualifies_the_team_and_its_match() -> None:
    """T 一.9: "凡弄虚作假，违反竞赛规程作弊者，取消比赛资格及全部比赛成绩"."""
    match = Match(VARIANT, seed=4)
    match.disqualify(0, "marked cards")
    assert match.is_over and match.winner == 1


@pytest.mark.rule("REF-5")
def test_t1_9_all_results_of_a_cheating_team_are_cancelled() -> None:
    """T 一.9: "取消比赛资格及全部比赛成绩" — earlier points gone, later ones refused."""
    tournament = Tournament(seed=1)
    for name, points in (("a", 30), ("b", 50), ("c", 45)):
        tournament.add_points(name, points)
    tournament.disqualify("b", "signals")
    assert [s.team for s in tournament.standings()] == ["c", "a"]
    assert "b" not in tournament.finalists()
    with pytest.raises(gouji.GoujiError):
        tournament.add_points("b", 10)


@pytest.mark.rule("REF-5")
def test_t1_9_a_disqualification_in_a_match_carries_into_the_tournament() -> None:
    """T 一.9: the disqualified team has no results left anywhere in the stage."""
    match = Match(VARIANT, seed=4, teams=("东", "西"))
    match.disqualify(1, "signals")
    tournament = Tournament(seed=1)
    tournament.add_match(match)
    assert [s.team for s in tournament.standings()] == ["东"]
    assert "西" in tournament.disqualified


# --- more cases: headless, combined bonuses, later games, the clock's edges ---------------------


@pytest.mark.rule("END-2")
def test_t2_3_5_a_headless_player_is_answered_by_anyone() -> None:
    """T 二.3.(5) speaks of "有头" (one's opposite still in): seat 3 is out, so seat 0 is 无头 and
    the next player covers its A A in turn, as a plain cover, not a burn."""
    game = pos({0: "A A 9 3", 1: "2 2 3", 2: "5 3", 4: "5 3", 5: "2 2 3"}, leader=0)
    act(game, "play A A")
    assert game.current_player == 5 and legal(game) == ["play 2 2", "pass"]


@pytest.mark.rule("BURN-4")
def test_t2_3_5_the_head_is_lifted_once_tou_ke_and_er_ke_are_out() -> None:
    """T 二.3.(5): "其对门仍被视为'有头'（头、二科出现后解除有头）"."""
    game = pos({0: "5 3", 2: "A A 9 3", 3: "7 3", 4: "6 3", 5: "8 3"}, leader=2)   # seat 1 out
    game.keep_head(5)
    game.retire(5, None, "BURN-4", "failed burn", kind="burn-failed")
    assert game.has_head(2)
    game = pos({0: "5 3", 2: "A A 9 3", 3: "7 3", 4: "6 3"}, leader=2)            # seats 1, 5 out
    game.keep_head(5)
    assert not game.has_head(2)


@pytest.mark.rule("SCORE-3")
def test_t2_4_a_burn_that_smothers_scores_every_item() -> None:
    """T 二.4: "憋三，点贡，烧牌，闷贡…各加1分" — seat 5 burns seat 0's A A, its last set before
    its 3: 烧牌 +1 and 憋三 +1 (with ``smother_tribute``, 闷贡 +1 too: 憋闷 2)."""
    for tribute in (False, True):
        game = pos({0: "A A 3", 1: "5 3", 2: "5 3", 3: "5 3", 4: "5 3", 5: "2 2 3"}, leader=0,
                   smother_tribute=tribute)
        act(game, "play A A", "pass", "burn 2 2")
        assert game.places[5] == 0
        finish(game)
        assert items(game, "烧贡") == [(1, 1)]
        assert items(game, "憋三") == [(1, 1)] and items(game, "闷贡") == ([(1, 1)] if tribute else [])


@pytest.mark.rule("SCORE-3")
def test_t2_4_killing_the_last_big_joker_before_the_threes_smothers_too() -> None:
    """T 二.3.(14) and (11): seat 0's 大王 before its 3s is killed by two — 大虎二杀一 and 憋三."""
    game = pos({0: "大王 3 3", 1: "5 3", 2: "5 3", 3: "5 3", 4: "5 3", 5: "大王 大王 3"}, leader=0)
    act(game, "play BJ", "play BJ BJ")
    assert game.places[5] == 0 and game.current_player == 5
    finish(game)
    assert items(game, "大虎二杀一") == [(1, 1)] and items(game, "憋三") == [(1, 1)]


@pytest.mark.rule("SCORE-3")
def test_t2_4_smother_tribute_option_two_point_reading() -> None:
    """T 二.4: "憋闷2分" — the two-point reading (憋三 and 闷贡 for one smother) is the option
    ``smother_tribute = true`` (E-T T9); T 二.3.(11)'s one point is the default."""
    for tribute, expected in ((True, [(1, 1)]), (False, [])):
        game = pos({0: "8 3 3", 1: "5 3", 2: "5 3", 3: "5 3", 4: "5 3", 5: "9 5 3"}, leader=0,
                   smother_tribute=tribute)
        act(game, "play 8", "play 9")
        finish(game)
        assert items(game, "憋三") == [(1, 1)] and items(game, "闷贡") == expected


@pytest.mark.rule("OPEN-3")
def test_t2_3_3_a_first_drawer_without_a_three_leaves_the_lead_to_the_next_player() -> None:
    """T 二.3.(3) "每局由先摸牌者出牌" with T 二.3.(11) "不买3者视为大落": seat 0 declines its 3 and
    is 大落; the next player clockwise leads."""
    game = buying(pos({0: "2 9 4", 1: "5 3 4", 2: "6 3 4", 3: "3 3 7 4", 4: "8 3 4", 5: "10 3 4"}))
    act(game, "district-decline 3")
    assert game.places[5] == 0
    assert game.kind == "lead" and game.current_player == 5


@pytest.mark.rule("OPEN-1")
def test_t2_3_2_a_deciding_game_is_cut_by_the_seat_the_last_first_drawer_names() -> None:
    """T 二.3.(2): "由上次摸牌者顺时针方向指定下一人为先切牌人" holds for every later game."""
    from gouji.bots.basic import RandomBot

    match = Match(VARIANT, seed=16, stage=FINAL).play(RandomBot(16))
    assert len(match.games) >= 3
    for before, after in itertools.pairwise(match.games):
        assert before.cut is not None and after.cut is not None
        assert after.cut.cutter == (before.cut.first_drawer - 1) % 6


@pytest.mark.rule("SCORE-4")
def test_t1_2_final_standings_stay_tied_until_a_deciding_game() -> None:
    """T 一.2: "决赛…按计分排序，如二队平分则加赛一场，直至决出胜负"."""
    tournament = Tournament(stage=FINAL)
    for name, points in (("a", 30), ("b", 30), ("c", 20)):
        tournament.add_points(name, points)
    assert tournament.unresolved() == [["a", "b"]]
    tournament.add_decider({"a": 12, "b": 16})
    assert [s.team for s in tournament.standings()] == ["b", "a", "c"]
    assert tournament.unresolved() == []


@pytest.mark.rule("REF-4")
def test_t2_3_7_a_breach_is_for_the_game_in_play() -> None:
    """T 二.3.(7): "当局扣1分" — a finished game takes no more breaches (refused, unchanged)."""
    game = finish(all_threes())
    before = game.score().team_points
    with pytest.raises(gouji.GoujiError):
        referee.record_breach(game, 1, "speech")
    assert game.score().team_points == before


@pytest.mark.rule("REF-4")
def test_t2_3_8_three_asked_counts_are_three_points_not_a_forfeit() -> None:
    """T 二.3.(8)'s "出现三次该局判0:6负" is about speech (E-T T14); (7) is one point each time."""
    game = all_threes()
    for seat in (1, 3, 5):
        referee.record_breach(game, seat, "asked-count")
    assert not game.is_over
    plain = finish(all_threes()).score().team_points
    finish(game)
    assert game.score().team_points == (plain[0], plain[1] - 3)


@pytest.mark.rule("ROUND-7")
def test_t2_3_9_one_warning_per_set_and_a_fresh_clock_for_the_next() -> None:
    """T 二.3.(9): "每位队员出一套牌的时间限时20秒，届时裁判给予警示" — once per set."""
    game = pos({0: "8 3", 1: "6 3", 2: "6 3", 3: "6 3", 4: "10 3", 5: "9 3"}, leader=0)
    act(game, "play 8")
    game.apply(clock.CLOCK_WARNING)
    with pytest.raises(gouji.GoujiError):
        game.apply(clock.CLOCK_WARNING)
    act(game, "play 9")                              # seat 5 plays in time
    assert game.current_player == 4
    assert clock.run_clock(game, 25) == [clock.CLOCK_WARNING]


@pytest.mark.rule("ROUND-7")
def test_t2_3_9_the_clock_is_for_playing_sets_not_buying() -> None:
    """T 二.3.(9): "出一套牌的时间" — no clock while 3s and 4s are bought."""
    game = buying(pos({0: "2 9 4", 1: "5 3 4", 2: "6 3 4", 3: "3 3 7 4", 4: "8 3 4", 5: "10 3 4"}))
    assert game.kind == "phase"
    with pytest.raises(gouji.GoujiError):
        game.apply(clock.CLOCK_WARNING)
    assert clock.run_clock(game, 60) == []
    assert game.kind == "phase" and game.current_player == 0


@pytest.mark.rule("ROUND-2")
def test_t2_3_5_a_pass_is_for_the_whole_round() -> None:
    """T 二.3.(5): "过牌后不得烧牌" — and outside the 乱残 a player who passed plays no more in the
    round: seat 5 passed on 8, seat 4 covers with 10, seat 5's 11 is not asked for."""
    game = pos({0: "8 3", 1: "6 3", 2: "6 3", 3: "6 3", 4: "10 3", 5: "9 J 3"}, leader=0)
    act(game, "play 8", "pass", "play 10")
    # Nobody else can cover; seat 5, which could (J), is not asked: seat 4 wins the round.
    assert game.table is None and game.current_player == 4
    assert game.hand_counts(5) == {9: 1, JACK: 1, 3: 1}


@pytest.mark.rule("END-2")
def test_t2_3_11_a_player_smothered_by_his_opposite_leaves_the_opposite_headless_at_once() -> None:
    """T 二.3.(11) "先被鳖三者为大落" with T 二.3.(5)'s "有头": seat 0's A A before its 3 is covered by
    its opposite, seat 3 — seat 0 is out (大落) and seat 3 is 无头 from that moment. Covering seat
    3's 2 2 is then a plain cover in turn order, not a burn that would bind seat 2 to jokers."""
    game = pos({0: "A A 3", 1: "5 3", 2: "小王 小王 3", 3: "2 2 9 3", 4: "5 3", 5: "5 3"}, leader=0)
    act(game, "play A A", "play 2 2")
    assert game.places[5] == 0 and game.is_headless(3)
    assert game.current_player == 2
    assert legal(game) == ["play SJ SJ", "pass"]
    act(game, "play SJ SJ")
    assert 2 not in game.burners
    finish(game)
    assert items(game, "烧贡") == []


@pytest.mark.rule("END-5")
def test_t2_3_10_a_smother_that_leaves_four_starts_the_melee_in_the_round() -> None:
    """T 二.3.(10): "剩四人以内时" the 乱残 rules apply — seat 1 is out; seat 0's A A before its 3 is
    covered by seat 3, leaving four: from then on anyone answers seat 3's 2 2 in turn, no burns."""
    game = pos({0: "A A 3", 2: "小王 小王 3", 3: "2 2 9 3", 4: "5 3", 5: "2 2 2 3"}, leader=0)
    act(game, "play A A", "play 2 2")
    assert game.places[5] == 0 and game.melee
    assert game.current_player == 2 and legal(game) == ["play SJ SJ", "pass"]



@pytest.mark.rule("REF-4")
def test_t2_2_breaches_are_the_referees_not_a_players_choice() -> None:
    """T 二.2: "裁判：负责执行比赛规则，判定犯规事宜" — no player can record a breach."""
    game = all_threes()
    assert not any(a.to_text().startswith("district-breach") for a in game.legal_actions())
    with pytest.raises(gouji.GoujiError):
        game.apply(referee.Breach(1, "speech"), seat=0)
    assert "breach" not in kinds(game)


@pytest.mark.rule("REF-4")
def test_t2_3_4_the_referees_rulings_stay_in_the_games_record() -> None:
    """T 二.3.(4): "队长算分并互相签字认可，同时通知裁判员进行确认" — the record replays to the same score."""
    game = all_threes()
    referee.record_breach(game, 2, "closed-cards")
    referee.record_warning(game, 5)
    finish(game)
    again = gouji.replay(game.record())
    assert again.score() == game.score()


@pytest.mark.rule("SCORE-3")
def test_t2_3_4_a_game_is_scored_once_it_is_over() -> None:
    """T 二.3.(4): "赛完一局后…队长算分" — no score before the end."""
    game = all_threes()
    with pytest.raises(gouji.GoujiError):
        game.score()


# --- open readings: the book's words point one way, the engine's documented default the other ----


@pytest.mark.rule("END-6")
def test_t2_3_11_the_last_threes_carry_no_two_as_the_engine_reads_it() -> None:
    """T 二.3.(11): "最后一手牌必须是3，4不得挂牌" — the book restricts attaching only for 4s in words;
    the engine reads "must be 3" as 3s alone, as D§26.3 spells out ("3牌不能拆开出，也不能贴钱或挂花"),
    argued as T5 on the district page. ``2 3`` is therefore no last set."""
    game = pos({0: "2 3", 1: "6 3", 2: "6 3", 3: "6 3", 4: "6 3", 5: "6 3"})
    assert "play 2 3" not in legal(game)


@pytest.mark.rule("END-8")
def test_t2_3_11_smothering_an_opponent_scores_one_point_by_default() -> None:
    """T 二.3.(11): "将对手鳖三一次，加一分": the engine counts 憋三 alone for each smother of an
    opponent (T9 on the district page); T 二.4's "憋闷2分" reading is the option
    ``smother_tribute = true``, tested above."""
    game = finish(smother_table(5))
    assert sum(p for team, p in items(game, "憋三") + items(game, "闷贡") if team == 1) == 1


@pytest.mark.rule("SCORE-3")
def test_t2_3_the_teammate_condition_is_written_for_smothering_only() -> None:
    """T 二.3.(11) "将对手鳖三一次，加一分，将同伙鳖三，不加分" names the teammate for 憋三 alone;
    T 二.3.(5) "烧牌加1分" and T 二.4 "大虎二杀一各加1分" set no condition, so the default scores
    them on anyone's set (T11) and ``teammate_bonuses = false`` is the other reading, kept as an
    option (both pinned in tests/rules/test_readings_district_dagang196.py and test_scoring.py)."""
    district = gouji.load_variant("district")
    assert district.options["teammate_bonuses"] is True
    assert district.with_options(teammate_bonuses=False).options["teammate_bonuses"] is False
