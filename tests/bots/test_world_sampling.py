"""Whether :class:`gouji.bots.determinize.Determinizer` can build a world where the true game
is one: when the seat's knowledge admits the true deal, ``sample`` should find a world, not
raise :class:`~gouji.bots.determinize.NoWorldError` (which makes ``ismcts`` play ``expert``)."""

from __future__ import annotations

import random

import gouji
from gouji.bots import decide, make_bot
from gouji.bots.determinize import Determinizer
from gouji.engine.series import context_after


def _played(variant_name: str, seed: int, decisions: int, later: bool) -> gouji.Game:
    variant = gouji.load_variant(variant_name)
    if later:
        first = gouji.bots.play_game(variant, seed, make_bot("expert", seed))
        game = variant.new_game(seed=seed + 1000, context=context_after(variant, first))
    else:
        game = variant.new_game(seed=seed)
    bot = make_bot("expert", seed)
    while len(game.history) < decisions:
        game.apply(decide(bot, game))
    return game


def test_a_card_handed_back_unseen_does_not_rule_out_the_true_deal():
    """dagang, seed 7's second game, 102 decisions in, seat 1: seat 3 handed ♦4 back to seat 4
    face down (TRIB-2, between the two), and seat 4 has played six 4s since. Was a defect,
    fixed: the determinizer counted every card a seat played as dealt to it unless it saw the
    card handed in, so it dealt seat 4 at least six 4s, which the true deal (five) is not; no
    deal replayed, and every later decision of seat 1 raised NoWorldError. The hand sizes say
    seat 4 got one card out of seat 1's sight: a world may deal it five 4s and have seat 3
    hand back the sixth."""
    game = _played("dagang", 7, 102, later=True)
    seat = game.current_player
    assert seat == 1
    returns = [e for e in game.events if e.kind == "tribute-return" and e.visible_to is not None
               and seat not in e.visible_to]
    assert returns
    Determinizer(game, seat).sample(random.Random(0))


def test_a_smother_said_in_public_does_not_leave_the_seat_without_a_world():
    """district, seed 8, 66 decisions in, seat 0. Was a defect, fixed: no deal drawn replayed
    what seat 0 saw: the worlds' seat 3 was not smothered at the 2 covered later (END-8, "seat 3
    被鳖三 (smothered)", "4 3s void", said in public), a fact of seat 3's hand the deal ignored:
    it held those four 3s and nothing else, so it was dealt exactly what it played and the 3s.
    Over ten games of district NoWorldError was raised at about one decision in seven, mostly
    from such a point on to the game's end."""
    game = _played("district", 8, 66, later=False)
    seat = game.current_player
    assert seat == 0
    Determinizer(game, seat).sample(random.Random(0))
