"""The engine: cards to the game, no rulebook in it.

Cards, plays, sets and their comparison, actions and events, the table and teams, the cut and deal,
the round, the game and its state, phases and policies, series, a team's forfeit and scoring. Each
rulebook's referee is its own (``gouji.rules.<book>.referee``).
"""
