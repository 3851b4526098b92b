"""The hook specifications: every point where a plugin shapes the rules.

Two kinds of hook:

* **firstresult** hooks answer one question (which deck, who cuts, how sets
  compare, the score). Plugins are called from the most recently registered
  to the built-in defaults (which are ``trylast``); *the first non-None
  result wins*. Return ``None`` to let the next plugin answer.
* **collecting** hooks gather contributions (options, phases before play,
  forbidden sets, score adjustments). Every plugin is called and the core
  combines the non-None results as each hook says.

Hooks that take ``options`` receive the variant's resolved
:class:`gouji.plugins.options.Options`. Hooks that take ``game`` receive the live
game as a :class:`gouji.plugins.surface.PluginGame`, the part of
:class:`gouji.engine.game.Game` that plugins may use: read it through that surface,
and never change it, except with the surface's change methods where the
hook's contract says so.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import pluggy

from gouji.errors import PluginError

if TYPE_CHECKING:
    from gouji.engine.actions import Action
    from gouji.engine.burning import BurnPolicy
    from gouji.engine.cards import Card
    from gouji.engine.comparison import SetRules
    from gouji.engine.context import GameContext
    from gouji.engine.hold_three import HoldThreePolicy
    from gouji.engine.open_point import OpenPointPolicy
    from gouji.engine.opening import Cut, Deal
    from gouji.engine.phases import Phase
    from gouji.engine.plays import Play
    from gouji.engine.scoring import Adjustment, Score
    from gouji.engine.vocabulary import DecisionTerm, EventTerm, PhaseTerm
    from gouji.plugins.options import Options, OptionSpec
    from gouji.plugins.surface import PluginGame

PROJECT_NAME = "gouji"

hookspec = pluggy.HookspecMarker(PROJECT_NAME)
#: Mark a function of your plugin as a hook implementation.
hookimpl = pluggy.HookimplMarker(PROJECT_NAME)

#: The decisions :func:`asked_at` names: a lead, an answer to any set on the table, and an
#: answer to a gouji set only the owner's opposite may answer (GOUJI-2, ``gouji_restricted``).
DECISIONS = ("lead", "respond", "restricted")
#: The attribute :func:`asked_at` sets on an implementation.
ASKED_AT = "gouji_asked_at"
_Function = Callable[..., Any]


def asked_at(*decisions: str) -> Callable[[_Function], _Function]:
    """Declare the decisions at which an implementation of :func:`gouji_extra_actions` or
    :func:`gouji_forbidden_plays` can answer, so that the engine need not ask it at others
    (a lead-only concession, a consent asked only about gouji sets)::

        @hookimpl
        @asked_at("lead")
        def gouji_extra_actions(game, seat): ...

    ``"lead"``: the seat leads; ``"respond"``: it answers the set on the table (any set,
    gouji sets included); ``"restricted"``: it answers a gouji set only the owner's opposite
    may answer (GOUJI-2, ``game.gouji_restricted``). The declaration is a promise: at other
    decisions the implementation answers ``None``. The engine skips the hook at a decision
    no implementation is asked at, and may still call it there when another plugin's
    implementation, or one that declares nothing, is asked; an implementation that declares
    nothing is asked at every decision, as pluggy asks it. Answers are checked as ever.
    """
    unknown = [d for d in decisions if d not in DECISIONS]
    if unknown or not decisions:
        raise PluginError(f"asked_at takes one or more of {', '.join(DECISIONS)}, not {decisions!r}")
    asked = set(decisions)
    if "respond" in asked:
        asked.add("restricted")  # an answer to a gouji set is an answer too

    def mark(function: _Function) -> _Function:
        setattr(function, ASKED_AT, frozenset(asked))
        return function

    return mark


@hookspec
def gouji_option_specs() -> list[OptionSpec]:
    """Declare the options this plugin adds to a variant.

    Collecting: every plugin's list is gathered; an option declared twice
    with different specs is an error. The variant loader validates TOML
    values against these specs and ``gouji show`` prints them.

    :return: a list of :class:`gouji.plugins.options.OptionSpec` (empty if none).
    """


@hookspec
def gouji_check_options(options: Options) -> None:
    """Refuse the option values and combinations the plugin's rules cannot play, which the
    specs alone cannot say (D§26.(四): 憋3 rules out counts and 挑牌; T's captains, one a
    team; a club pack too small to deal).

    Collecting: called once when a variant is built (:meth:`gouji.Variant.build`,
    and so ``load_variant`` and ``with_options``), right after the options are resolved against
    every plugin's specs and before any other hook is asked; every plugin's check runs, the most
    recently registered first, whatever another plugin answers to the other hooks.

    Contract: raise :class:`gouji.errors.OptionError` naming the option and what it needs;
    otherwise return ``None``, and change nothing (``options`` is frozen). The check reads only
    ``options``; it never deals, plays or imports on a value's say-so.

    :return: ``None`` (an answer other than ``None`` is refused).
    """


@hookspec
def gouji_vocabulary() -> list[EventTerm | DecisionTerm | PhaseTerm] | None:
    """Declare the terms this plugin adds: each decision kind, event kind and phase it can
    make, ask or log, with its words in English and Chinese (a short label and a one-line
    explanation), its rule ID and, for a decision, an optional suggestion for bots.

    Collecting: every plugin is asked once per variant, the most recently registered first,
    and the engine's own terms (:data:`gouji.engine.vocabulary.ENGINE_TERMS`) come last;
    where two plugins declare one keyword, the first asked wins (a house plugin may word a
    book's term its own way). The result is the variant's frozen
    :class:`gouji.plugins.vocabulary.Vocabulary` (``variant.vocabulary``),
    built once, never per step: the log's text, ``gouji play``, the replay page, the labels
    ``gouji serve`` sends the page, the RL action space and the bots' phase decisions read it.

    Contract: every event kind the plugin logs, every action keyword it makes legal and
    every phase name it adds is declared (the conformance kit,
    ``gouji.testing.check_vocabulary``, plays the variant and checks it);
    the answer takes no options, so that it says what the plugin *may* do in any variant.

    :return: a list of :class:`gouji.engine.vocabulary.EventTerm`,
        :class:`~gouji.engine.vocabulary.DecisionTerm` and :class:`~gouji.engine.vocabulary.PhaseTerm`
        (at most 500), or ``None``.
    """


@hookspec(firstresult=True)
def gouji_deck(options: Options) -> list[Card] | None:
    """The cards of one game, in a fixed order before shuffling (DECK-1).

    firstresult: the first non-None result wins. The default is four
    standard decks with jokers, 216 cards. Seat ``i`` of the deal receives
    every sixth card from the first drawer on, so a smaller deck simply
    gives the last drawers fewer cards.

    :return: the list of :class:`gouji.engine.cards.Card`, or ``None`` to defer.
    """


@hookspec(firstresult=True)
def gouji_set_rules(options: Options) -> SetRules | None:
    """How sets compare and which are gouji sets (PLAY-4/5/6, GOUJI-1).

    firstresult: the first non-None result wins. Called once per variant;
    the returned object's ``beats``, ``is_gouji`` and ``is_dead`` methods
    are then used on every move, and its ``cover_sizes``, where it has one.

    Contract (:mod:`gouji.plugins.policy_answers`, alike in the pure and the compiled build):
    ``beats``, ``is_gouji`` and ``is_dead`` answer truth values, read as ``bool(answer)`` (a
    truthy ``1`` is ``True``, ``None`` is ``False``; a value ``bool`` refuses is a
    :class:`~gouji.errors.PluginError` naming the plugin); ``cover_sizes(old)`` answers the sizes
    of the sets that may cover ``old``, whole numbers (a tuple, a list, numpy integers: taken as
    a tuple of ints; anything else refused). The object's ``bool`` fields (an attrs class's) are
    ``True`` or ``False``, checked when the variant is built.

    :return: a :class:`gouji.engine.comparison.SetRules` (or an object with the
        same methods), or ``None`` to defer.
    """


@hookspec(firstresult=True)
def gouji_burn_policy(options: Options) -> BurnPolicy | None:
    """Who is offered a burn, when a burn may be made, what a failed one costs (BURN-1..5).

    firstresult: the first non-None result wins. Called once per variant;
    the engine then calls the object's ``offer_order``, ``may_burn``,
    ``allows`` and ``fail`` methods. The default is a
    :class:`gouji.engine.burning.BurnPolicy` built from the options
    ``burn_team_priority`` and ``burn_broken_by_cover``.

    Contract (:mod:`gouji.plugins.policy_answers`, alike in the pure and the compiled build):
    ``may_burn`` and ``allows`` answer truth values, read as ``bool(answer)``;
    ``offer_order(anchor, candidates)`` answers seats of ``candidates``, each once (a list or a
    tuple); ``fail`` answers the seat to lead, 0-5 (any answer once the game is over). Anything
    else is a :class:`~gouji.errors.PluginError` naming the plugin. ``broken_by_cover`` and the
    object's ``bool`` fields are ``True`` or ``False``, checked when the variant is built.

    :return: a :class:`gouji.engine.burning.BurnPolicy` (or an object with the same
        methods), or ``None`` to defer.
    """


@hookspec(firstresult=True)
def gouji_hold_three_policy(options: Options) -> HoldThreePolicy | None:
    """Hold-three (憋3): what is forbidden while 3s are held, who buys 3s from whom, what a
    player without a 3 becomes, who is smothered and when (END-6, END-7, END-8).

    firstresult: the first non-None result wins. Called once per variant; when the
    policy's ``active`` is true the engine calls its ``forbidden_sets`` and
    ``may_burn`` on every decision, runs its ``buy_phase`` right after the tribute
    (before the plugins' :func:`gouji_pregame_phases`) and calls its
    ``after_action`` after every player's action during play. The default is
    ``gouji.engine.hold_three.NO_HOLD_THREE``: no hold-three.

    Contract (:mod:`gouji.plugins.policy_answers`, alike in the pure and the compiled build):
    ``forbidden_sets`` answers ``{set: rule ID}`` (a mapping of :class:`~gouji.engine.plays.Play`
    to text; ``None`` forbids nothing); ``may_burn`` answers ``None`` (no verdict) or a truth value,
    read as ``bool(answer)``. Anything else is a :class:`~gouji.errors.PluginError` naming the
    plugin. ``active`` and the object's ``bool`` fields are ``True`` or ``False``, checked when the
    variant is built.

    :return: a :class:`gouji.engine.hold_three.HoldThreePolicy` (or a subclass), or
        ``None`` to defer.
    """


@hookspec(firstresult=True)
def gouji_open_point_policy(options: Options) -> OpenPointPolicy | None:
    """开点 (opening a point): which standing sets open, who may open, when opening stops
    (TRIB-5).

    firstresult: the first non-None result wins. Called once per variant; when the
    policy's ``active`` is true the engine asks ``opens`` and ``may_open`` as each
    set is played and ``stopped`` when a round ends on it, and keeps who has opened
    in :attr:`gouji.Game.opened` (shown in every observation). The default is
    ``gouji.engine.open_point.NO_OPEN_POINT``: nobody opens.

    Contract (:mod:`gouji.plugins.policy_answers`, alike in the pure and the compiled build):
    ``opens``, ``may_open`` and ``stopped`` answer truth values, read as ``bool(answer)`` (a value
    ``bool`` refuses is a :class:`~gouji.errors.PluginError` naming the plugin). ``active`` and the
    object's ``bool`` fields are ``True`` or ``False``, checked when the variant is built.

    :return: a :class:`gouji.engine.open_point.OpenPointPolicy` (or a subclass), or
        ``None`` to defer.
    """


@hookspec(firstresult=True)
def gouji_cut(options: Options, rng: random.Random, pile: Sequence[Card], context: GameContext) -> Cut | None:
    """The cut (开牌): who draws first (OPEN-1).

    firstresult: the first non-None result wins. ``pile`` is the shuffled
    pile the game will deal from; ``rng`` is the game's seeded random
    source (draw from it, never from the global ``random``); ``context``
    tells which game of a series this is and how the previous one ended.

    :return: a :class:`gouji.engine.opening.Cut`, or ``None`` to defer.
    """


@hookspec(firstresult=True)
def gouji_deal(options: Options, pile: Sequence[Card], first_drawer: int) -> Deal | None:
    """The deal (摸牌): which seat receives which card, in the order drawn (OPEN-2, DECK-1).

    firstresult: the first non-None result wins. ``pile`` is the shuffled pile,
    after the cut; ``first_drawer`` is the seat the cut named. The default,
    ``gouji.engine.opening.deal``, gives one card at a time in play order from the
    first drawer; a plugin may hand some cards out first (``dagang196``: one 3
    and one 4 to each player, C§1 "每人一个"). Every card of ``pile`` must be
    dealt exactly once.

    :return: a :class:`gouji.engine.opening.Deal`, or ``None`` to defer.
    """


@hookspec(firstresult=True)
def gouji_first_leader(options: Options, deal: Deal, context: GameContext) -> int | None:
    """The seat that leads the first set (上班, OPEN-3).

    firstresult: the first non-None result wins. ``deal`` holds the first
    drawer and every card in the order it was drawn.

    :return: a seat 0-5, or ``None`` to defer.
    """


@hookspec(firstresult=True)
def gouji_tribute(options: Options, game: PluginGame, context: GameContext) -> Phase | None:
    """The tribute (进贡) to settle after the deal and before the first lead (TRIB-1..9).

    firstresult: the first non-None result wins. ``provincial`` has no
    tribute and returns ``None``. The phase's choices (which card to give,
    return or refuse) are actions of the game loop. A phase's ``actor`` answers a
    seat 0-5 (an ``int``, not a ``bool``) or ``None``; anything else is a
    :class:`~gouji.errors.PluginError` naming the phase, in both builds.

    :return: a :class:`gouji.engine.phases.Phase`, or ``None`` for no tribute.
    """


@hookspec
def gouji_pregame_phases(options: Options, game: PluginGame, context: GameContext) -> list[Phase] | None:
    """Other decisions between the deal and the first lead (revolution, 明点, 会3).

    Collecting: the phases of all plugins run in registration order after
    the tribute and the hold-three policy's buying of 3s
    (:func:`gouji_hold_three_policy`). Each phase's choices are actions of the
    game loop; its ``actor`` answers a seat 0-5 (an ``int``, not a ``bool``) or
    ``None``, as :func:`gouji_tribute`'s.

    :return: a list of :class:`gouji.engine.phases.Phase`, or ``None``.
    """


@hookspec
def gouji_forbidden_plays(game: PluginGame, seat: int, plays: Sequence[Play]) -> Mapping[Play, str] | None:
    """Sets a seat may not play now although the core would allow them (a house rule,
    D§15's 挑牌 order; 憋3's own, END-6, are :func:`gouji_hold_three_policy`'s).

    Collecting: the core removes every set named by any plugin from the
    legal actions. Called once per decision with the candidate sets, and
    only when at least one plugin implements it.

    :return: ``{set: rule ID}`` for the sets to forbid, or ``None``.
    """


@hookspec(firstresult=True)
def gouji_last_set_owner(game: PluginGame, seat: int, play: Play) -> int | None:
    """Whose set a player's last set counts as, for who may answer it (END-3).

    firstresult: the first non-None result wins. Called when ``seat`` goes
    out with ``play``. The default answers ``seat``; provincial makes 头科's
    gouji last set count as his lower player's.

    :return: a seat 0-5, or ``None`` to defer.
    """


@hookspec(firstresult=True)
def gouji_score(options: Options, finish_order: Sequence[int], game: PluginGame | None) -> Score | None:
    """The score of a finished game from its finish order (SCORE-1..5).

    firstresult: the first non-None result wins. ``finish_order`` lists the
    six seats, first place first. ``game`` is ``None`` when a score is asked
    for a bare finish order (``Variant.score``).

    :return: a :class:`gouji.engine.scoring.Score`, or ``None`` to defer.
    """


@hookspec
def gouji_score_adjustments(options: Options, game: PluginGame, score: Score) -> list[Adjustment] | None:
    """Bonus and penalty points added to a game's score (SCORE-3).

    Collecting: the core adds every plugin's adjustments to the score.

    :return: a list of :class:`gouji.engine.scoring.Adjustment`, or ``None``.
    """


@hookspec
def gouji_extra_actions(game: PluginGame, seat: int) -> list[Action] | None:
    """Actions of a plugin's own that ``seat`` may take now, beside the core's.

    Collecting: the core appends every plugin's actions to
    ``legal_actions()`` during play (for example a play clock's timeout, or
    a 挑牌 request). Called once per decision, and only when at least one
    plugin implements it. Each action type must be registered with
    :func:`gouji.engine.actions.register_action` so records can be read back, and
    carried out by :func:`gouji_apply_action`.

    :return: a list of actions, or ``None``.
    """


@hookspec(firstresult=True)
def gouji_apply_action(game: PluginGame, seat: int, action: Action) -> bool | None:
    """Carry out an action that :func:`gouji_extra_actions` offered.

    firstresult: the first non-None result wins. The plugin changes the game
    only through the change methods of :class:`gouji.plugins.surface.PluginGame`
    (``transfer``, ``retire``, ``log``, ``reorder_answering`` …).

    :return: ``True`` when this plugin carried the action out, else ``None``.
    """


@hookspec(firstresult=True)
def gouji_next_context(options: Options, game: PluginGame, context: GameContext) -> GameContext | None:
    """What the next game of a series knows of the one just finished.

    firstresult: the first non-None result wins. The default counts the
    game, keeps the finish order and the first drawer, and carries nothing
    else. Tribute owed, scores and who cuts next travel in
    ``GameContext.carry``.

    :return: a :class:`gouji.engine.context.GameContext`, or ``None`` to defer.
    """


@hookspec
def gouji_after_action(game: PluginGame, seat: int, action: Action) -> None:
    """React to an action a player has just taken during play (D: a revolutionary
    becomes 三科 once his teammates are 头科 and 二科, OPEN-5; 憋3's smothering is the
    hold-three policy's ``after_action``, :func:`gouji_hold_three_policy`).

    Collecting: called after ``seat``'s ``action`` was carried out and before the
    engine moves on to the next decision; only while the game goes on, only for
    players' actions during play (not for the choices of pre-play phases, nor for
    the passes and closes the engine applies by itself), and only when at least one
    plugin implements it. The plugin may change the game through the change
    methods of :class:`gouji.plugins.surface.PluginGame` (``retire``, ``log``,
    ``grant_dead_gouji``); the engine then settles the
    next decision, so a retired responder is skipped.

    :return: nothing (the result is ignored).
    """


@hookspec
def gouji_precut_phases(options: Options, game: PluginGame, context: GameContext) -> list[Phase] | None:
    """Decisions made before the cut and the deal (D§24 预点, D§21.(六) who of two teammates is 大落).

    Collecting: the phases of all plugins run in registration order, first thing in
    the game, while no card is dealt (hands are empty, ``game.cut`` and
    ``game.deal`` are ``None``); then the engine shuffles, cuts and deals, and the
    tribute and pre-play phases follow. A phase that decides something the cut
    must know records it with :meth:`gouji.Game.add_cut_carry`: the cut and
    every hook after it see it in ``context.carry``. Called once per game, and
    only when at least one plugin implements it.

    :return: a list of :class:`gouji.engine.phases.Phase`, or ``None``.
    """
