"""gouji_deck: a pack without the 3s (four decks less sixteen cards)."""

from gouji import hookimpl
from gouji.engine.cards import THREE, standard_pack


@hookimpl
def gouji_deck(options):
    return [card for card in standard_pack(options["decks"]) if card.rank != THREE]
