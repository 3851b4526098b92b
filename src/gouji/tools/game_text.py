"""A finished or unfinished game as text for a reader: the readable log and the result.

The CLI prints these, the replay page and simulations embed them; they live below all three.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gouji.engine.events import PLACE_NAMES, Event

if TYPE_CHECKING:
    from gouji.engine.game import Game


def game_log(game: Game) -> str:
    """The game's log for a reader: the opening and hands, each round's sets, passes and burns
    with the cards left, places as players go out, then the places and the score."""
    from gouji.engine.cards import BIG_JOKER, THREE, n_cards, rank_name

    replay = game_from_start(game)
    lines = [f"== {game.variant.name}, seed {game.seed} =="]
    seen = 0
    rounds = 0
    names = game.variant.vocabulary.event_names

    def sizes() -> list[int]:
        return [sum(replay.hand_counts(s).values()) for s in range(6)]

    def emit(events: list[Event], left: list[int]) -> None:
        nonlocal rounds
        for event in events:
            if event.kind == "lead":
                rounds += 1
                lines.append(f"-- round {rounds}: seat {event.seat} leads --")
            text = event.text(names)
            if event.kind in ("lead", "cover", "burn") and event.seat is not None:
                text += f"  ({left[event.seat]} left)"
            if event.kind in ("cut", "deal", "lead-right", "game-over"):
                lines.append(text)
            else:
                lines.append("  " + text)

    opening = replay.events[:]
    seen = len(opening)
    split = next((i for i, e in enumerate(opening) if e.kind == "lead-right"), len(opening) - 1) + 1
    emit(opening[:split], sizes())
    lines.append("hands:")
    for seat in range(6):
        counts = replay.hand_counts(seat)
        cards = " ".join(rank_name(r) for r in range(BIG_JOKER, THREE - 1, -1) for _ in range(counts.get(r, 0)))
        lines.append(f"  seat {seat} (team {seat % 2}, opposite {(seat + 3) % 6}): "
                     f"{n_cards(sum(counts.values()))}: {cards}")
    emit(opening[split:], sizes())
    for action in game.history:
        replay.apply(action)
        emit(replay.events[seen:], sizes())
        seen = len(replay.events)
    if game.is_over:
        lines.append(result_text(game))
    else:
        lines.append(f"(game not over: seat {game.current_player} to decide after {len(game.history)} decisions)")
    return "\n".join(lines)


def game_from_start(game: Game) -> Game:
    """The same game at its start, to step through its history again."""
    if game.position is not None:
        hands, leader = game.position
        return game.variant.new_position([list(h) for h in hands], leader)
    return game.variant.new_game(seed=game.seed, context=game.context)


def result_text(game: Game) -> str:
    """The places, the score with its adjustments, and why (:func:`gouji.tools.explanation.explain_score`)."""
    from gouji.tools.explanation import explain_score

    if game.is_void:
        return "void game (作废): no places, no points"
    score = game.score()
    lines = ["places:"]
    for place, seat in enumerate(game.finish_order):
        zh, en = PLACE_NAMES[place]
        lines.append(f"  {zh} {en}: seat {seat} (team {seat % 2}), {score.seat_points[seat]:+d}")
    sweep = " — 串三户 sweep" if score.sweep else ""
    lines.append(f"score: team 0 {score.team_points[0]:+d}, team 1 {score.team_points[1]:+d}{sweep}")
    for adj in score.adjustments:
        lines.append(f"  team {adj.team} {adj.points:+d} [{adj.rule}] {adj.reason}")
    lines += explain_score(game)
    return "\n".join(lines)


__all__ = ["game_from_start", "game_log", "result_text"]
