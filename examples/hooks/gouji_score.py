"""gouji_score: winner takes all — the team of 头科 scores 1, the other 0."""

from gouji import Score, hookimpl
from gouji.engine.scoring import team_of


@hookimpl
def gouji_score(options, finish_order, game):
    winner = team_of(finish_order[0])
    teams = (1, 0) if winner == 0 else (0, 1)
    return Score(tuple(finish_order), (0,) * 6, teams)
