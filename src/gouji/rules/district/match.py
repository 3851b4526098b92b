"""The match (SCORE-4; T 一.2, T 二.4): two games, team totals, the draw, deciding games.

T 一.2: "比赛以淘汰赛方式进行，为二局计分制 … 如二局后平局，参加抽签决定胜负 … 决赛也实行二局计分制，
按计分排序，如二队平分则加赛一场，直至决出胜负。" T 二.4: "2局总分多者名次列前。预赛得分相等，采用抽签
定胜负；决赛则采用决胜局定胜负的方法。" and the draw: "由各队指派一名选手抽取一张牌，比大小，牌面大小
按照12345678910顺序，10最大，A最小，JQK大小虎无效可再摸一张，只比大小不比花色，相等则继续抽牌直到决出胜负。"

A :class:`Match` plays game after game of one variant (game *n* dealt from
``seed + n − 1``, each game knowing the last one through the
``gouji_next_context`` hook, so the cutter rotates, OPEN-1). Team 0 is seats
0, 2, 4. After two games the higher total wins. A tie in the preliminaries
is settled by :func:`draw_lots`, drawn from the last game's seeded random
source (or from ``tie_seed`` when given); a tie in the final is played off:
one more game, and another, until one team wins them. A deciding game only
orders the tied pair ("按计分排序，如二队平分则加赛一场"): its points are not
added to the totals (:meth:`Match.totals`), they are :meth:`Match.decider_totals`.

REF-5 (T 一.9): a team caught cheating is disqualified (:meth:`Match.disqualify`):
the match ends at once and the other team wins it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from gouji.engine.cards import ACE, TEN, TWO, Card, standard_pack
from gouji.engine.context import GameContext
from gouji.engine.deciding import ask
from gouji.engine.series import context_after
from gouji.errors import GoujiError, RecordError

if TYPE_CHECKING:
    from gouji.engine.game import Game
    from gouji.engine.scoring import Score
    from gouji.plugins.variant import Variant

PRELIMINARY, FINAL = "preliminary", "final"
STAGES = (PRELIMINARY, FINAL)
MATCH_FORMAT = "gouji-district-match"
GAMES_PER_MATCH = 2


def draw_value(card: Card) -> int | None:
    """SCORE-4: A = 1, 2 … 10 by face, 10 highest; J, Q, K and jokers count nothing (drawn again)."""
    if card.rank == ACE:
        return 1
    if card.rank == TWO:
        return 2
    if card.rank <= TEN:
        return card.rank
    return None


@attrs.frozen
class TieBreak:
    """The draw (抽签): every card drawn, ``(team, card)`` in order, and the teams best first."""

    draws: tuple[tuple[Hashable, Card], ...]
    order: tuple[Hashable, ...]

    @property
    def winner(self) -> Hashable:
        return self.order[0]

    def to_data(self) -> dict[str, Any]:
        return {"draws": [[team, str(card)] for team, card in self.draws], "order": list(self.order)}


def draw_lots(teams: Sequence[Hashable], rng: random.Random) -> TieBreak:
    """SCORE-4: order ``teams`` by drawing cards from a shuffled deck (one 54-card deck,
    a fresh one when it runs out). Each team draws until it has a card from A to 10;
    teams with equal cards draw again among themselves, until every place is settled."""
    teams = list(teams)
    if len(set(teams)) != len(teams) or not teams:
        raise GoujiError(f"the draw needs distinct teams, not {teams!r}")
    pile: list[Card] = []
    draws: list[tuple[Hashable, Card]] = []

    def draw(team: Hashable) -> int:
        while True:
            if not pile:
                pile.extend(standard_pack(1))
                rng.shuffle(pile)
            card = pile.pop()
            draws.append((team, card))
            value = draw_value(card)
            if value is not None:
                return value

    def order(group: list[Hashable]) -> list[Hashable]:
        if len(group) == 1:
            return group
        values = {team: draw(team) for team in group}
        ranked: list[Hashable] = []
        for value in sorted(set(values.values()), reverse=True):
            ranked += order([t for t in group if values[t] == value])
        return ranked

    ranking = order(teams)
    return TieBreak(tuple(draws), tuple(ranking))


def outcome(stage: str, totals: tuple[int, int], deciders: Sequence[tuple[int, int]],
            draw: Callable[[], TieBreak]) -> int | None:
    """The winning side (0 or 1) of a match whose two games gave ``totals`` (T 一.2 二局计分制),
    or ``None`` while a final's tie waits for a deciding game. ``deciders`` are the deciding
    games' team points, summed ("加赛一场，直至决出胜负"); ``draw`` settles a preliminary's tie
    (SCORE-4). One rule for :class:`Match` and for the organiser's ``gouji match``."""
    a, b = totals
    if a != b:
        return 0 if a > b else 1
    if stage == PRELIMINARY:
        return 0 if draw().winner == 0 else 1
    c, d = sum(x for x, _ in deciders), sum(y for _, y in deciders)
    if c == d:
        return None
    return 0 if c > d else 1


class Match:
    """A two-game match of ``variant`` between team 0 (seats 0, 2, 4) and team 1.

    Drive it like a game: play ``match.game`` to its end, then call
    :meth:`next_game` while ``is_over`` is false.
    """

    def __init__(self, variant: Variant | str = "district", seed: int = 0, *, stage: str = PRELIMINARY,
                 teams: Sequence[str] = ("team 0", "team 1"), tie_seed: int | None = None) -> None:
        from gouji.plugins.loader import load_variant
        from gouji.plugins.variant import Variant as _Variant

        if not isinstance(variant, _Variant):
            variant = load_variant(variant)
        if stage not in STAGES:
            raise GoujiError(f"a match's stage is one of {', '.join(STAGES)}, not {stage!r}")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise GoujiError(f"seed must be an integer, not {seed!r}")
        if tie_seed is not None and (not isinstance(tie_seed, int) or isinstance(tie_seed, bool)):
            raise GoujiError(f"tie_seed must be an integer or None, not {tie_seed!r}")
        if stage == FINAL and not any(variant.options["place_points"]) and not variant.options["sweep_points"]:
            # SCORE-5: every game of such a variant scores 0:0, so a final's tie is never played off.
            raise GoujiError(f"variant {variant.name!r} keeps no points: its matches can only be "
                             "preliminaries, settled by the draw (SCORE-4)")
        names = tuple(teams)
        if len(names) != 2 or len(set(names)) != 2 or not all(isinstance(n, str) and n for n in names):
            raise GoujiError(f"a match has two teams with distinct names, not {teams!r}")
        self.variant = variant
        self.seed = seed
        self.stage = stage
        self.teams = names
        self.tie_seed = tie_seed
        self.games: list[Game] = [variant.new_game(seed, GameContext.first())]
        #: REF-5: ``(team, reason)`` once a team is disqualified, else ``None``.
        self.disqualification: tuple[int, str] | None = None

    # -- state -----------------------------------------------------------------------
    @property
    def game(self) -> Game:
        """The game in progress (or the last one, once the match is over)."""
        return self.games[-1]

    def scores(self) -> list[Score]:
        """The score of every finished game."""
        return [g.score() for g in self.games if g.is_over]

    def totals(self) -> tuple[int, int]:
        """Team 0's and team 1's points over the match's two games (T 一.2 二局计分制); deciding
        games are not added (:meth:`decider_totals`)."""
        scores = self.scores()[:GAMES_PER_MATCH]
        return sum(s.team_points[0] for s in scores), sum(s.team_points[1] for s in scores)

    def decider_totals(self) -> tuple[int, int]:
        """The final: team 0's and team 1's points in the deciding games, which only order
        the tied pair (T 一.2 "如二队平分则加赛一场，直至决出胜负")."""
        scores = self.scores()[GAMES_PER_MATCH:]
        return sum(s.team_points[0] for s in scores), sum(s.team_points[1] for s in scores)

    @property
    def deciding_games(self) -> int:
        """Games played beyond the two (finals only)."""
        return max(0, len(self.games) - GAMES_PER_MATCH)

    @property
    def is_over(self) -> bool:
        if self.disqualification is not None:
            return True
        if not self.game.is_over or len(self.games) < GAMES_PER_MATCH:
            return False
        a, b = self.totals()
        if a != b or self.stage == PRELIMINARY:
            return True
        c, d = self.decider_totals()
        return c != d

    @property
    def tie_break(self) -> TieBreak | None:
        """The draw that settles a tie after the preliminaries' two games (SCORE-4)."""
        if not self.is_over or self.stage != PRELIMINARY or self.disqualification is not None:
            return None
        a, b = self.totals()
        if a != b:
            return None
        return draw_lots((0, 1), self._tie_rng())

    def _tie_rng(self) -> random.Random:
        if self.tie_seed is not None:
            return random.Random(self.tie_seed)
        rng = random.Random()
        rng.setstate(self.game.rng.getstate())
        return rng

    @property
    def winner(self) -> int | None:
        """The winning team (0 or 1) once the match is over, else ``None``."""
        if not self.is_over:
            return None
        if self.disqualification is not None:
            return 1 - self.disqualification[0]
        deciders = [s.team_points for s in self.scores()[GAMES_PER_MATCH:]]
        return outcome(self.stage, self.totals(), deciders, lambda: draw_lots((0, 1), self._tie_rng()))

    # -- playing ----------------------------------------------------------------------------
    def disqualify(self, team: int, reason: str) -> None:
        """REF-5 (T 一.9, 凡弄虚作假…取消比赛资格及全部比赛成绩): disqualify ``team`` (0 or 1)
        for cheating. The match ends at once, the other team wins; a
        :class:`~gouji.rules.district.tournament.Tournament` given this match cancels all
        of the team's results."""
        if team not in (0, 1) or isinstance(team, bool):
            raise GoujiError(f"a match's team is 0 or 1, not {team!r}")
        if not isinstance(reason, str) or not reason.strip():
            raise GoujiError("a disqualification names its reason (REF-5)")
        if self.disqualification is not None:
            raise GoujiError("a team of this match is already disqualified (REF-5)")
        self.disqualification = (team, reason)

    def next_game(self) -> Game:
        """Deal the next game (the second, or a deciding game of a tied final)."""
        if not self.game.is_over:
            raise GoujiError("the current game is not over yet")
        if self.is_over:
            raise GoujiError("the match is over")
        game = self.variant.new_game(self.seed + len(self.games), context_after(self.variant, self.game))
        self.games.append(game)
        return game

    def play(self, bots: Any, max_decisions: int = 100_000) -> Match:
        """Play the match to its end with bots (``gouji.bots.basic``: one per seat, or one for
        all); return the match."""
        seats = list(bots) if isinstance(bots, Sequence) else [bots] * 6
        if len(seats) != 6:
            raise GoujiError(f"a match needs 6 bots (one per seat) or one bot, got {len(seats)}")
        decisions = 0
        while True:
            game = self.game
            while not game.is_over:
                actor = game.current_player
                assert actor is not None, "a game not over has a seat to decide"
                # Asked as every driver asks a bot (gouji.bots.basic.decide: a searching bot gets its
                # determinizer), through the call the bots register (rules may not import them).
                game.apply(ask(seats[actor], game))
                decisions += 1
                if decisions > max_decisions:
                    raise GoujiError(f"the match did not end after {max_decisions} decisions")
            if self.is_over:
                return self
            self.next_game()

    # -- records ------------------------------------------------------------------------------
    def record(self) -> dict[str, Any]:
        """The match as JSON-ready data: its settings and every game's record."""
        tie = self.tie_break
        return {
            "format": MATCH_FORMAT,
            "variant": self.variant.name,
            "options": self.variant.options.to_plain(),
            "seed": self.seed,
            "stage": self.stage,
            "teams": list(self.teams),
            "tie_seed": self.tie_seed,
            "games": [g.record() for g in self.games],
            "totals": list(self.totals()),
            "decider_totals": list(self.decider_totals()),
            "tie_break": tie.to_data() if tie else None,
            "winner": self.winner,
            "disqualification": list(self.disqualification) if self.disqualification else None,
        }

    @classmethod
    def replay(cls, record: dict[str, Any] | str, variant: Variant | None = None, *,
               trust: bool = False) -> Match:
        """Rebuild a match from :meth:`record` (a dict or its JSON text).

        Each game must start where the one before ended (its seed and the context
        ``gouji_next_context`` gives); the totals and the winner the record states must be
        the replay's. ``variant`` and ``trust`` are as for :func:`gouji.replay`."""
        from gouji.records.record import _variant_for, read_record, replay_in_series

        record = read_record(record, MATCH_FORMAT, "district match record")
        games = record.get("games")
        if not isinstance(games, list) or not games or len(games) > 16:
            raise RecordError("a match record lists its games (at most 16)")
        for key, kind in (("variant", str), ("options", dict), ("seed", int), ("stage", str), ("teams", list)):
            if not isinstance(record.get(key), kind) or isinstance(record.get(key), bool):
                raise RecordError(f"match record key {key!r}: expected {kind.__name__}, got {record.get(key)!r:.80}")
        if not all(isinstance(g, dict) for g in games):
            raise RecordError("a match record's games are game records")
        try:
            base = _variant_for({**games[0], "variant": record["variant"], "version": games[0].get("version", 1)},
                                variant, trust)
            if base.options.to_plain() != record["options"]:
                base = base.with_options(**record["options"])
            match = cls(base, record["seed"], stage=record["stage"], teams=record["teams"],
                        tie_seed=record.get("tie_seed"))
            match.games = []
            for number, data in enumerate(games):
                what = f"game {number + 1} of the match"
                if number and not match.games[-1].is_over:
                    raise RecordError(f"game {number} is not over but game {number + 1} follows")
                if number and match.is_over:
                    raise RecordError(f"the match was over after game {number}, yet game {number + 1} follows")
                game = replay_in_series(data, base, match.seed + number, what)
                expected = GameContext.first() if not number else context_after(base, match.games[-1])
                if game.context.to_plain() != expected.to_plain():
                    raise RecordError(f"game {number + 1} of the match does not start where game {number} "
                                      f"ended: its context is {game.context.to_plain()}, "
                                      f"expected {expected.to_plain()}")
                match.games.append(game)
            cheat = record.get("disqualification")
            if cheat is not None:
                if not isinstance(cheat, list) or len(cheat) != 2:
                    raise RecordError(f"a disqualification is [team, reason], not {cheat!r:.80}")
                match.disqualify(cheat[0], cheat[1])
        except RecordError:
            raise
        except (GoujiError, KeyError, TypeError) as exc:
            raise RecordError(f"match record cannot be replayed: {exc!r:.300}") from exc
        tie = match.tie_break
        for key, value in (("totals", list(match.totals())), ("decider_totals", list(match.decider_totals())),
                           ("tie_break", tie.to_data() if tie else None), ("winner", match.winner)):
            if key in record and record[key] != value:
                raise RecordError(f"the match record's {key} {record[key]!r:.80} differs from the replay's {value!r}")
        return match

    def __repr__(self) -> str:
        state = f"over, winner team {self.winner}" if self.is_over else f"game {len(self.games)} in play"
        return f"<Match {self.teams[0]} v {self.teams[1]} {self.stage} seed={self.seed}: {state}>"
