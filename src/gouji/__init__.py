"""gouji: the reference implementation of 够级, the six-player, four-deck Shandong card game.

>>> import gouji
>>> variant = gouji.load_variant("provincial")
>>> variant.beats(gouji.parse_play("A A"), gouji.parse_play("K K"))
True
>>> variant.is_gouji(gouji.parse_play("Q Q Q"))
True
"""

from gouji.engine.actions import Action, Burn, Close, Pass, PlaySet, TakeWind, Yield, parse_action
from gouji.engine.cards import Card, Suit
from gouji.engine.context import GameContext
from gouji.engine.game import Game, Observation
from gouji.engine.plays import Play, parse_play
from gouji.engine.scoring import Adjustment, Score
from gouji.errors import (
    GameOverError,
    GoujiError,
    IllegalActionError,
    ObservationError,
    OptionError,
    OutOfTurnError,
    ParseError,
    PluginError,
    RecordError,
    StaleTurnError,
    UnknownVariantError,
    VariantError,
    VariantFileError,
)
from gouji.plugins.hookspecs import hookimpl
from gouji.plugins.loader import builtin_variant_names, load_variant
from gouji.plugins.options import Options, OptionSpec
from gouji.plugins.variant import Variant
from gouji.records.record import replay

__version__ = "0.2.0"

__all__ = [
    "Action", "Adjustment", "Burn", "Card", "Close", "Game", "GameContext", "GameOverError",
    "GoujiError", "IllegalActionError", "Observation", "ObservationError", "OptionError", "OptionSpec",
    "Options", "OutOfTurnError",
    "ParseError", "Pass", "Play", "PlaySet", "PluginError", "RecordError", "Score", "StaleTurnError", "Suit",
    "TakeWind", "UnknownVariantError", "Variant", "VariantError", "VariantFileError", "Yield",
    "builtin_variant_names", "hookimpl", "load_variant", "parse_action", "parse_play", "replay",
]
