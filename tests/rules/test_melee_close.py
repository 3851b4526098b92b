"""END-5 / ROUND-5: the melee's 扣牌 (E17), one reading of "按规定报牌和扣牌" in P and D.

Both books say of the melee "应按顺序发牌，按规定报牌和扣牌" (P§19, D§18): the close is kept in both.
What differs is the pass: P§19 adds "喊'过牌'则此轮没有出牌权", D§18 does not. Seats 0 and 1 are out;
seat 5 leads, seat 2 is his opposite.
"""

from __future__ import annotations

import pytest

import gouji

PROVINCIAL = gouji.load_variant("provincial")
DAGANG = gouji.load_variant("dagang")
MELEE = {2: "6 3 3", 3: "7 4", 4: "8 4", 5: "5 4"}


def _everyone_passes_once(game: gouji.Game) -> None:
    game.apply(gouji.parse_action("play 5"))
    for seat in (2, 3, 4):
        assert game.current_player == seat
        game.apply(gouji.parse_action("pass"))


@pytest.mark.rule("END-5")
@pytest.mark.rule("ROUND-5")
def test_provincial_a_passed_opposite_has_made_his_close() -> None:
    """P§19 "喊'过牌'则此轮没有出牌权" and P§15 "对头为法定宣布扣牌人": the opposite who passed has no
    right left in the round, so his 扣牌 is the formality the engine makes for him; the round ends
    when the others have passed too (``melee_last_word = false``)."""
    game = PROVINCIAL.new_position(MELEE, 5)
    _everyone_passes_once(game)
    assert game.table is None and game.current_player == 5


@pytest.mark.rule("END-5")
@pytest.mark.rule("ROUND-5")
def test_dagang_the_opposite_closes_or_covers_after_everyone() -> None:
    """D§18 "按规定报牌和扣牌" with D§13 "对头互为法定扣牌人，对头未扣牌前，重新发牌无效": D's melee pass
    bars nobody, so the opposite is asked last to close or cover (``melee_last_word = true``)."""
    game = DAGANG.new_position(MELEE, 5)
    _everyone_passes_once(game)
    assert game.current_player == 2
    assert sorted(a.to_text() for a in game.legal_actions()) == ["close", "play 6"]


@pytest.mark.rule("END-5")
def test_provincial_option_keeps_the_last_word_as_d_does() -> None:
    """The option gives P the same closer: P§15 "对头未宣布扣牌前，重新发牌无效"."""
    game = PROVINCIAL.with_options(melee_last_word=True).new_position(MELEE, 5)
    _everyone_passes_once(game)
    assert game.table is None and any(e.kind == "auto-close" and e.seat == 2 for e in game.events)
