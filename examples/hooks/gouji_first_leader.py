"""gouji_first_leader: whoever holds the most big jokers leads (ties: the first drawer's order)."""

from gouji import hookimpl
from gouji.engine.cards import BIG_JOKER


@hookimpl
def gouji_first_leader(options, deal, context):
    counts = [0] * 6
    for seat, card in deal.draws:
        counts[seat] += card.rank == BIG_JOKER
    order = [(deal.first_drawer + i) % 6 for i in range(6)]
    return max(order, key=lambda seat: counts[seat])
