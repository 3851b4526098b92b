"""gouji_vocabulary: declare the words of what this plugin logs (here the joker storm of
examples/hooks/gouji_after_action.py), in English and Chinese, with its rule ID."""

from gouji import hookimpl
from gouji.engine.vocabulary import event_term


@hookimpl
def gouji_vocabulary():
    return [
        event_term("joker-storm", "joker storm", "王炸", "three small jokers led at once", "一次打出三张小王",
                   "HOUSE-1"),
    ]
