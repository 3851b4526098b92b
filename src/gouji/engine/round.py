"""How a round flows (ROUND-1..6, GOUJI-2/3, BURN-1..5, END-1..5): the part of
:class:`gouji.engine.game.Game` that decides who answers a set and what happens next.

The engine's reading of a round (:ref:`the rules reference <rules-reference>`,
rules ROUND-1 to ROUND-6): after every set the engine builds
the queue of seats that may still answer it. For a gouji set while its
owner's opposite is in and the melee has not begun, the queue is the burn
offers (BURN-2) and then the opposite (GOUJI-2); for any other set it is
everyone who has not passed, in turn order (a pass ends no round with four or
fewer left, P§12; in the round of a last set D§16 bars every passer but the
finished player's opposite, END-3). When the queue runs dry the
owner's opposite has the last word (ROUND-3) unless his own decline was the
last; then the set stands and its owner leads (ROUND-5), or the next player
in if the owner went out (END-4). Going out, the melee and failed burns
(END-1, END-5, BURN-4) are here too.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from itertools import compress
from typing import TYPE_CHECKING, Any, cast

from gouji.engine.actions import CLOSE, PASS, TAKE_WIND, YIELD, Action, Burn, Close, Pass, PlaySet, TakeWind, Yield
from gouji.engine.cards import BIG_JOKER, SMALL_JOKER, TWO, n_cards
from gouji.engine.events import PLACE_NAMES, Event
from gouji.engine.plays import Play
from gouji.engine.sets import _lead_sets, _sets_of_size
from gouji.engine.state import GameState
from gouji.errors import GoujiError

try:
    from mypy_extensions import mypyc_attr
except ImportError:  # mypy_extensions comes with mypy; the core does not depend on it
    from gouji.engine.state import no_mypyc_attr as mypyc_attr

if TYPE_CHECKING:
    from gouji.engine.game import Game

#: What the current decision is: a lead, an answer to the set on the table,
#: a choice of a pre-play phase, or nothing (the game is over).
LEAD, RESPOND, PHASE, OVER = "lead", "respond", "phase", "over"
_CORE_ACTIONS = (PlaySet, Burn, Pass, Close, Yield, TakeWind)


# Compiled (GOUJI_COMPILE=1, hatch_build.py), a Python class all the same: its methods are
# compiled, a game's state stays in its __dict__ as GameState declares it (clone, pickles), and
# Game, in a module left as Python, subclasses it.
@mypyc_attr(native_class=False)
class RoundFlow(GameState):
    """The round's rules, as methods of :class:`gouji.engine.game.Game` (the state they
    share is declared in :class:`gouji.engine.state.GameState`)."""

    # -- round state ---------------------------------------------------------------
    def _reset_round(self, leader: int | None) -> None:
        self.top = None
        self.owner = None
        self.anchor = None
        self.restricted = False
        self.passed = set()
        self.yielded = set()
        self.melee_passes = set()
        self.queue = []
        self.last_decliner = None
        self.last_word_given = False
        self.yield_window = False
        self.dead_gouji_seat = None
        self.dead_burns_only = False
        self.last_set_opposites = set()
        self._top_opens = False  # TRIB-5: the set on the table opens its owner if it stands
        self.actor = leader
        self.kind = LEAD
        self._legal = None
        self._legal_set = None
        if self._melee_due:
            self._melee_due = False
            self._start_melee_if_due()

    def _settle(self) -> None:
        """Move on to the next real decision, applying forced ones (a pass with no
        cover to play, a close with nothing to cover with) automatically."""
        while True:
            self._legal = self._legal_set = None
            self._forced_decline = False
            if self.kind == OVER:
                return
            if self.phases:
                phase = self.phases[0]
                if not self._phase_started:
                    # A phase's work that needs nobody's decision (Phase.start).
                    self._phase_started = True
                    start = getattr(phase, "start", None)
                    if start is not None:
                        start(self)
                        if self.kind == OVER:
                            return
                # Read as any answer (typed, compiled code would take a float for no seat and a
                # bool for an int): a seat 0-5 or None, else refused alike in both builds.
                actor = cast(Any, phase).actor(self._game)
                if actor is not None and (not isinstance(actor, int) or isinstance(actor, bool)
                                          or not 0 <= actor < 6):
                    from gouji.plugins.policy_answers import phase_actor_refused

                    raise phase_actor_refused(phase, actor)
                if actor is None:
                    self.phases.pop(0)
                    self._phase_started = False
                    if not self.phases:
                        if self._cut_pending:
                            self._cut_pending = False
                            self._cut_and_deal()
                        elif self._resume is not None:
                            # Phases added during play (add_phase): back where the game stood.
                            self.kind, self.actor = self._resume
                            self._resume = None
                        else:
                            self.kind = LEAD
                            self.actor = self._lead_seat(self.first_leader)
                    continue
                self.kind, self.actor = PHASE, actor
                # Its legal actions now, as a lead's or an answer's below: the next action is
                # checked against them, and whoever asks first (a view, a bot) does not pay.
                self._legal = self._compute_legal()
                return
            if self.kind == LEAD:
                self.actor = self._lead_seat(self.actor)
                legal = self._compute_legal()
                if not legal:
                    self._fail_burn(self.actor)
                    continue
                self._legal = legal
                return
            if not self.queue or self.queue[0] != self.actor:
                # A plugin took the responder out of play (``retire``).
                self._next_responder()
                continue
            legal = self._compute_legal()
            if len(legal) == 1 and legal[0] in (PASS, CLOSE):
                if not self._core.ask_forced_declines:
                    self._apply_play_action(self.actor, legal[0], automatic=True)
                    continue
                # Asked all the same: the seat's own log still says why (auto-pass), the table's a pass.
                self._forced_decline = True
            self._legal = legal
            return

    def _lead_seat(self, seat: int | None) -> int:
        seat = 0 if seat is None else seat
        return seat if self.playing[seat] else self.next_in_play(seat)

    # -- legal actions ---------------------------------------------------------------
    def _counts(self, seat: int) -> tuple[int, ...]:
        """The seat's cards per rank, kept until its hand changes (every change of a hand goes
        through the engine, which forgets them: ``_hand_changed``)."""
        counts = self._count_cache[seat]
        if counts is None:
            counts = self._count_cache[seat] = tuple([len(s) for s in self.hands[seat]])
        return counts

    def _hand_changed(self, seat: int) -> None:
        self._count_cache[seat] = None
        self._hand_versions[seat] += 1
        self._hand_view[seat] = None

    def _seldom_changed(self) -> None:
        """Count a change of the facts that change seldom (``GameState._seldom_changes``)."""
        self._seldom_changes += 1

    def _compute_legal(self) -> list[Action]:
        if self.kind == OVER:
            return []
        if self.kind == PHASE:
            return list(self.phases[0].legal_actions(self._game))
        seat = self.actor
        assert seat is not None, "a lead or an answer has a seat to decide"
        counts = self._count_cache[seat]
        if counts is None:
            counts = self._counts(seat)
        lead = self.kind == LEAD
        # plays and, in the same order, their PlaySet actions (from the cached tables).
        if lead:
            plays, actions = _lead_sets(counts)
        else:
            top = self.top
            assert top is not None, "an answer answers the set on the table"
            if self._covers is not None:
                plays, actions = self._covers._covers_of(top, counts)
            else:
                beats = self._rules.beats
                plays = [p for size in self._cover_sizes(top) for p in _sets_of_size(counts, size)
                         if beats(p, top)]
                actions = [PlaySet.of(p) for p in plays]
            if not plays and not self._extra_asked[2 if self.restricted else 1]:
                # Nothing to cover with, and no plugin to ask for more (most answers: each
                # one then passes or closes by itself): the declines alone, as below.
                return self._declines(seat, False)
        if seat in self.burners:
            size = self.sizes[seat]
            allows = self._burn.allows
            kept = [i for i, p in enumerate(plays) if allows(p, size)]
            plays, actions = [plays[i] for i in kept], [actions[i] for i in kept]
        # Which of DECISIONS this is: the hooks' callers are skipped where none can answer.
        decision = 0 if lead else 2 if self.restricted else 1
        ask_forbidden = self._forbidden_asked[decision]
        if (self._hold_active or ask_forbidden) and plays:
            # ``self`` is the Game (the ``_game`` property, without its two calls a decision).
            forbidden: Mapping[Play, str] = (self._hold.forbidden_sets(self, seat, plays)  # type: ignore[arg-type]
                                             if self._hold_active else {})
            if ask_forbidden:
                answers = self._call_forbidden({"game": self, "seat": seat, "plays": plays})
                if any(answers):
                    forbidden = dict(forbidden)  # the policy's own mapping stays as it is
                    for answer in answers:
                        forbidden.update(answer or {})
            if forbidden:
                plays, actions = _without(plays, actions, forbidden)
            self._forbidden = forbidden  # for _why_illegal: the plugin's rule ID
        extra: list[Action] = []
        if self._extra_asked[decision]:
            for answer in self._call_extra({"game": self, "seat": seat}):
                extra += answer or ()
        if lead:
            return [*actions, *extra]
        found: list[Action]
        if not plays:
            found = []
        elif self._is_burn(seat):
            found = [Burn.of(p) for p in plays if self._may_burn(counts, p)]
        else:
            found = list(actions)
        return found + self._declines(seat, bool(found)) + extra

    def _may_burn(self, counts: tuple[int, ...], play: Play) -> bool:
        """BURN-1: the hold-three policy judges first whether the burner can still finish
        with his 3s last (END-6); else the burn policy."""
        if self._hold_active:
            verdict = self._hold.may_burn(counts, play)
            if verdict is not None:
                return verdict
        return self._burn.may_burn(counts, play)

    def _is_burn(self, seat: int) -> bool:
        """BURN-1: covering a restricted gouji set that is not your opposite's,
        unless you are headless (END-2)."""
        if not self.restricted:
            return False
        anchor = self.anchor
        assert anchor is not None, "a restricted set is on the table"
        return seat != (anchor + 3) % 6 and self.has_head(seat)

    def _declines(self, seat: int, can_cover: bool) -> list[Action]:
        if self.melee:
            if self.last_word_given and seat == _opposite(self.anchor):
                # D§18 "按规定报牌和扣牌" with D§13 "对头互为法定扣牌人" (melee_last_word).
                return [CLOSE]
            # END-5 (P§19): "pass" ends your round, "yield" keeps your right to play: the
            # yielder is asked again after the others, once a set (so the round ends).
            # Later sets of the round only rise, so a yield without a cover is a pass.
            # Where a pass never ends the round (C), there is nothing to yield.
            # T 二.3.(10) (once): no yield either; the first pass keeps the round, a second ends it.
            if self._core.melee_pass in ("rejoin", "once") or not self._core.yield_allowed:
                return [PASS]
            if can_cover and len(self.queue) > 1 and seat not in self.yielded:
                return [PASS, YIELD]
            return [PASS]
        anchor, owner = self.anchor, self.owner
        assert anchor is not None and owner is not None, "a set is on the table"
        closer = (anchor + 3) % 6
        out: list[Action] = [CLOSE if seat == closer and len(self.queue) == 1 else PASS]
        if can_cover and self._may_yield(seat, closer):
            out.append(YIELD)
        if (self._core.take_wind and not self.restricted and not self.playing[owner]
                and seat == self.next_in_play(owner)):
            out.append(TAKE_WIND)
        return out

    def _defers_burn(self, seat: int) -> bool:
        """BURN-2 (P§11): does declining a burn offer leave ``seat`` in the round? Only the
        gouji player's teammates pass the round by declining ("如果联邦放弃烧牌，那么该轮视为过牌");
        "对方可以暂缓表示烧牌": an opponent defers (option ``burn_decline_passes``)."""
        anchor = self.anchor
        return self._core.burn_decline_passes == "teammates" and anchor is not None and seat % 2 != anchor % 2

    def _may_yield(self, seat: int, closer: int) -> bool:
        """ROUND-4: facing your opposite's set that your two upper players passed."""
        if (not self._core.yield_allowed or seat != closer or self.restricted or seat in self.yielded
                or len(self.queue) < 2):
            return False
        anchor = _present(self.anchor)
        if self.owner != anchor or (not self.playing[anchor] and self.sizes[anchor]):
            # 头科's gouji last set counts as his lower player's (END-3): nobody faces his
            # opposite's set; nor a set whose owner was taken out of play with his cards.
            # A plain last set "为有头牌，按要求行牌" (P§18): a yield on it too.
            return False
        between = self._order_after[anchor][:2]
        return all(s in self.passed or not self.playing[s] for s in between)

    def _why_illegal(self, action: Action) -> tuple[str, str]:
        seat = self.actor
        if self.kind == PHASE:
            name = cast(Any, self.phases[0]).name  # as Python formats it (typed str, compiled: a str only)
            return f"seat {seat} must decide the {name}; {action} is not a choice now", "ROUND-1"
        if not isinstance(action, Action):  # callers pass anything, whatever the annotation says
            return f"{action!r} is not an action", "ROUND-1"
        play = action.play
        if play is not None:
            assert seat is not None, "a lead or an answer has a seat to decide"
            counts = self._counts(seat)
            if any(counts[r] < n for r, n in play.counts().items()):
                return f"seat {seat} does not hold {play}", "PLAY-1"
            if self.kind == RESPOND:
                assert self.top is not None, "an answer answers the set on the table"
                if play.size != self.top.size:
                    return f"{play} has {n_cards(play.size)}; the set to cover has {self.top.size}", "PLAY-4"
                if self._rules.is_dead(self.top):
                    return f"{self.top} carries a big joker: nobody may cover it", "PLAY-5"
                if not self._rules.beats(play, self.top):
                    rule = "PLAY-6" if self.top.small else "PLAY-4"
                    return f"{play} does not beat {self.top}", rule
                if isinstance(action, PlaySet) and self._is_burn(seat):
                    return (f"only seat {_opposite(self.anchor)} (the opposite) may answer the gouji set "
                            f"{self.top}; others burn (Burn action)"), "GOUJI-2"
                if isinstance(action, Burn) and not self._is_burn(seat):
                    return f"covering {self.top} is not a burn here", "BURN-1"
                if isinstance(action, Burn):
                    return f"after burning with {play} seat {seat} could not carry a joker on every set", "BURN-1"
            if seat in self.burners and not (play.jokers or play.size == self.sizes[seat]):
                return f"seat {seat} burned: every set but the last must carry a joker", "BURN-1"
            return (f"{play} is forbidden here by a rule of the variant",
                    self._forbidden.get(play, "END-6"))
        if self.kind == LEAD:
            return f"seat {seat} leads and must play a set", "ROUND-1"
        if isinstance(action, Pass) and self._legal_set is not None and CLOSE in self._legal_set:
            return f"seat {seat} is the opposite with the last word: close or cover", "ROUND-5"
        if isinstance(action, type(CLOSE)):
            return "only the set owner's opposite closes, and only last", "ROUND-5"
        if isinstance(action, Yield):
            return "a yield is allowed only to the opposite whose two upper players passed", "ROUND-4"
        if isinstance(action, TakeWind):
            return "only the next player after one who went out may take the wind", "END-4"
        return f"{action} is not allowed now", "ROUND-2"

    # -- carrying out ----------------------------------------------------------------
    def _apply_play_action(self, seat: int, action: Action, automatic: bool = False) -> None:
        automatic = automatic or self._forced_decline
        if not isinstance(action, _CORE_ACTIONS):
            handled = self.variant.call_hook("gouji_apply_action", game=self, seat=seat, action=action)
            if not handled:
                raise GoujiError(f"no plugin carries out the action {action}")
            return
        play = action.play
        if play is not None:
            self._play_set(seat, play, isinstance(action, Burn))
            return
        burn_offer = action is PASS and self.restricted and self._is_burn(seat)
        self.queue.pop(0)
        self.last_decliner = seat
        if action is PASS:
            if self.melee and self._core.melee_pass == "once" and seat not in self.melee_passes:
                self.melee_passes.add(seat)  # T 二.3.(10) (option once): the first pass keeps him in
            elif burn_offer and self._defers_burn(seat):
                pass  # P§11 对方可以暂缓表示烧牌: an opponent's decline answers this set only
            elif not (self.melee and self._core.melee_pass == "rejoin"):
                self.passed.add(seat)
            if burn_offer and not automatic:
                # BURN-2: a burn offer declined (P§11: a teammate's decline passes the round).
                self._log("no-burn", seat, "BURN-2")
            elif burn_offer:
                # No burn to decline (none possible, or burning is off): he just may not answer.
                self._log("auto-pass", seat, "GOUJI-2", detail="only the opposite answers a gouji set")
            else:
                self._log("auto-pass" if automatic else "pass", seat, "ROUND-2")
        elif action is CLOSE:
            self._log("auto-close" if automatic else "close", seat, "ROUND-5")
            self._end_round()
            return
        elif action is YIELD:
            if self.melee:
                self.yielded.add(seat)
                self.queue.append(seat)  # P§19 喊"让牌"则此轮还有出牌权: asked again after the others
                self._log("yield", seat, "END-5")
            else:
                self.yielded.add(seat)
                self.queue.append(seat)
                self.yield_window = True
                self._log("yield", seat, "ROUND-4")
        elif action is TAKE_WIND:
            self._log("take-wind", seat, "END-4", detail="asks to lead; others agree by passing")
        self._next_responder()

    def _play_set(self, seat: int, play: Play, is_burn: bool) -> None:
        # New tuples (clones share the old ones); the fields of Play.counts(), without its dict.
        hand = self.hands[seat]
        naturals, twos, small, big = play.naturals, play.twos, play.small, play.big
        if naturals:
            hand[play.rank] = hand[play.rank][:-naturals]
        if twos:
            hand[TWO] = hand[TWO][:-twos]
        if small:
            hand[SMALL_JOKER] = hand[SMALL_JOKER][:-small]
        if big:
            hand[BIG_JOKER] = hand[BIG_JOKER][:-big]
        self._hand_changed(seat)
        size = naturals + twos + small + big
        self.sizes[seat] -= size
        self.pile.append(play)
        previous_owner = self.owner
        if self._burn.broken_by_cover and previous_owner in self.burners and self.top is not None:
            del self.burners[previous_owner]
            self._seldom_changed()
            self._log("burn-released", previous_owner, "BURN-3")
        gouji = self._rules.is_gouji(play)
        self.stats["sets"] += 1
        self.stats["cards"] += size
        if gouji:
            self.stats["gouji_sets"] += 1
        if is_burn:
            self.burners[seat] = _present(self.anchor)
            self._seldom_changed()
            self.stats["burns"] += 1
            self._log("burn", seat, "BURN-1", play)
        else:
            rule = "ROUND-1" if self.top is None else ("GOUJI-3" if self.restricted else "PLAY-4")
            self._log("lead" if self.top is None else "cover", seat, rule, play)
        by_yield = self.yield_window
        # TRIB-5: judged as the set is played, before its owner goes out with it.
        open_point = self._open_point
        self._top_opens = (open_point.active
                           and open_point.opens(self, seat, play, is_burn)  # type: ignore[arg-type]
                           and open_point.may_open(self, seat))  # type: ignore[arg-type]
        self.top, self.owner, self.anchor = play, seat, seat
        self.yield_window = False
        if self.sizes[seat] == 0:
            self._go_out(seat, play)
            if self.kind == OVER:
                return
        dead = self._rules.is_dead(play) or (gouji and not self.melee and self._use_dead_gouji(seat))
        if dead and self._core.dead_gouji_burnable and not self._rules.is_dead(play):
            # D§16 "除有烧牌者外": nobody answers a 够死级 set, but it may still be burned.
            self._log("dead-set", seat, "END-3", play, detail="only a burn may beat it")
            self._plan_responses(gouji, by_yield, burns_only=True)
            return
        if dead:
            self._log("dead-set", seat, "PLAY-5" if self._rules.is_dead(play) else "END-3", play)
            self._end_round()
            return
        self._plan_responses(gouji, by_yield)

    def _use_dead_gouji(self, seat: int) -> bool:
        """END-3 / OPEN-5: a gouji set nobody may answer (够死级)."""
        if seat == self.dead_gouji_seat:
            if self._core.dead_gouji_burnable:
                self.dead_gouji_seat = None  # D§16: one chance (一次机会), even if it is burned
            return True
        if self.dead_gouji_rights.get(seat, 0) > 0:
            self.dead_gouji_rights[seat] -= 1
            self.stats["dead_gouji"] += 1
            return True
        return False

    def _plan_responses(self, gouji: bool, by_yield: bool, burns_only: bool = False) -> None:
        anchor, owner = self.anchor, self.owner
        assert anchor is not None and owner is not None, "a set is on the table"
        closer = (anchor + 3) % 6
        eligible = [s for s in self._order_after[owner]
                    if self.playing[s] and s != anchor and (s not in self.passed or self._plays_again(s, closer))]
        self.last_word_given = False
        self.last_decliner = None
        self.dead_burns_only = burns_only
        if self.melee and self.yielded:
            self.yielded = set()  # END-5: a melee yield holds for the set it was made on
        if burns_only:
            # A dead-gouji set that may be burned (dead_gouji_burnable): burn offers only,
            # to players who can burn (a headless player's cover would be no burn).
            self.restricted = True
            others = [s for s in self._order_after[anchor] if s in eligible and s != closer and self.has_head(s)]
            self.queue = self._burn.offer_order(anchor, others)
            self.last_word_given = True
        elif (self.melee or not (self.playing[closer] or self.has_head(anchor))  # has_head, its common case first
              or self._gouji_rule_lapsed()):
            self.restricted = False
            self.queue = eligible
        elif gouji:
            # GOUJI-2 and BURN-2: burn offers first, then the opposite answers; a burn
            # policy with ``opposite_first`` asks the opposite first (T 二.3.(5)). A head
            # kept by ``keep_head`` answers nothing: only burns are offered.
            self.restricted = True
            # P§17 "按发牌顺序": a headless player's cover is no burn; he answers, like the
            # opposite, at his place in turn order, after the burn offers.
            others = [s for s in self._order_after[anchor] if s in eligible and s != closer]
            offers = self._burn.offer_order(anchor, [s for s in others if self.has_head(s)])
            answers = [s for s in self._order_after[anchor]
                       if (s == closer and self.playing[s] and not self._barred_after_last_set(s))
                       or (s in others and not self.has_head(s))]
            self.queue = answers + offers if getattr(self._burn, "opposite_first", False) else offers + answers
            self.last_word_given = True
        elif by_yield and self._core.yield_answer_opposite_only:
            self.restricted = False
            self.queue = [closer]
            self.last_word_given = True
        else:
            self.restricted = False
            self.queue = eligible
        self.kind = RESPOND
        self._next_responder()

    def _gouji_rule_lapsed(self) -> bool:
        """GOUJI-2 (P§10 "（当时有四家以上时）"): with fewer than ``gouji_min_players`` in play
        a gouji set is answered like any other, in turn and without burning."""
        return bool(self._core.gouji_min_players) and self._players_left() < self._core.gouji_min_players

    def _plays_again(self, seat: int, closer: int) -> bool:
        """ROUND-2: may ``seat``, who passed earlier in this round, answer the set now on the
        table? As a rule not; C lets him cover his opposite's sets (``pass_rejoin_opposite``),
        and P§12 lifts the rule once few are left outside the melee ("只剩四人及不足四人时除外",
        ``pass_rejoin_when_left``; in the melee ``melee_pass`` rules, P§19)."""
        if self._core.last_set_rejoin == "finisher_opposite" and self.last_set_opposites:
            # D§16 "头科或二科发底牌后，除对头外，过牌者在此轮中均不可再出牌".
            return seat in self.last_set_opposites
        if not self.melee and self._players_left() <= self._core.pass_rejoin_when_left:
            return True
        return seat == closer and self._core.pass_rejoin_opposite

    def _barred_after_last_set(self, seat: int) -> bool:
        """END-3 (D§16): in the round of 头科's or 二科's last set a player who passed plays no
        more, even as the opposite of the set on the table, unless he is the finished
        player's opposite (``last_set_rejoin = "finisher_opposite"``)."""
        return (seat in self.passed and self._core.last_set_rejoin == "finisher_opposite"
                and bool(self.last_set_opposites) and seat not in self.last_set_opposites)

    def _players_left(self) -> int:
        """Players still in play, a head kept in play by :meth:`keep_head` counting."""
        return sum(self.playing) + len(self.heads_in_play)

    def _next_responder(self) -> None:
        if self.queue:
            self.actor = self.queue[0]
            return
        closer = _opposite(self.anchor)
        if ((not self.melee or self._core.melee_last_word) and not self.last_word_given and self.playing[closer]
                and self.last_decliner != closer and closer != self.owner
                and not self._barred_after_last_set(closer)):
            if self.melee and closer in self.passed:
                # melee_last_word with a pass that ends the round (P§19 喊"过牌"则此轮没有出牌权):
                # a close is all the passed opposite has left.
                self._log("auto-close", closer, "ROUND-5")
                self._end_round()
                return
            # ROUND-3: everyone passed; the opposite still has the last word.
            self.last_word_given = True
            self.queue = [closer]
            self.actor = closer
            return
        self._end_round()

    def _end_round(self) -> None:
        anchor = _present(self.anchor)
        if self._top_opens and self.owner is not None and self.top is not None \
                and not self._open_point.stopped(self._game):
            self.open_sets.setdefault(self.owner, []).append(self.top)
            self._seldom_changed()
        if self.playing[anchor]:
            leader = anchor
            self._log("round-won", leader, "ROUND-5", self.top)
        else:
            leader = self.next_in_play(anchor)
            self._log("take-wind", leader, "END-4", self.top, detail=f"after seat {anchor}'s last set")
        self._reset_round(leader)

    def _go_out(self, seat: int, play: Play) -> None:
        place = self.places.index(None)  # a seat retired to a middle place keeps it
        self.places[place] = seat
        self.outs += 1
        self.playing[seat] = False
        self.burners.pop(seat, None)
        self._seldom_changed()
        zh, en = PLACE_NAMES[place]
        self._log("out", seat, "END-1", detail=f"{zh} {en}")
        if self.playing[(seat + 3) % 6]:
            self.stats["headless"] += 1
            self._log("headless", (seat + 3) % 6, "END-2")
        if self.outs <= self._core.dead_gouji_after_out:
            self.dead_gouji_seat = (seat + 3) % 6
        if self.outs <= 2:
            self.last_set_opposites.add((seat + 3) % 6)  # END-3 (D§16): the round of 头科's or 二科's last set
        if self._finish_if_decided():
            return
        self._start_melee_if_due()
        self.anchor = self.variant.call_hook("gouji_last_set_owner", game=self, seat=seat, play=play)

    def _start_melee_if_due(self) -> None:
        """END-5: the melee begins once ``melee_after_outs`` players went out, or once
        ``melee_when_left`` or fewer are still in play (C: 剩下少于等于四人), a head kept
        in play by :meth:`keep_head` counting (T 二.3.(10): 假烧者…仍计算在比赛者内)."""
        left = self._players_left()
        if not self.melee and (self.outs >= self._core.melee_after_outs or left <= self._core.melee_when_left):
            if self._core.melee_after_round and self.top is not None:
                # D§16: the round of 二科's last set is played out under the usual rules.
                self._melee_due = True
                return
            self.melee = True
            self._seldom_changed()
            self.stats["melee"] += 1
            self._log("melee", None, "END-5")
            if self._core.melee_ends_burn:
                # P§19: in the melee "不再按够级，过牌，让牌，烧牌等规则进行": the burn duty ends.
                for burner in sorted(self.burners):
                    self._log("burn-released", burner, "END-5", detail="四人乱缠: no more jokers owed")
                self.burners.clear()
                self._seldom_changed()

    def _fail_burn(self, seat: int) -> None:
        """BURN-4: a burner with no legal lead has failed; the burn policy says what follows."""
        if seat not in self.burners:
            raise GoujiError(f"seat {seat} has no legal set to lead: a plugin forbade every set")
        victim = self.burners.pop(seat)
        self._seldom_changed()
        leader = self._burn.fail(self._game, seat, victim)
        if not self.is_over:
            self._reset_round(leader)

    def _finish_if_decided(self) -> bool:
        left = [s for s in range(6) if self.playing[s]]
        if len(left) > 1:
            return False
        for seat in left:
            self.places[self.places.index(None)] = seat
            self.playing[seat] = False
        self._seldom_changed()
        self.kind = OVER
        self.actor = None
        self._legal, self._legal_set = [], frozenset()
        self._log("game-over", None, "END-1", detail=" ".join(map(str, self.finish_order)))
        return True

    @property
    def _game(self) -> Game:
        """This object as the Game it is: phases and burn policies take a Game."""
        return cast("Game", self)

    def _log(self, kind: str, seat: int | None, rule: str, play: Play | None = None, detail: str = "",
             visible_to: Iterable[int] | None = None) -> None:
        """The engine's own events. Events are immutable and most repeat (``seat 3 pass``):
        a public one is built once and shared, as sets and actions are. A game kept as one
        seat sees it (``viewer``) logs each event as that seat sees it, or not at all."""
        if self._viewer is not None:
            seen = Event(kind, seat, rule, play, detail, visible_to).seen_as(self._viewer)
            if seen is not None:
                self.events.append(seen)
            return
        if visible_to is not None:
            self.events.append(Event(kind, seat, rule, play, detail, visible_to))
            return
        key = (kind, seat, rule, play, detail)
        event = _EVENTS.get(key)
        if event is None:
            if len(_EVENTS) >= _EVENT_LIMIT:
                _EVENTS.clear()
            event = _EVENTS[key] = Event(kind, seat, rule, play, detail)
        self.events.append(event)


#: The engine's public events, shared (RoundFlow._log); bounded, as details vary.
_EVENTS: dict[tuple[str, int | None, str, Play | None, str], Event] = {}
_EVENT_LIMIT = 1 << 14


def _without(plays: list[Play], actions: list[PlaySet],
             forbidden: Mapping[Play, str]) -> tuple[list[Play], list[PlaySet]]:
    """``plays`` and their ``actions`` less the forbidden sets. The sets are interned
    (Play.of), so the forbidden ones are found by identity, without hashing every set;
    should a key not be one of the sets by identity, by equality (the same answer)."""
    n = len(forbidden)
    if plays[:n] == list(forbidden):
        # The forbidden sets lead the list, in its order (憋3's sets of 3s at a lead: 3 is
        # the lowest rank); the sets are distinct, so none further on is forbidden.
        return plays[n:], actions[n:]
    ids = set(map(id, forbidden))
    keep = [i not in ids for i in map(id, plays)]
    if keep.count(False) != len(forbidden):
        # Some key is no set of the list by identity: equal but built apart, or none at all.
        keep = [p not in forbidden for p in plays]
    return list(compress(plays, keep)), list(compress(actions, keep))


def _present(seat: int | None) -> int:
    """A seat the round's state guarantees here (the owner or anchor while a set
    is on the table, the actor while someone decides)."""
    assert seat is not None, "the round's state lacks a seat it must have here"
    return seat


def _opposite(seat: int | None) -> int:
    return (_present(seat) + 3) % 6


def suit_key(suit: Any) -> int:
    return -1 if suit is None else int(suit)


def check_seat(seat: object) -> None:
    # A bool is an int to Python, not a seat to a reader: True is no name for seat 1. (An object:
    # compiled by mypyc, a parameter typed int would take True as 1 before the check saw it.)
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < 6:
        raise GoujiError(f"a seat is 0-5, not {seat!r:.40}")
