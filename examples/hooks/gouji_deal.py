"""gouji_deal: deal two cards at a time, in play order from the first drawer."""

from gouji import hookimpl
from gouji.engine.opening import Deal
from gouji.engine.table import Table


@hookimpl
def gouji_deal(options, pile, first_drawer):
    table = Table(options["direction"])
    draws = tuple((table.seat_after(first_drawer, (i // 2) % 6), card) for i, card in enumerate(pile))
    return Deal(first_drawer, draws)
