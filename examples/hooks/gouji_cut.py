"""gouji_cut: no cut at all; seat 2 always draws first."""

from gouji import hookimpl
from gouji.engine.opening import Cut


@hookimpl
def gouji_cut(options, rng, pile, context):
    return Cut(cutter=2, cards=(), first_drawer=2)
