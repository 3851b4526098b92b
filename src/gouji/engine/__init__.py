"""The engine: cards to the game, no rulebook in it.

Cards, plays, sets and their comparison, actions and events, the table and teams, the cut and deal,
the round, the game and its state, phases and policies, series, the referee and scoring.
"""
