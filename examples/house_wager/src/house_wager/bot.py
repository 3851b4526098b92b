"""A house bot, ``bold``: the greedy bot, but it always wagers (installed by entry point group
``gouji.bots``). It sees what every bot sees: its seat's observation and the variant."""

from __future__ import annotations

from typing import Any

from gouji.bots.basic import GreedyBot


class BoldBot(GreedyBot):
    """Wagers whenever it may; plays as ``greedy`` otherwise."""

    def choose(self, observation: Any, variant: Any) -> Any:
        bold = next((a for a in observation.legal_actions if a.to_text() == "wager yes"), None)
        return bold if bold is not None else super().choose(observation, variant)
