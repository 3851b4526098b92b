"""Default answers to every hook, and the options of the core engine.

Every implementation here is ``trylast``: a variant's plugin overrides any of
them by answering first.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from gouji.engine.burning import BurnPolicy
from gouji.engine.cards import Card, standard_pack
from gouji.engine.comparison import MIXED_JOKERS_CHOICES, SetRules
from gouji.engine.context import GameContext
from gouji.engine.hold_three import NO_HOLD_THREE, HoldThreePolicy
from gouji.engine.open_point import NO_OPEN_POINT, OpenPointPolicy
from gouji.engine.opening import Cut, Deal, cut_by_count, deal
from gouji.engine.plays import Play
from gouji.engine.scoring import PROVINCIAL_PLACE_POINTS, PROVINCIAL_SWEEP_POINTS, Score, place_score
from gouji.engine.table import DIRECTIONS, Table
from gouji.errors import GoujiError
from gouji.plugins.hookspecs import hookimpl
from gouji.plugins.options import Options, OptionSpec

if TYPE_CHECKING:
    from gouji.plugins.surface import PluginGame

CORE_OPTIONS = (
    OptionSpec("direction", str, "counterclockwise", "Which way the turn passes (TABLE-1).",
               rule="TABLE-1", choices=DIRECTIONS),
    OptionSpec("decks", int, 4, "How many 54-card decks make the pack (DECK-1): every book plays with 4; "
               "1 to 8 are accepted.", rule="DECK-1", low=1, high=8),
    OptionSpec("joker_cut", str, "redraw",
               "A joker drawn at the cut: put back and redrawn (P§7 formal), or the cut passes "
               "to the cutter's lower player (P§7 folk, D§6); with the folk rule later games are cut "
               "as ``folk_cutter`` says.",
               rule="OPEN-1", choices=("redraw", "next_cutter")),
    OptionSpec("folk_cutter", str, "first_cutters_lower",
               "With ``joker_cut = \"next_cutter\"``, who cuts every game after the first: the lower player "
               "of whoever cut the first game (after a joker, the one it passed the cut to), one person "
               "for them all (P§7.2 由首局开牌人的下首开牌), or the lower "
               "player of the game before's cutter (moves_on: the cut goes round) (OPEN-1).",
               rule="OPEN-1", choices=("first_cutters_lower", "moves_on")),
    OptionSpec("mixed_jokers", str, "big",
               "A set holding both a big and a small joker counts as a big-joker set (dead) or as "
               "small jokers only (C§2). Ambiguity 1.",
               rule="PLAY-3", choices=MIXED_JOKERS_CHOICES),
    OptionSpec("burn_team_priority", bool, True,
               "Burn offers go to the gouji player's teammates first (BURN-2); off: plain turn order.",
               rule="BURN-2"),
    OptionSpec("burn_decline_passes", str, "teammates",
               "Whose declined burn offer is a pass for the rest of the round (BURN-2): the gouji "
               "player's teammates only (P§11 如果联邦放弃烧牌，那么该轮视为过牌; 对方可以暂缓表示烧牌), "
               "or everyone offered.", rule="BURN-2", choices=("teammates", "everyone")),
    OptionSpec("burn_offer", str, "keepable",
               "Which burns are offered (BURN-1, E8): keepable, only a cover after which the burner can "
               "still carry a joker on every set but his last; any, every cover of the gouji set, a burn "
               "that cannot be kept judged 落 when he has no legal lead (P§24.9 不能按规则规定烧牌，烧牌者判“落”, "
               "BURN-4). A hold-three policy's verdict stands either way.",
               rule="BURN-1", choices=("keepable", "any")),
    OptionSpec("burn_broken_by_cover", bool, False,
               "A burner whose set is covered is released from carrying jokers (解烧, BURN-3).",
               rule="BURN-3"),
    OptionSpec("failed_burn_keeps_head", bool, True,
               "A burner judged 落 for a failed burn (and in D a player ruled 大落 or disqualified, or "
               "conceding under 憋3) still counts as his opposite's head until 头科 and 二科 are out: "
               "the opposite is not headless (P§17, D§17 头科产生后，其对头…称无头; T 二.3.(5) "
               "其对门仍被视为有头); off: headless at once (END-2).", rule="END-2"),
    OptionSpec("pass_rejoin_opposite", bool, False,
               "A player who passed may still cover any later set of his opposite's in the round (C 过牌: "
               "如果不是对头得牌,是不允许再上牌); off: only as the opposite's last word (ROUND-3, P§12-13).",
               rule="ROUND-2"),
    OptionSpec("pass_rejoin_when_left", int, 4,
               "Once this many or fewer players are still in play, a pass does not end a player's "
               "round outside the melee: he may cover again at his next turn (P§12 只剩四人及不足四人时除外); "
               "0: a pass always ends it (ROUND-2). In the melee ``melee_pass`` rules.",
               rule="ROUND-2", low=0, high=6),
    OptionSpec("gouji_min_players", int, 0,
               "The gouji rule (only the opposite answers a gouji set, others burn) holds while at "
               "least this many players are in play (P§10 当时有四家以上时: 4); with fewer a gouji set "
               "is covered in turn like any other; 0: whatever the number (GOUJI-2).",
               rule="GOUJI-2", low=0, high=6),
    OptionSpec("yield_allowed", bool, True,
               "A player may yield (让牌) to his two lower players (ROUND-4); off where the book has "
               "no yield (T lists the words a player may say, and 让牌 is not among them).",
               rule="ROUND-4"),
    OptionSpec("yield_answer_opposite_only", bool, False,
               "A set played on a yield can be answered only by its owner's opposite (D§12).",
               rule="ROUND-4"),
    OptionSpec("ask_forced_declines", bool, False,
               "A player who may only pass (or only close) is asked all the same and offered that decline "
               "alone, as at a real table where each says 过牌 in turn (P§12); off, the engine declines for "
               "him at once, within the action before, which is faster but shows the table that he was "
               "never asked (he could not cover, or burn). gouji serve turns it on (ROUND-2).",
               rule="ROUND-2"),
    OptionSpec("take_wind", bool, True,
               "The lower player of one who went out may ask to take the wind (END-4).", rule="END-4"),
    OptionSpec("count_visibility", str, "ten_or_fewer",
               "What an observation shows of other hands' sizes (ROUND-6).",
               rule="ROUND-6", choices=("ten_or_fewer", "always", "never")),
    OptionSpec("melee_after_outs", int, 2,
               "The melee (四人乱缠) begins once this many players went out (END-5), 0 to 5.",
               rule="END-5", low=0, high=5),
    OptionSpec("melee_when_left", int, 0,
               "The melee also begins once this many or fewer players are still in play, however the "
               "others left (went out, retired by a revolution, failed a burn): C's 剩下少于等于四人 (4). "
               "0: only melee_after_outs counts (END-5).", rule="END-5", low=0, high=6),
    OptionSpec("melee_pass", str, "ends_round",
               "In the melee a pass ends your round (P§19), or never does (rejoin: C, 可在过牌后再上牌), "
               "or only a player's second pass of a round ends it, and there is no yield (once: T 二.3.(10)).",
               rule="END-5", choices=("ends_round", "rejoin", "once")),
    OptionSpec("melee_ends_burn", bool, True,
               "A burner's duty to carry a joker on every set ends when the melee begins (P§19 "
               "不再按够级，过牌，让牌，烧牌等规则进行); off: it lasts until he goes out.", rule="END-5"),
    OptionSpec("melee_last_word", bool, False,
               "In the melee too the set owner's opposite has the last word: when all others "
               "declined he covers or closes (扣牌) before the round ends (D§18 按规定报牌和扣牌, "
               "D§13 对头互为法定扣牌人); off: the round ends when all declined (END-5, ROUND-3).",
               rule="END-5"),
    OptionSpec("dead_gouji_after_out", int, 1,
               "In the round of the last set of 头科 (1), or of 头科 and 二科 (2), a gouji set by "
               "the finished player's opposite is dead (够死级, END-3); 0: never. 2 matters only where "
               "the round of 二科's last set is played out before the melee (melee_after_round).", rule="END-3",
               low=0, high=2),
    OptionSpec("dead_gouji_burnable", bool, False,
               "A dead-gouji set (够死级) may still be burned: burn offers only, nobody else answers "
               "(D§16 除有烧牌者外); off: it ends the round at once.", rule="END-3"),
    OptionSpec("last_set_rejoin", str, "usual",
               "Who may play again after passing in the round of 头科's or 二科's last set (END-3): "
               "as in any round (usual: the opposite's last word, ROUND-3), or only the finished "
               "player's opposite, and no other passer, not even as the opposite of the set on the "
               "table (finisher_opposite: D§16 除对头外，过牌者在此轮中均不可再出牌).", rule="END-3",
               choices=("usual", "finisher_opposite")),
    OptionSpec("melee_after_round", bool, False,
               "The melee begins with the first lead after the round in which it became due, that "
               "round being played out under the usual rules (D§16); off: at once (P§18-19).", rule="END-5"),
    OptionSpec("place_points", list, list(PROVINCIAL_PLACE_POINTS),
               "Points for places 1-6 (SCORE-1): six numbers, each -100 to 100.", rule="SCORE-1",
               low=-100, high=100, length=(6, 6)),
    OptionSpec("sweep_points", int, PROVINCIAL_SWEEP_POINTS,
               "Team points for a sweep (串三户, SCORE-1); 0 keeps the plain sum; -100 to 100.",
               rule="SCORE-1", low=-100, high=100),
)


@hookimpl(trylast=True)
def gouji_option_specs() -> list[OptionSpec]:
    return list(CORE_OPTIONS)


@hookimpl(trylast=True)
def gouji_deck(options: Options) -> list[Card]:
    return standard_pack(options["decks"])


@hookimpl(trylast=True)
def gouji_set_rules(options: Options) -> SetRules:
    return SetRules(mixed_jokers=options["mixed_jokers"])


def burn_policy_fields(options: Options) -> dict[str, bool]:
    """The core burn options as :class:`~gouji.engine.burning.BurnPolicy`'s fields: every
    plugin's burn policy is built from them, so that a new core burn option is read in one place."""
    return {"team_priority": options["burn_team_priority"],
            "broken_by_cover": options["burn_broken_by_cover"],
            "offers_any": options["burn_offer"] == "any",
            "keeps_head": options["failed_burn_keeps_head"]}


@hookimpl(trylast=True)
def gouji_burn_policy(options: Options) -> BurnPolicy:
    return BurnPolicy(**burn_policy_fields(options))


@hookimpl(trylast=True)
def gouji_hold_three_policy(options: Options) -> HoldThreePolicy:
    """No hold-three (憋3)."""
    return NO_HOLD_THREE


@hookimpl(trylast=True)
def gouji_open_point_policy(options: Options) -> OpenPointPolicy:
    """No 开点: nobody opens."""
    return NO_OPEN_POINT


@hookimpl(trylast=True)
def gouji_cut(options: Options, rng: random.Random, pile: Sequence[Card], context: GameContext) -> Cut:
    table = Table(options["direction"])
    # P§7.2 (folk): seat 0 is asked to cut the first game; "如抽到大、小王牌，则其开牌权自动取消…由其下家抽牌",
    # and "每局结束后…由首局开牌人的下首开牌": the lower player of whoever cut the first game.
    start = 0
    if options["joker_cut"] == "next_cutter" and context.game_number > 1:
        cuts = folk_cuts(context)
        if cuts is not None:
            first, last = cuts
            start = table.seat_after(first if options["folk_cutter"] == "first_cutters_lower" else last, 1)
        else:  # a context built by hand, no cut carried: seat 0 cut the first game, and no joker since
            later = 1 if options["folk_cutter"] == "first_cutters_lower" else context.game_number - 1
            start = table.seat_after(0, later)
    return cut_by_count(table, rng, pile, start, options["joker_cut"])


#: OPEN-1 (P§7.2 folk cut): the context carry naming who cut the first game and the game before,
#: ``{"first": seat, "last": seat}`` — after the jokers drawn passed the cut on.
FOLK_CUT_KEY = "folk_cut"


def folk_cuts(context: GameContext) -> tuple[int, int] | None:
    """The seats that cut the first game and the game before (OPEN-1), or ``None`` if not carried."""
    data = context.get(FOLK_CUT_KEY)
    if data is None:
        return None
    first, last = (data.get("first"), data.get("last")) if isinstance(data, dict) else (None, None)
    if not (isinstance(first, int) and isinstance(last, int) and _is_seat(first) and _is_seat(last)):
        raise GoujiError(f"carry {FOLK_CUT_KEY!r}: expected {{'first': seat, 'last': seat}}, got {data!r}")
    return first, last


def _is_seat(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 6


@hookimpl(trylast=True)
def gouji_deal(options: Options, pile: Sequence[Card], first_drawer: int) -> Deal:
    return deal(Table(options["direction"]), pile, first_drawer)


@hookimpl(trylast=True)
def gouji_first_leader(options: Options, deal: Deal, context: GameContext) -> int:
    return deal.first_drawer


@hookimpl(trylast=True)
def gouji_last_set_owner(game: PluginGame, seat: int, play: Play) -> int:
    return seat


@hookimpl(trylast=True)
def gouji_score(options: Options, finish_order: Sequence[int], game: PluginGame | None) -> Score:
    return place_score(finish_order, options["place_points"], options["sweep_points"] or None)


@hookimpl(trylast=True)
def gouji_next_context(options: Options, game: PluginGame, context: GameContext) -> GameContext:
    carry = context.carry
    if options["joker_cut"] == "next_cutter" and game.cut is not None:
        # OPEN-1 (P§7.2): who cut, after any joker, names the cutter of the games to come.
        cuts = folk_cuts(context)
        first = cuts[0] if cuts is not None else (game.cut.cutter if context.game_number == 1 else 0)
        carry = tuple((k, v) for k, v in carry if k != FOLK_CUT_KEY) + (
            (FOLK_CUT_KEY, {"first": first, "last": game.cut.cutter}),)
    return GameContext(
        game_number=context.game_number + 1,
        previous_finish_order=tuple(game.finish_order),
        previous_first_drawer=game.cut.first_drawer if game.cut else None,
        carry=carry,
    )
