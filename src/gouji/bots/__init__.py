"""Bots: players that choose an action for a seat, and the registry that names them.

The registry holds ``random``, ``greedy``, ``expert`` (:mod:`gouji.bots.expert`) and
``learned`` (:mod:`gouji.bots.learned`, numpy); ``make_bot("greedy")`` builds one by name
(``bot_names()`` lists them); ``decide(bot, game)`` asks a bot for the current seat's
action from that seat's observation; ``play_game`` plays a game with one bot per seat.
"""

from gouji.bots.basic import BOT_TYPES, Bot, GreedyBot, RandomBot, bot_names, decide, make_bot, play_game

__all__ = ["BOT_TYPES", "Bot", "GreedyBot", "RandomBot", "bot_names", "decide", "make_bot", "play_game"]
