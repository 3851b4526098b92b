"""``expert``: a rule-based player that plays like a club player, from its seat's observation.

It starts from :class:`~gouji.bots.basic.GreedyBot`'s habits (lead the lowest
whole group, cover cheaply, keep 2s and jokers for gouji sets, never cover a
teammate) and adds what a club player watches:

* **blocking the opponents' 头科**: a set can only be answered by a set of as
  many cards, so against an opponent close to going out it leads sets bigger
  than his hand, and answers his sets with whatever it takes (2s and jokers
  included);
* **helping the teammate who can go out**: it stays off his sets and, leading,
  offers him a set of the size of his hand to cover;
* **answering as the opposite**: facing a gouji set only it may answer
  (GOUJI-2), it spends a joker rather than let the set stand;
* **burning when it can finish** (BURN-1): only when the jokers left carry
  every set but the last;
* the phase decisions of :mod:`gouji.bots.phase_choices`.

Hand sizes are the shown ones, else counted from the public history
(:func:`gouji.bots.table_view.hand_sizes`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gouji.bots.basic import GreedyBot
from gouji.bots.phase_choices import hand_counts, play_decisions
from gouji.bots.table_view import hand_sizes
from gouji.engine.actions import TAKE_WIND, Action, Burn, PlaySet
from gouji.engine.cards import ACE

if TYPE_CHECKING:
    from gouji.engine.game import Observation
    from gouji.plugins.variant import Variant

#: Leading against an opponent with this many cards or fewer: a set bigger than his hand.
LEAD_BLOCK = 3
#: Answering an opponent with this many cards or fewer: cover whatever it costs.
ANSWER_BLOCK = 7
#: A teammate with this many cards or fewer may go out: help him.
HELP = 2
# Measured (expert vs greedy, provincial, 100 deals, seats swapped): blocking when answering
# is worth most (+0.7 a game alone), blocking leads only against very short hands (3 or
# fewer: +0.3 more; from 8 cards on it loses), helping a teammate little.


class ExpertBot(GreedyBot):
    """A club player's rules on top of :class:`~gouji.bots.basic.GreedyBot` (see the module)."""

    name = "expert"

    def __init__(self, seed: int = 0, lead_block: int = LEAD_BLOCK, answer_block: int = ANSWER_BLOCK,
                 help_size: int = HELP) -> None:
        super().__init__(seed)
        self.lead_block = lead_block
        self.answer_block = answer_block
        self.help_size = help_size

    def __repr__(self) -> str:
        return f"ExpertBot(seed={self.seed})"

    def choose(self, observation: Observation, variant: Variant) -> Action:
        settled, core = play_decisions(observation, variant)
        if settled is not None:
            return settled
        seat = observation.seat
        counts = hand_counts(observation)
        size = len(observation.hand)
        plays: list[PlaySet | Burn] = [a for a in core if isinstance(a, (PlaySet, Burn))]
        for action in plays:
            if action.play.size == size:
                return action  # going out beats everything
        sizes = hand_sizes(observation)
        live = observation.in_play or frozenset(s for s in range(6) if sizes[s])
        threats = [sizes[s] for s in live if s % 2 != seat % 2 and sizes[s]]
        friends = [sizes[s] for s in live if s % 2 == seat % 2 and s != seat and sizes[s]]
        danger = min(threats) if threats else 99
        if observation.table is None:
            return self._expert_lead(observation, variant, counts, plays, danger, friends)
        return self._expert_answer(observation, variant, counts, plays, core, danger, sizes)

    # -- leading -------------------------------------------------------------------------------
    def _expert_lead(self, observation: Observation, variant: Variant, counts: dict[int, int],
                     plays: list[PlaySet | Burn], danger: int, friends: list[int]) -> Action:
        seat = observation.seat
        greedy = self._lead(observation, variant, seat, counts, plays)
        if seat in observation.burners or not plays:
            return greedy
        rules = variant.set_rules
        if danger <= self.lead_block:
            # Nobody answers a set of more cards than he holds: lead one he cannot cover.
            safe = [a for a in plays if a.play.size > danger]
            if safe:
                return min(safe, key=lambda a: self._cost(a.play, counts))
        if friends and min(friends) <= self.help_size and danger > self.lead_block:
            # A set of his hand's size, low, that he may cover to go out.
            want = min(friends)
            offers = [a for a in plays if a.play.size == want and not a.play.jokers and a.play.rank <= ACE
                      and not rules.is_gouji(a.play)]
            if offers:
                return min(offers, key=lambda a: (self._cost(a.play, counts)[2], a.play.rank))
        return greedy

    # -- answering -------------------------------------------------------------------------------
    def _expert_answer(self, observation: Observation, variant: Variant, counts: dict[int, int],
                       plays: list[PlaySet | Burn], legal: list[Action], danger: int,
                       sizes: tuple[int, ...]) -> Action:
        seat = observation.seat
        decline = self._decline(legal)
        if TAKE_WIND in legal:
            return TAKE_WIND
        owner = observation.table_owner
        table = observation.table
        assert table is not None, "an answer has a set on the table to answer"
        if owner is not None and owner % 2 == seat % 2:
            return decline
        if not plays or seat in observation.burners:
            return decline
        rules = variant.set_rules
        burns = [a for a in plays if isinstance(a, Burn)]
        if burns:
            return self._maybe_burn(counts, burns, decline)
        best = min(plays, key=lambda a: self._cost(a.play, counts))
        owner_size = sizes[owner] if owner is not None else 99
        if owner_size <= self.answer_block or danger <= self.answer_block // 2:
            # Block: an opponent near the end must not keep the lead, whatever it costs.
            return best
        if observation.gouji_restricted and not best.play.big:
            # Only we may answer this gouji set: a small joker or 2s rather than let it open.
            return best
        return best if self._worth_it(best.play, table, rules, counts, legal) else decline


__all__ = ["ExpertBot"]
