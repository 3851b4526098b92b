"""A server's two guarantees: ``apply(action, seat=...)`` refuses an out-of-turn action
(ROUND-1), and one :class:`gouji.Variant` may serve games in many threads at once."""

from __future__ import annotations

import threading

import pytest

import gouji
from gouji.bots.basic import GreedyBot, RandomBot, decide, play_game


@pytest.mark.rule("ROUND-1")
def test_an_action_from_a_seat_not_to_move_is_refused_and_changes_nothing():
    """P§9.5: "按逆时针方向依次出牌，不得抢出" (play in turn order; ROUND-1)."""
    game = gouji.load_variant("provincial").new_game(seed=2)
    mover = game.current_player
    other = (mover + 1) % 6
    action = game.legal_actions()[0]
    before = (game.record(), game.log_text(), [game.observation(s) for s in range(6)])
    with pytest.raises(gouji.OutOfTurnError) as caught:
        game.apply(action, seat=other)
    assert isinstance(caught.value, gouji.IllegalActionError)
    assert caught.value.rule_id == "ROUND-1"
    assert (caught.value.seat, caught.value.current_player) == (other, mover)
    assert f"seat {other}" in str(caught.value) and "[ROUND-1]" in str(caught.value)
    assert (game.record(), game.log_text(), [game.observation(s) for s in range(6)]) == before
    game.apply(action, seat=mover)
    assert len(game.history) == 1


def test_the_seat_to_move_plays_as_before_and_a_bad_seat_is_an_error():
    game = gouji.load_variant("provincial").new_game(seed=2)
    with pytest.raises(gouji.GoujiError, match="seat is 0-5"):
        game.apply(game.legal_actions()[0], seat=9)
    bot = RandomBot(1)
    while not game.is_over:
        game.apply(decide(bot, game), seat=game.current_player)
    with pytest.raises(gouji.GameOverError):
        game.apply(gouji.parse_action("pass"), seat=0)


def test_a_referee_action_comes_from_no_seat():
    from gouji.rules.district.referee import Breach

    game = gouji.load_variant("district").new_game(seed=1)
    with pytest.raises(gouji.OutOfTurnError, match="referee"):
        game.apply(Breach(game.current_player, "speech"), seat=game.current_player)
    assert not game.history
    game.apply(Breach(game.current_player, "speech"))
    assert len(game.history) == 1


def _results(variant: gouji.Variant, seeds: range) -> dict[int, tuple[list[int], list[str]]]:
    out = {}
    for seed in seeds:
        game = play_game(variant, seed, [GreedyBot(seed), RandomBot(seed)] * 3)
        out[seed] = (game.finish_order, [a.to_text() for a in game.history])
    return out


@pytest.mark.parametrize("name", ["provincial", "district", "dagang", "dagang196"])
def test_one_variant_shared_by_eight_threads_plays_as_one_thread(name):
    """A Variant is read-only once loaded: eight threads play seeded games with the same one."""
    variant = gouji.load_variant(name)
    seeds = range(16)
    alone = _results(variant, seeds)
    together: dict[int, tuple[list[int], list[str]]] = {}
    errors: list[BaseException] = []
    start = threading.Barrier(8)

    def work(index: int) -> None:
        try:
            start.wait()
            together.update(_results(variant, range(index, 16, 8)))
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=work, args=(i,)) for i in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors
    assert together == alone
