"""The variant: a named, frozen set of plugins and validated options.

A :class:`Variant` is immutable; games are created from it with
:meth:`Variant.new_game` and advanced only by actions.
"""

from __future__ import annotations

import os
import secrets
import sys
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

import attrs
import pluggy

from gouji.engine.burning import BurnPolicy
from gouji.engine.cards import Card, Suit, rank_name
from gouji.engine.comparison import SetRules
from gouji.engine.context import GameContext, check_context
from gouji.engine.hold_three import HoldThreePolicy
from gouji.engine.open_point import OpenPointPolicy
from gouji.engine.plays import Play
from gouji.engine.scoring import Score, check_finish_order
from gouji.engine.seed import check_seed
from gouji.engine.state import CoreOptions
from gouji.engine.table import Table
from gouji.errors import GoujiError, OptionError, PluginError
from gouji.plugins.hook_results import CHECKS, short
from gouji.plugins.hookspecs import ASKED_AT
from gouji.plugins.manager import build_plugin_manager, load_entry_point_plugin, load_file_plugin
from gouji.plugins.options import Options, OptionSpec, resolve_options
from gouji.plugins.policy_answers import origin, played
from gouji.plugins.vocabulary import Vocabulary, collect_vocabulary

if TYPE_CHECKING:
    from gouji.engine.game import Game
    from gouji.engine.opening import Dealt

TRACE_ENV = "GOUJI_TRACE_HOOKS"
#: Hooks called while a game is played: a third-party one makes ``apply`` keep a copy to restore.
#: Every hook but the options (their specs and checks) runs, or builds what runs, while a game is played (a deck
#: hook's bad deal surfaces only as the phases end).
_GAME_HOOKS = (
    "gouji_forbidden_plays", "gouji_last_set_owner", "gouji_score", "gouji_score_adjustments",
    "gouji_extra_actions", "gouji_apply_action", "gouji_after_action",
    "gouji_tribute", "gouji_pregame_phases", "gouji_precut_phases",
    "gouji_hold_three_policy", "gouji_open_point_policy",
    "gouji_deck", "gouji_cut", "gouji_first_leader", "gouji_set_rules", "gouji_burn_policy",
)


@attrs.frozen
class Variant:
    """One ruleset: its name, its plugins (entry-point names and files) and options.

    Build one with :func:`gouji.load_variant` or :meth:`Variant.build`.
    """

    name: str
    description: str
    plugins: tuple[str, ...]
    plugin_files: tuple[str, ...]
    options: Options
    source: str | None = None
    plugin_manager: pluggy.PluginManager = attrs.field(eq=False, repr=False, default=None)
    set_rules: SetRules = attrs.field(eq=False, repr=False, default=None)
    table: Table = attrs.field(eq=False, repr=False, default=None)
    burn_policy: BurnPolicy = attrs.field(eq=False, repr=False, default=None)
    hold_three_policy: HoldThreePolicy = attrs.field(eq=False, repr=False, default=None)
    open_point_policy: OpenPointPolicy = attrs.field(eq=False, repr=False, default=None)
    #: ``{hook name: caller}``, bound on first use (:meth:`call_hook`); a new variant
    #: (``attrs.evolve``, unpickling) starts with none.
    _callers: dict[str, Callable[[dict[str, Any]], Any]] = attrs.field(
        init=False, eq=False, repr=False, factory=dict)
    #: What every game asks of the plugins once (has_hook_implementations …), found once.
    _facts: dict[str, bool] = attrs.field(init=False, eq=False, repr=False, factory=dict)
    #: The vocabulary, gathered on first use (:attr:`vocabulary`).
    _terms: list[Vocabulary] = attrs.field(init=False, eq=False, repr=False, factory=list)
    #: The core options its games read as they play, built on first use (:attr:`core_options`).
    _core: list[CoreOptions] = attrs.field(init=False, eq=False, repr=False, factory=list)
    #: The rule objects as its games play them, built on first use (:attr:`played_policies`).
    _played: list[tuple[SetRules, BurnPolicy, HoldThreePolicy, OpenPointPolicy]] = attrs.field(
        init=False, eq=False, repr=False, factory=list)

    @classmethod
    def build(
        cls,
        name: str,
        plugins: Sequence[str] = (),
        options: Mapping[str, Any] | None = None,
        plugin_files: Sequence[str | os.PathLike[str]] = (),
        description: str = "",
        source: str | None = None,
    ) -> Variant:
        """Load the plugins, validate the options, and freeze the result."""
        _check_plugin_lists(plugins, plugin_files)
        loaded = [(p, load_entry_point_plugin(p), f"entry point {p!r}") for p in plugins]
        files = tuple(str(Path(f).resolve()) for f in plugin_files)
        loaded += [(f, load_file_plugin(Path(f)), f) for f in files]
        pm = build_plugin_manager(loaded)
        if os.environ.get(TRACE_ENV):
            pm.trace.root.setwriter(sys.stderr.write)
            pm.enable_tracing()
        specs = _collect_option_specs(pm)
        where = source or f"variant {name!r}"
        resolved = resolve_options(specs, options or {}, where)
        variant = cls(name, description, tuple(plugins), files, resolved, source, pm)
        variant.call_hook("gouji_check_options", options=resolved)  # every plugin's, before any answer
        rules = variant.call_hook("gouji_set_rules", options=resolved)
        burn = variant.call_hook("gouji_burn_policy", options=resolved)
        hold = variant.call_hook("gouji_hold_three_policy", options=resolved)
        opening = variant.call_hook("gouji_open_point_policy", options=resolved)
        variant.call_hook("gouji_deck", options=resolved)  # a deck too small or too big is refused now
        return attrs.evolve(variant, set_rules=rules, burn_policy=burn, hold_three_policy=hold,
                            open_point_policy=opening, table=Table(resolved["direction"]))

    # -- pickling and copying ----------------------------------------------
    # The plugin manager holds modules, which cannot be pickled: a variant travels
    # as its definition (name, plugins, files, options) and is built again on load.
    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (self.name, self.plugins, self.options.to_plain(), self.plugin_files,
                           self.description, self.source))

    def __copy__(self) -> Variant:
        return self  # immutable: games share their variant

    def __deepcopy__(self, memo: dict[int, Any]) -> Variant:
        return self

    def with_options(self, /, **overrides: Any) -> Variant:
        """The same variant with some options changed (validated again)."""
        options = {**self.options.to_plain(), **overrides}
        try:
            return Variant.build(self.name, self.plugins, options, self.plugin_files, self.description,
                                 self.source)
        except OptionError as error:
            # The file was valid: the option at fault came from the caller, so say so.
            text, where = str(error), f"{self.source or f'variant {self.name!r}'}: "
            said = f"changing the options of variant {self.name!r}: "
            raise OptionError(said + text.removeprefix(where) if text.startswith(where) else text) from None

    # -- hooks -----------------------------------------------------------
    def call_hook(self, hook_name: str, **kwargs: Any) -> Any:
        """Call a hook; an exception inside a plugin becomes a :class:`PluginError`
        naming the plugin, the hook and the file."""
        return self.hook_caller(hook_name)(kwargs)

    @property
    def core_options(self) -> CoreOptions:
        """The core options the engine reads as it plays, one frozen value built once for the
        variant and shared by its games."""
        if not self._core:
            self._core.append(CoreOptions.of(self.options))
        return self._core[0]

    @property
    def played_policies(self) -> tuple[SetRules, BurnPolicy, HoldThreePolicy, OpenPointPolicy]:
        """The set rules and the burn, hold-three and open-point policies as this variant's games
        play them, built once: each the hook's answer itself where every method the round asks of
        it is gouji's own code, else the answer wrapped so that what it answers is taken as the
        hook's contract says, alike in the pure and the compiled build
        (:func:`gouji.plugins.policy_answers.played`)."""
        if not self._played:
            answers = (("gouji_set_rules", self.set_rules), ("gouji_burn_policy", self.burn_policy),
                       ("gouji_hold_three_policy", self.hold_three_policy),
                       ("gouji_open_point_policy", self.open_point_policy))
            rules, burn, hold, point = (played(hook, value, self._policy_origin(hook, value))
                                        for hook, value in answers)
            self._played.append((rules, burn, hold, point))
        return self._played[0]

    def _policy_origin(self, hook_name: str, value: object) -> str:
        """The answer of a policy hook as a refusal names it: the object, the hook, and the plugin
        whose module defines its class (else every plugin outside gouji that answers the hook)."""
        module = sys.modules.get(type(value).__module__)
        impls = list(reversed(getattr(self.plugin_manager.hook, hook_name).get_hookimpls()))
        impls = [i for i in impls if i.plugin is module] or [i for i in impls if not _is_builtin(i.plugin)]
        return origin(value, hook_name, [_plugin_name(impl) for impl in impls])

    def hook_caller(self, hook_name: str) -> Callable[[dict[str, Any]], Any]:
        """What :meth:`call_hook` calls for ``hook_name``, taking the keywords as one dict: the
        engine keeps it for the hooks it calls at every decision. Same answers, same checks."""
        caller = self._callers.get(hook_name)
        if caller is None:
            caller = self._callers[hook_name] = self._bind(hook_name)
        return caller

    def _bind(self, hook_name: str) -> Callable[[dict[str, Any]], Any]:
        """The caller of one hook, made once per variant: the implementations are called
        directly, in pluggy's order and with pluggy's semantics (all answers but ``None``;
        with ``firstresult`` the first of them), which costs a fraction of pluggy's call.
        Hooks with wrappers, a traced plugin manager, or a call whose keywords are not the
        spec's go through pluggy itself.

        The answers are checked (:data:`gouji.plugins.hook_results.CHECKS`) unless every
        implementation is gouji's own (``gouji.rules.*``): those are typed under
        ``mypy --strict`` to answer what the checks accept, and the test suite plays them
        in every variant; a third-party implementation of the hook keeps every check."""
        hook = getattr(self.plugin_manager.hook, hook_name)
        impls = list(reversed(hook.get_hookimpls()))
        check = CHECKS.get(hook_name)
        if check is not None and all(_is_builtin(impl.plugin) for impl in impls):
            check = None
        firstresult = bool(hook.spec is not None and hook.spec.opts.get("firstresult", False))
        spec_names = set(hook.spec.argnames) if hook.spec is not None else None
        direct = spec_names is not None and not os.environ.get(TRACE_ENV) and all(
            not (impl.hookwrapper or impl.wrapper or impl.kwargnames) for impl in impls)
        # An implementation taking every argument of the spec is called with the keywords
        # as they come; others get theirs picked out (``None``), as pluggy does.
        functions = tuple((impl.function, None if set(impl.argnames) == spec_names else tuple(impl.argnames))
                          for impl in impls)

        def checked(result: Any) -> Any:
            expected = check(result) if check is not None else None
            if expected is not None:
                raise PluginError(f"hook {hook_name} answered {short(result)}, expected {expected}; "
                                  f"answered by {_answerers(hook)}")
            return result

        def failure(exc: BaseException) -> PluginError:
            return PluginError(_describe_failure(hook, hook_name, exc))

        call_pluggy = self._bind_pluggy(hook, checked, failure)
        if not direct:
            return call_pluggy

        if len(functions) == 1 and functions[0][1] is None and check is None:
            # The common case in play: one implementation, gouji's own.
            only = functions[0][0]

            def call_one(kwargs: dict[str, Any]) -> Any:
                if kwargs.keys() != spec_names:
                    return call_pluggy(kwargs)
                try:
                    answer = only(**kwargs)
                except GoujiError:
                    raise
                except (Exception, SystemExit) as exc:
                    raise failure(exc) from exc
                if firstresult:
                    return answer
                return [] if answer is None else [answer]
            return call_one

        def call_all(kwargs: dict[str, Any]) -> Any:
            if kwargs.keys() != spec_names:
                return call_pluggy(kwargs)
            try:
                if firstresult:
                    result = None
                    for function, names in functions:
                        answer = function(**kwargs) if names is None else function(*[kwargs[n] for n in names])
                        if answer is not None:
                            result = answer
                            break
                else:
                    result = []
                    for function, names in functions:
                        answer = function(**kwargs) if names is None else function(*[kwargs[n] for n in names])
                        if answer is not None:
                            result.append(answer)
            except GoujiError:
                raise
            except (Exception, SystemExit) as exc:
                raise failure(exc) from exc
            return checked(result)

        return call_all

    @staticmethod
    def _bind_pluggy(hook: Any, checked: Callable[[Any], Any],
                     failure: Callable[[BaseException], PluginError]) -> Callable[[dict[str, Any]], Any]:
        def call(kwargs: dict[str, Any]) -> Any:
            try:
                result = hook(**kwargs)
            except GoujiError:
                raise
            except (Exception, SystemExit) as exc:
                raise failure(exc) from exc
            return checked(result)
        return call

    def has_hook_implementations(self, hook_name: str) -> bool:
        """Does any plugin of this variant (the core defaults included) answer ``hook_name``?"""
        known = self._facts.get(hook_name)
        if known is None:
            known = self._facts[hook_name] = bool(getattr(self.plugin_manager.hook, hook_name).get_hookimpls())
        return known

    def hook_asked_at(self, hook_name: str, decision: str) -> bool:
        """Must ``hook_name`` be called at ``decision`` (``"lead"``, ``"respond"``,
        ``"restricted"``)? Yes when some implementation declares it (:func:`gouji.plugins.hookspecs.asked_at`)
        or declares nothing; no implementation at all: no."""
        key = f"{hook_name} at {decision}"
        known = self._facts.get(key)
        if known is None:
            known = self._facts[key] = any(
                decision in getattr(impl.function, ASKED_AT, (decision,))
                for impl in getattr(self.plugin_manager.hook, hook_name).get_hookimpls())
        return known

    def has_third_party_game_hooks(self) -> bool:
        """Does a plugin outside gouji itself run while games are played?"""
        known = self._facts.get("")
        if known is None:
            known = self._facts[""] = any(
                not _is_builtin(impl.plugin)
                for hook_name in _GAME_HOOKS
                for impl in getattr(self.plugin_manager.hook, hook_name).get_hookimpls()
            )
        return known

    def hook_answers(self) -> dict[str, list[str]]:
        """``{hook: [plugin names, first asked first]}`` for ``gouji show``."""
        out = {}
        for hook_name in sorted(h for h in dir(self.plugin_manager.hook) if h.startswith("gouji_")):
            impls = getattr(self.plugin_manager.hook, hook_name).get_hookimpls()
            out[hook_name] = [impl.plugin_name for impl in reversed(impls)]
        return out

    def house_implementations(self, hook_name: str) -> list[str]:
        """The plugins outside gouji itself that implement ``hook_name``, first asked first."""
        impls = getattr(self.plugin_manager.hook, hook_name).get_hookimpls()
        return [impl.plugin_name for impl in reversed(impls) if not _is_builtin(impl.plugin)]

    @property
    def vocabulary(self) -> Vocabulary:
        """Every decision, event and phase this variant's plugins declare (``gouji_vocabulary``),
        gathered once per variant."""
        if not self._terms:
            self._terms.append(collect_vocabulary(self.plugin_manager))
        return self._terms[0]

    def option_specs(self) -> list[OptionSpec]:
        """Every option of this variant, each naming the plugin that declared it."""
        return _collect_option_specs(self.plugin_manager)

    # -- judging sets ------------------------------------------------------
    def is_gouji(self, play: Play) -> bool:
        """GOUJI-1: is this a gouji set (够级牌)?"""
        return self.set_rules.is_gouji(play)

    def beats(self, new: Play, old: Play) -> bool:
        """PLAY-4/5/6: may ``new`` cover ``old``, judged on the two sets alone?"""
        return self.set_rules.beats(new, old)

    def deck(self) -> list[Card]:
        """The cards of one game before shuffling (DECK-1)."""
        return list(self.call_hook("gouji_deck", options=self.options))

    def score(self, finish_order: Sequence[int]) -> Score:
        """The score of a finish order (seats, first place first)."""
        order = check_finish_order(finish_order)
        score: Score = self.call_hook("gouji_score", options=self.options, finish_order=order, game=None)
        return score

    # -- games ---------------------------------------------------------------
    def new_position(self, hands: Mapping[int, str | Sequence[Card]] | Sequence[str | Sequence[Card]],
                     leader: int) -> Game:
        """A game from a chosen position, for tests, puzzles and teaching.

        ``hands`` gives each seat's cards (a list of :class:`Card` or their
        text, ``"大王 2 9 9"``; suits default to spades); seats left out hold
        nothing and count as already out. No cut, deal or pre-play phase
        happens; ``leader`` leads the first set.
        """
        from gouji.engine.game import Game

        if isinstance(hands, Mapping):
            given = {_seat_key(k): h for k, h in hands.items()}
        elif isinstance(hands, Sequence) and not isinstance(hands, (str, bytes)) and len(hands) <= 6:
            given = dict(enumerate(hands))
        else:
            raise GoujiError(f"hands are six hands or a mapping of seats to hands, not {short(hands)}")
        if (not all(0 <= s < 6 for s in given) or not isinstance(leader, int) or isinstance(leader, bool)
                or not 0 <= leader < 6):
            raise GoujiError("seats are 0-5")
        parsed = [_parse_hand(s, given.get(s, [])) for s in range(6)]
        if not parsed[leader]:
            raise GoujiError(f"the leader, seat {leader}, holds no cards")
        # A position holds no more cards of a rank than the deck: the number of sets a hand
        # can make grows fast with its jokers and 2s, so a made-up hand could exhaust memory.
        # Puzzles may hold a few more than the deck (seventeen 3s); never more than twice a
        # full pack of the variant's decks.
        pack = self.deck()
        deck = Counter(card.rank for card in pack)
        decks = self.options["decks"]
        # What a deal of this variant can hold: no seat more than its share of the pack,
        # all seats together no more than the pack (the work of one legal-action list grows
        # with the hand: this bounds it, see docs/security.rst).
        share = -(-len(pack) // 6)
        for seat, hand in enumerate(parsed):
            if len(hand) > share:
                raise GoujiError(f"seat {seat} holds {len(hand)} cards; a deal of variant {self.name!r} "
                                 f"gives a seat at most {share} ({len(pack)} cards among six)")
        if sum(map(len, parsed)) > len(pack):
            raise GoujiError(f"the position holds {sum(map(len, parsed))} cards; the pack of variant "
                             f"{self.name!r} has {len(pack)}")
        held = Counter(card.rank for hand in parsed for card in hand)
        for rank, count in held.items():
            most = 2 * max(deck[rank], (2 if rank >= 16 else 4) * decks)
            if count > most:
                raise GoujiError(f"the position holds {count} cards of rank {rank_name(rank)}; "
                                 f"at most {most} (the deck has {deck[rank]})")
        return Game.start_position(self, parsed, leader)

    def new_game(self, seed: int | None = None, context: GameContext | None = None, *,
                 deal: Dealt | None = None, viewer: int | None = None) -> Game:
        """A new game of this variant, fully determined by ``seed`` and later actions.

        Without ``seed``, the deal comes from a secret random one (``secrets``, 63 bits),
        which the game's ``seed`` and record hold. The seed reveals every
        hand: a server keeps it, and the record, to itself until the game ends.

        ``deal``: the cut, the six hands and the first leader given instead of shuffled and
        drawn (:class:`gouji.engine.opening.Dealt`: every card of the variant's pack once, as
        many to each seat as the variant deals it; a determinization, a deal played again at
        another table); the pre-play phases run as usual and the record holds the deal.
        ``viewer``: the seat whose view the log keeps: an event that seat may not see is not
        logged, another seat's decline is logged as the word the table hears (a
        determinization of that seat's, which must hold nothing it may not see); the record
        does not hold it."""
        from gouji.engine.game import Game

        if seed is None:
            seed = secrets.randbits(SECRET_SEED_BITS)
        check_seed(seed)
        if context is not None:
            check_context(context)
        if deal is not None:
            deal = self._check_deal(deal)
        if viewer is not None and (not isinstance(viewer, int) or isinstance(viewer, bool) or not 0 <= viewer < 6):
            raise GoujiError(f"a viewer is a seat 0-5, not {short(viewer)}")
        return Game.start(self, seed, context or GameContext.first(), deal, viewer)

    def _check_deal(self, deal: Dealt) -> Dealt:
        """The given deal, of plain tuples, if it holds the variant's pack, each card once, in six
        hands of the sizes the variant deals, and names seats."""
        from gouji.engine.opening import Cut, Dealt

        if not isinstance(deal, Dealt) or not isinstance(deal.cut, Cut):
            raise GoujiError(f"a deal is a gouji.engine.opening.Dealt, not {short(deal)}")
        cut = deal.cut
        if not all(isinstance(s, int) and not isinstance(s, bool) and 0 <= s < 6
                   for s in (cut.cutter, cut.first_drawer, deal.leader)):
            raise GoujiError("the cutter, the first drawer and the leader of a deal are seats 0-5")
        # Cards of the Card class itself, in tuples of the tuple class itself: the game is dealt
        # from what was checked (a tuple's subclass could index other cards than it iterates).
        if (not isinstance(deal.hands, tuple) or len(deal.hands) != 6
                or not all(isinstance(h, tuple) and all(type(c) is Card for c in h) for h in deal.hands)):
            raise GoujiError("a deal's hands are six tuples of cards")
        hands = tuple(tuple(h) for h in deal.hands)
        cards = self.deck()
        pack = Counter(cards)
        if Counter(c for h in hands for c in h) != pack:
            raise GoujiError(f"a deal's hands hold the pack of variant {self.name!r}, each card once")
        # A joker drawn at the cut is put back and drawn again (OPEN-1): a cut may show a joker
        # more often than the pack holds it (one deck's small joker twice) as the draws go on
        # to a card that is no joker; never another card more often, nor a card the pack does
        # not hold, nor more cards than the pack.
        if (not isinstance(cut.cards, tuple) or not all(type(c) is Card and c in pack for c in cut.cards)
                or len(cut.cards) > len(cards)
                or not Counter(c for c in cut.cards if not c.is_joker) <= pack
                or (not Counter(cut.cards) <= pack and cut.cards[-1].is_joker)):
            raise GoujiError(f"a deal's cut shows cards of the pack of variant {self.name!r}")
        cut = Cut(cut.cutter, tuple(cut.cards), cut.first_drawer)
        # As many cards to each seat as the variant's own deal gives from that first drawer
        # (a stranger's record may not hand one seat 37 cards and another 35). The sizes are
        # those of dealing the pack in its order: a deal whose sizes hang on the shuffle has none.
        dealt = self.call_hook("gouji_deal", options=self.options, pile=tuple(cards),
                               first_drawer=cut.first_drawer)
        sizes = [0] * 6
        for seat, _ in dealt.draws:
            sizes[seat] += 1
        given = [len(h) for h in hands]
        if given != sizes:
            raise GoujiError(f"a deal's hands hold {given} cards; variant {self.name!r} deals {sizes} "
                             f"when seat {cut.first_drawer} draws first")
        if not hands[deal.leader]:
            raise GoujiError(f"seat {deal.leader} leads first, but its hand is dealt no card")
        return Dealt(cut, hands, deal.leader)


#: The size of the secret seed a game dealt without one gets (within a record's range).
SECRET_SEED_BITS = 63

_REBUILT: dict[str, Variant] = {}


def _rebuild(name: str, plugins: tuple[str, ...], options: dict[str, Any], plugin_files: tuple[str, ...],
             description: str, source: str | None) -> Variant:
    """A pickled variant, built again from its definition; one build per process and definition,
    so that unpickling many games does not load the plugins many times."""
    key = _definition_key(name, plugins, options, plugin_files, description, source)
    variant = _REBUILT.get(key)
    if variant is None:
        variant = Variant.build(name, plugins, options, plugin_files, description, source)
        _REBUILT[key] = variant
    return variant


def _definition_key(name: str, plugins: tuple[str, ...], options: dict[str, Any], plugin_files: tuple[str, ...],
                    description: str, source: str | None) -> str:
    return repr((name, tuple(plugins), sorted(options.items()), tuple(plugin_files), description, source))


def remember_for_unpickling(variant: Variant) -> None:
    """Let this process (and processes forked from it) unpickle ``variant`` as this very object,
    without building it again."""
    _REBUILT[_definition_key(*variant.__reduce__()[1])] = variant


def _seat_key(key: object) -> int:
    if isinstance(key, bool) or not isinstance(key, (int, str)) or (isinstance(key, str) and not (
            key.isascii() and key.isdigit() and len(key) == 1)):
        raise GoujiError(f"a seat is 0-5, not {short(key)}")
    return int(key)


def _parse_hand(seat: int, hand: str | Sequence[Card]) -> list[Card]:
    if isinstance(hand, str) and len(hand) > 2000:
        raise GoujiError(f"hand of seat {seat}: at most 2000 characters of card text")
    if isinstance(hand, str):
        from gouji.engine.cards import parse_card_text

        words = hand.replace(",", " ").split()
        cards = []
        for word in words:
            rank, suit = parse_card_text(word)
            cards.append(Card(rank, suit if suit is not None or rank >= 16 else Suit.SPADES))
        return cards
    if not isinstance(hand, Sequence) or not all(isinstance(c, Card) for c in hand):
        raise GoujiError(f"hand of seat {seat}: expected cards or their text, got {hand!r}")
    return [card for card in hand if isinstance(card, Card)]


def _collect_option_specs(pm: pluggy.PluginManager) -> list[OptionSpec]:
    # Called one by one so that each spec can name the plugin that declared it.
    hook = pm.hook.gouji_option_specs
    specs: list[OptionSpec] = []
    for impl in reversed(hook.get_hookimpls()):
        try:
            plugin_specs = cast("list[OptionSpec] | None", impl.function())  # the hookspec's answer
        except (Exception, SystemExit) as exc:
            raise PluginError(_describe_failure(hook, "gouji_option_specs", exc)) from exc
        if plugin_specs is not None and (not isinstance(plugin_specs, (list, tuple))
                                         or not all(isinstance(s, OptionSpec) for s in plugin_specs)):
            raise PluginError(f"plugin {impl.plugin_name!r}: hook gouji_option_specs answered "
                              f"{short(plugin_specs)}, expected a list of OptionSpec")
        specs += [attrs.evolve(s, plugin=s.plugin or impl.plugin_name) for s in plugin_specs or ()]
    return specs


#: The most plugins (names and files together) one variant loads.
MAX_VARIANT_PLUGINS = 32


def _check_plugin_lists(plugins: Sequence[str], plugin_files: Sequence[str | os.PathLike[str]]) -> None:
    """Bounded lists of short names and paths, checked before any path is resolved or imported."""
    for what, items in (("plugins", plugins), ("plugin_files", plugin_files)):
        if isinstance(items, (str, bytes)) or not isinstance(items, Sequence):
            raise PluginError(f"{what}: expected a list, got {short(items)}")
        if len(items) > MAX_VARIANT_PLUGINS:
            raise PluginError(f"{what}: a variant loads at most {MAX_VARIANT_PLUGINS}, got {len(items)}")
        for item in items:
            if not isinstance(item, (str, os.PathLike)) or len(os.fspath(item)) > 1024:
                raise PluginError(f"{what}: expected names or paths of at most 1024 characters, "
                                  f"got {short(item)}")


_RULES_DIR = Path(__file__).resolve().parents[1] / "rules"


def _is_builtin(plugin: object) -> bool:
    """Is ``plugin`` one of gouji's own rule modules (the base defaults included)?

    A name is not enough: a plugin file or object may call itself ``gouji.rules.x``. The
    module must be the one imported under that name, from gouji's own ``rules`` folder."""
    name = getattr(plugin, "__name__", "")
    if not isinstance(name, str) or not name.startswith("gouji.rules.") or sys.modules.get(name) is not plugin:
        return False
    origin = getattr(plugin, "__file__", None)
    return isinstance(origin, str) and Path(origin).resolve().is_relative_to(_RULES_DIR)


def _plugin_name(impl: Any) -> str:
    """A plugin as an error names it: its name, and its file where that is another."""
    where = getattr(impl.plugin, "__file__", None)
    return f"plugin {impl.plugin_name!r}" + (f" ({where})" if where and where != impl.plugin_name else "")


def _answerers(hook: Any) -> str:
    """The plugins that implement ``hook``, first asked first, with their files."""
    impls = list(reversed(hook.get_hookimpls()))
    names = [f"plugin {impl.plugin_name!r} ({getattr(impl.plugin, '__file__', None) or impl.plugin!r})"
             for impl in impls]
    return " or ".join(names) or "no plugin"


def _describe_failure(hook: Any, hook_name: str, exc: BaseException) -> str:
    codes = {impl.function.__code__: impl for impl in hook.get_hookimpls()}
    tb = exc.__traceback__
    culprit = None
    while tb is not None:
        impl = codes.get(tb.tb_frame.f_code)
        if impl is not None:
            culprit = impl
        tb = tb.tb_next
    if culprit is None:
        return f"hook {hook_name} failed: {exc!r}"
    origin = getattr(culprit.plugin, "__file__", None) or repr(culprit.plugin)
    return f"plugin {culprit.plugin_name!r} ({origin}) raised in hook {hook_name}: {exc!r}"
