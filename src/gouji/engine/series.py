"""A series: game after game under one variant, carrying what the rules carry.

Between games the variant's ``gouji_next_context`` hook decides what the
next game knows of the last (its finish order, who cut, tribute owed); the
next game's tribute and other pre-play phases are decisions of that game's
own action loop.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Self

from gouji.engine.context import GameContext
from gouji.engine.seed import is_seed
from gouji.errors import GoujiError, RecordError

if TYPE_CHECKING:
    from gouji.engine.game import Game
    from gouji.engine.scoring import Score
    from gouji.plugins.variant import Variant

SERIES_FORMAT = "gouji-series"


def context_after(variant: Variant, game: Game) -> GameContext:
    """What the game after ``game`` knows of it, by ``variant``'s rules: the
    ``gouji_next_context`` hook (its finish order, who cut, tribute owed)."""
    context: GameContext = variant.call_hook("gouji_next_context", options=variant.options, game=game,
                                             context=game.context)
    return context


#: The most games a series record may hold.
MAX_SERIES_GAMES = 1000


class Series:
    """Games ``1 … games`` of ``variant``; game ``n`` is dealt from seed ``seed + n - 1``.

    Drive it like a game: ``series.game`` is the game in progress; when it
    is over call :meth:`next_game`.
    """

    def __init__(self, variant: Variant, seed: int = 0, games: int | None = None) -> None:
        if games is not None and games < 1:
            raise GoujiError(f"a series has at least one game, not {games}")
        self.variant = variant
        self.seed = seed
        self.games = games
        self.finished: list[Game] = []
        self.game: Game = variant.new_game(seed=seed, context=GameContext.first())

    @property
    def is_over(self) -> bool:
        return self.games is not None and len(self.finished) >= self.games

    def next_game(self) -> Game:
        """Close the finished game and deal the next one."""
        if not self.game.is_over:
            raise GoujiError("the current game is not over yet")
        if self.is_over:
            raise GoujiError(f"the series of {self.games} games is over")
        self.finished.append(self.game)
        if self.is_over:
            return self.game
        self.game = self.variant.new_game(seed=self.seed + len(self.finished), context=self.next_context())
        return self.game

    def next_context(self) -> GameContext:
        """What the next game knows of the one just finished (the ``gouji_next_context`` hook)."""
        return context_after(self.variant, self.finished[-1])

    @property
    def void_games(self) -> int:
        """How many finished games were void (作废, :attr:`gouji.Game.is_void`): they have
        no finish order and score nothing."""
        return sum(1 for game in self.finished if game.is_void)

    def scores(self) -> list[Score]:
        """The score of every finished game, in order."""
        return [g.score() for g in self.finished]

    def team_totals(self) -> tuple[int, int]:
        totals = [0, 0]
        for score in self.scores():
            totals[0] += score.team_points[0]
            totals[1] += score.team_points[1]
        return totals[0], totals[1]

    def record(self) -> dict[str, Any]:
        """Every game's record, finished games first, then the one in progress."""
        games = [*self.finished] + ([] if self.is_over else [self.game])
        return {
            "format": SERIES_FORMAT,
            "variant": self.variant.name,
            "seed": self.seed,
            "length": self.games,
            "games": [g.record() for g in games],
        }

    def expected_contexts(self) -> list[GameContext]:
        """The contexts the game after the last finished one may start from (a replay checks
        each game against them): :meth:`next_context`'s."""
        return [self.next_context()]

    @classmethod
    def replay(cls, record: dict[str, Any] | str, variant: Variant | None = None, *,
               trust: bool = False) -> Self:
        """Rebuild a series from :meth:`record`.

        Every game must be the game the series would deal next: the first is dealt from the
        series' ``seed`` with a first game's context, each later one under the very variant
        and options of the first, from the seed that follows, starting from a context
        :meth:`expected_contexts` allows; no game follows one that is not over, and no more
        games than the series' ``length``. Raise :class:`gouji.errors.RecordError` otherwise."""
        from gouji.records.record import check_dealt_from_seed, read_record, replay, replay_in_series

        record = read_record(record, SERIES_FORMAT, "gouji series record")
        games = record.get("games")
        if not isinstance(games, list) or not games or len(games) > MAX_SERIES_GAMES:
            raise RecordError(f"a series record lists its games (at most {MAX_SERIES_GAMES})")
        length = record.get("length")
        if length is not None and (not isinstance(length, int) or isinstance(length, bool)
                                   or not 1 <= length <= MAX_SERIES_GAMES):
            raise RecordError(f"a series record's length is null or 1 to {MAX_SERIES_GAMES} games, "
                              f"not {length!r:.40}")
        if length is not None and len(games) > length:
            raise RecordError(f"a series of {length} games lists {len(games)}")
        if not all(isinstance(g, dict) for g in games):
            raise RecordError("a series record's games are game records")
        if record.get("variant") != games[0].get("variant"):
            raise RecordError(f"the series record names variant {record.get('variant')!r:.60}, "
                              f"its first game {games[0].get('variant')!r:.60}")
        seed = record.get("seed")
        if seed != games[0].get("seed") or not is_seed(seed):
            raise RecordError(f"the series record's seed {seed!r:.40} is not its first game's "
                              f"({games[0].get('seed')!r:.40})")
        check_dealt_from_seed(games[0], "game 1 of the series")
        first = replay(games[0], variant=variant, trust=trust)
        if first.context.to_plain() != GameContext.first().to_plain():
            raise RecordError("the first game of a series starts from a first game's context")
        series = cls.__new__(cls)
        series.variant = first.variant
        series.seed = first.seed
        series.games = length
        series.finished = []
        series.game = first
        for index, data in enumerate(games[1:], 1):
            if not series.game.is_over:
                raise RecordError(f"game {index} of the series is not over, yet another follows it")
            series.finished.append(series.game)
            after = replay_in_series(data, series.variant, series.seed + index, f"game {index + 1} of the series")
            allowed = [context.to_plain() for context in series.expected_contexts()]
            if after.context.to_plain() not in allowed:
                raise RecordError(f"game {index + 1} of the series does not start where game {index} ended")
            series.game = after
        if series.game.is_over and length is not None and len(games) == length:
            # A series that ended keeps its last game among the finished ones too.
            series.finished.append(series.game)
        return series
