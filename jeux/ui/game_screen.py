"""The base screen of every game: the match loop of DESIGN.md §3.

A game's screen composes its board and renders a state; this base turns keys into actions,
plays them on the match, narrates and animates the events, saves after every action, lets
bots play, hides hands between seats, and opens the results when the match is over.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Iterable
from dataclasses import replace

from textual import work
from textual.app import ComposeResult
from textual.binding import ActiveBinding, Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.css.query import NoMatches
from textual.screen import Screen
from textual.widgets import Static

from jeux.engine.core import DEFAULT_LEVEL, Action, Event, IllegalAction, State
from jeux.engine.match import Match, ReplayError
from jeux.engine.text import de
from jeux.store.records import Stored
from jeux.store.tables import Sitting

from .widgets.card import Card
from .widgets.die import Die
from .widgets.footer import KeysFooter
from .widgets.game_log import GameLog
from .widgets.player_badge import PlayerBadge
from .widgets.score_sheet import ScoreSheet, SheetData


class GameScreen(Screen):
    AUTO_FOCUS = ""  # keys are moves; a game focuses a text field only when asked
    BINDINGS = [
        Binding("f1", "rules", "Règles"),
        Binding("question_mark", "rules", "Règles", show=False),
        Binding("escape", "leave", "Menu"),
        Binding("u", "undo", "Annuler"),
        Binding("ctrl+z", "undo", "Annuler", show=False),
        Binding("f6", "table", "Table"),
    ]
    sees_all = False
    """True when the board is shown to onlookers who see everything (a replay): every card
    face up, every event told in the third person."""
    sitting: Sitting | None = None
    """At a shared table: the seats this screen plays (the others play on their own
    screens) and the match as this screen last saw it in the database (`sit`)."""
    FOLLOW_SECONDS = 0.1
    """How often a shared table's screen looks for moves made on the other screens: a move
    shows everywhere within a fraction of a second, for a look that costs microseconds."""
    HOST_CHECKS = 10
    """Every how many looks a joined screen also checks that the host still holds the table
    open (about once a second)."""

    def __init__(self, match: Match, match_id: int) -> None:
        super().__init__()
        self.match = match
        self.match_id = match_id
        self.busy = False
        """True while events are being animated: a key then only skips the animation."""
        self.skipping = False
        self.queued: tuple[int | None, Action] | None = None
        """An action pressed during an animation: (seat it was meant for, action)."""
        self.told_to_wait = False
        """A key pressed during this animation was refused, and the player told why: once
        is enough."""
        self._told_waiting = -2
        """`tell_waiting` said who decides since this screen's last move (the index of it)."""
        self.animated_seat: int | None = None
        """The seat whose move is being animated."""
        self.shown_seat: int | None = None
        """The seat whose view is on screen; None behind a handoff, when no board is drawn."""
        self.table_closed = False
        """At a shared table: the host has left it, so nobody plays until it reopens."""
        self._looks = 0
        self.away: frozenset[int] = frozenset()
        """At a shared table: the human seats whose screen is not connected now."""
        self._called = 0
        """How many actions the match had when this screen last rang for its seat."""
        self.button_words: dict[str, str] = {}
        """The words of the board's buttons, by the key each names (Textual's name: "enter"):
        the footer names these keys alike. Set by the base that draws the buttons."""

    # --- hooks for the games -----------------------------------------------------------

    def compose_board(self) -> ComposeResult:
        """The game's own widgets, under the turn line."""
        yield from ()

    def show_state(self, state: State) -> None:
        """Render the board from a state (the view of the seat on screen)."""

    def sheet(self, state: State) -> SheetData:
        return SheetData(state.players)

    def seat_status(self, state: State, seat: int) -> tuple[str, bool]:
        """(short status, eliminated) for a seat's badge."""
        return "", False

    def turn_head(self, state: State) -> str:
        """What the header says before whose turn it is ("Tour 3"); nothing by default."""
        return ""

    def turn_text(self, state: State) -> str:
        seat = state.to_move()
        if seat is None:
            return "Partie terminée"
        name = state.players[seat]
        whose = f"Au tour {de(name)}" if state.seats > 1 else name
        head = self.turn_head(state)
        return f"{head} · {whose}" if head else whose

    async def animate_event(self, event: Event) -> None:
        """Animate one event (dice tumble, cards flip); by default nothing moves."""

    def keys_for(self, action: Action) -> list[str]:
        """The keys a player presses, from the board as it stands, to play `action`: the
        shared Pilot driver plays every game's last moves through them."""
        raise NotImplementedError(f"{type(self).__name__} names no keys for {action!r}")

    # --- layout ----------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        info = self.match.game.info
        with Horizontal(id="banner"):
            yield Static(Content(info.title), id="game-title")
            for seat in self.match.seats:
                profile = self.app.profiles.get(seat.profile)
                yield PlayerBadge(
                    seat.name,
                    profile.symbol if profile else ("*" if seat.bot else ""),
                    profile.color if profile else "",
                    classes="seat",
                )
        with Horizontal(id="table"):
            with Vertical(id="board"):
                yield Static(id="turn")
                yield from self.compose_board()
            with Vertical(id="side"):
                yield ScoreSheet(id="sheet")
                yield GameLog(id="log")
        yield self.footer()

    def footer(self) -> KeysFooter:
        """The screen's keys; a game with many may draw them compact."""
        return KeysFooter()

    def sit(self, sitting: Sitting) -> GameScreen:
        """Play at a shared table: only `sitting.seats` from this screen, the other seats'
        moves followed from the database. Called before the screen is pushed."""
        self.sitting = sitting
        return self

    def on_mount(self) -> None:
        if self.sitting:
            self.away = self.sitting.away(self.match.seats)  # the first badges tell it already
            self.set_interval(self.FOLLOW_SECONDS, self.follow)
        if not self.needs_handoff():
            self.shown_seat = self.human_seat()
            self.redraw_log()
            self.render_state()
        self.call_after_refresh(self.advance)

    def hand_back(self, _: object = None) -> None:
        """Back from the rules or a dialog: anyone may have walked up to the screen, so in a
        game of hidden hands the seat on screen confirms again before its board returns."""
        if self.shown_seat is not None and self.needs_handoff() and not self.busy:
            self.hand_to(self.shown_seat)

    # --- the loop ----------------------------------------------------------------------

    # --- who sees what ----------------------------------------------------------------

    def humans(self) -> list[int]:
        """The human seats played from this screen (at a shared table, only its own)."""
        here = self.sitting.seats if self.sitting else range(len(self.match.seats))
        return [i for i in sorted(here) if not self.match.seats[i].bot]

    def decides_here(self, state: State | None = None) -> bool:
        """Whether a player at this screen decides now: not a robot, not the end, not a
        player of a shared table on their own screen. The board offers moves only then."""
        seat = (state or self.match.state).to_move()
        return seat is not None and seat in self.humans() and not self.table_closed

    def waiting_text(self, state: State) -> str:
        """What the board says while nobody at this screen decides."""
        seat = state.to_move()
        if seat is None:
            return ""
        if self.table_closed:
            return "La table est fermée : on attend que l'hôte la reprenne."
        name = state.players[seat]
        if self.match.seats[seat].bot:
            return f"{name} réfléchit…"
        return f"{name} joue sur son écran…"

    def needs_handoff(self) -> bool:
        """Hidden information and more than one human: the screen is passed between them,
        for every decision or only the secret ones (`State.decides_in_secret`)."""
        info, state = self.match.game.info, self.match.state
        return info.handoff and len(self.humans()) > 1 and state.decides_in_secret()

    def faces_table(self) -> bool:
        """A game of hidden information between humans, in a public moment (no handoff): the
        whole table looks at the screen, so the seat on it shows its secrets only on request
        (`CardTable.show_secret`)."""
        info, state = self.match.game.info, self.match.state
        return info.handoff and len(self.humans()) > 1 and not state.decides_in_secret()

    def human_seat(self) -> int | None:
        """The seat whose view to draw when nobody is handed the screen: the one human, or
        the human to move; a match of robots only is watched from seat 0."""
        to_move = self.match.state.to_move()
        humans = self.humans()
        if to_move in humans:
            return to_move
        if humans:
            return humans[0]
        return None if self.sitting else 0  # spectators of a shared table see what all see

    def visible_state(self) -> State:
        """What the seat on screen may see; once the match is over, everything."""
        state = self.match.state
        if state.to_move() is None:
            return state
        if self.shown_seat is None:
            return state.view(None) if self.sitting else state  # type: ignore[arg-type]
        return state.view(self.shown_seat)

    def seen(self, events: Iterable[Event]) -> list[Event]:
        return [e for e in events if e.seen_by(self.shown_seat) or self.match.over]

    def render_state(self) -> None:
        state = self.visible_state()
        to_move = self.match.state.to_move()
        self.query_one("#turn", Static).update(Content(self.turn_text(state)))
        for seat, badge in enumerate(self.query(PlayerBadge)):
            status, out = self.seat_status(state, seat)
            badge.set_status(status, active=seat == to_move, out=out, away=seat in self.away)
        self.query_one(ScoreSheet).show(self.sheet(state), self.app.glyphs)
        self.show_state(state)
        self.refresh_bindings()

    def redraw_log(self) -> None:
        """The whole log again, as the seat on screen may read it (after a handoff, an undo)."""
        log = self.query_one(GameLog)
        log.clear()
        log.narrate(self.told(e) for e in self.seen(self.match.events))

    def told(self, event: Event) -> str:
        """The log line of `event` for whoever watches the screen."""
        return event.describe_for(None if self.sees_all else self.shown_seat)

    def act(self, action: Action) -> None:
        """Play a human's action; pressed during an animation, see `interrupt`."""
        if self.busy:
            if self.interrupt():
                self.queued = (self.animated_seat, action)
            return
        seat = self.match.state.to_move()
        if seat is None or self.match.seats[seat].bot:
            return
        if self.table_closed:
            self.app.say("La table est fermée : la partie attend que l'hôte la reprenne.")
            return
        if seat not in self.humans():
            self.app.say(f"C'est à {self.match.seats[seat].name} de jouer, sur son écran.")
            return
        if self.needs_handoff() and seat != self.shown_seat:
            return  # behind the handoff: nobody's keys count yet
        self._play(action)

    def _play(self, action: Action, moves: int | None = None) -> None:
        """Play an action on the match, save it and show it. `moves`: the number of actions
        the match had when a robot started thinking; its move is dropped if the match has
        moved on since (at a shared table another screen may have played it first)."""
        if moves is not None and moves != len(self.match.actions):
            return
        if self._pruning or not self.is_attached:
            return  # a robot's move come as the screen closes: the match resumes before it
        seat = self.match.state.to_move()
        try:
            events = self.match.play(action)
        except IllegalAction as refusal:
            self.app.say(str(refusal), "warning")
            return
        if not self.sitting:
            self.app.records.save(self.match_id, self.match.to_saved())
        elif not self.sitting.push(self.match.to_saved()):
            # Another screen saved first. Its move was this one (a robot's, computed alike
            # everywhere: show it as ours) or it was not (show the table's instead).
            caught_up = self.catch_up(self.sitting.latest())
            if caught_up is None:
                return
            rebuilt, later = caught_up
            events = later if rebuilt else [*events, *later]
        self.show_events(events, seat)

    def interrupt(self) -> bool:
        """A move's key pressed during an animation: it ends the animation, and its move is
        played afterwards only if the animated move revealed nothing and the same seat plays
        on (a press made before the player could see the dice takes no risk for them, and
        never passes to the next player). Otherwise the player is told why: never a silent
        key. Whether the move is to be played."""
        self.skip()
        state = self.match.state
        seat = state.to_move()
        if seat is not None and seat not in self.humans():
            self.tell_waiting()  # a robot plays on: not the player's move to make
            return False
        if self.match.last_revealed:
            why = "regarde d'abord ce qui vient d'être révélé, puis rejoue."
        elif seat is not None and seat != self.animated_seat:
            why = f"le tour passe à {state.players[seat]}."
        else:
            return seat is not None
        if not self.told_to_wait:
            self.told_to_wait = True
            self.app.say(f"Pas si vite : {why}", "warning")
        return False

    def tell_waiting(self) -> None:
        """A move's key pressed while nobody here decides: say who does, once until this
        screen plays again (a robot's whole turn is one wait)."""
        state, played = self.match.state, self.match.played
        if state.to_move() is None:
            return
        humans = self.humans()
        last_move = next(
            (i for i in range(len(played) - 1, -1, -1) if played[i].seat in humans), -1
        )
        if last_move != self._told_waiting:
            self._told_waiting = last_move
            self.app.say(self.waiting_text(state))

    def show_events(self, events: list[Event], seat: int | None) -> None:
        self.end_waiting()  # now, not once the worker starts: the board may be drawn between
        self.busy, self.skipping, self.animated_seat = True, False, seat
        self.told_to_wait = False
        self.run_worker(self._show(events), group="events", exclusive=True)

    def follow(self) -> None:
        """At a shared table: show the moves made on the other screens since the last look,
        animated like this screen's own (only those its seats may see)."""
        self._looks += 1
        if self._looks % self.HOST_CHECKS == 0:
            self.check_presence()
        if self.busy:
            return
        caught_up = self.catch_up(self.sitting.news())
        if caught_up is not None:
            self.show_events(caught_up[1], None)

    def check_presence(self) -> None:
        """Who is connected, for the badges; and a table whose host left (or whose host's
        jeux ended) takes no move until it is reopened: the match waits in the host's
        « Reprendre »."""
        away = self.sitting.away(self.match.seats)
        if away != self.away:
            self.away = away
            self.render_state()
        closed = not self.sitting.is_open()
        if closed == self.table_closed:
            return
        self.table_closed = closed
        if closed:
            self.app.say(
                "L'hôte a quitté la table : la partie attend son retour "
                "(elle repartira d'ici toute seule).",
                "warning",
                timeout=3600,
            )
        else:
            self.app.clear_notifications()
            self.app.say("La table est rouverte : la partie reprend.")
        self.render_state()
        if not closed:
            self.advance()

    def seats_changed(self) -> None:
        """The host changed which seats are played on this screen (the table screen)."""
        if self.busy:
            return
        self.shown_seat = None if self.needs_handoff() else self.human_seat()
        self.redraw_log()
        self.render_state()
        self.advance()

    def catch_up(self, news: Stored | None) -> tuple[bool, list[Event]] | None:
        """Bring the match to what the table saved: (whether it was rebuilt, the events of
        the moves played on). It is rebuilt, its log written again and nothing animated, when
        the table's match does not continue this screen's (an undo on another screen, a race
        this screen lost). None if there is nothing new, or nothing sound."""
        if news is None:
            return None
        try:
            events = self.match.catch_up(news.saved)
            if events is None:
                self.match = Match.from_saved(self.match.game, news.saved)
                self.redraw_log()
                return True, []
        except ReplayError:
            self.app.say("La partie de la table ne se rejoue plus ici.", "error")
            self.app.pop_screen()
            return None
        return False, events

    def end_waiting(self) -> None:
        """A move is about to be shown: what the board said while it was awaited
        (« Robot réfléchit… ») must not stay beside its result."""

    async def _show(self, events: Iterable[Event]) -> None:
        try:
            await self._show_now(events)
        except NoMatches:
            if self.app.is_running:
                raise
            # The app quit as a move was shown (a robot's, say): its boards are being taken
            # down, and there is nothing left to show it on.

    async def _show_now(self, events: Iterable[Event]) -> None:
        log = self.query_one(GameLog)
        for event in self.seen(events):
            await self.animate_event(event)
            log.narrate([self.told(event)])
        if self.skipping:
            await self.keys_handled()
        self.busy = False
        self.render_state()
        self.advance()
        queued, self.queued = self.queued, None
        if queued and queued[0] == self.match.state.to_move() and self.app.screen is self:
            self.act(queued[1])

    def seconds(self, base: float) -> float:
        """An animation's length under the settings; zero once the player skipped."""
        return 0.0 if self.skipping else base * self.app.animation_scale

    async def pause(self, base: float) -> None:
        """Hold a result on screen for a moment; a key cuts it short."""
        end = time.monotonic() + self.seconds(base)
        while not self.skipping and time.monotonic() < end:
            await asyncio.sleep(0.03)

    async def count_up(
        self, start: int, end: int, show: Callable[[int], None], base: float = 0.5
    ) -> None:
        """Show the numbers from `start` to `end` over an animation's length: scores count up."""
        seconds = self.seconds(base)
        steps = min(abs(end - start), round(seconds * 30))
        for i in range(1, steps + 1):
            if self.skipping:
                break
            show(start + (end - start) * i // steps)
            await asyncio.sleep(seconds / steps)
        show(end)

    async def keys_handled(self) -> None:
        """Wait until the app has handled what is queued for it now. A key that ends an
        animation is seen by this screen (`on_key`) before it reaches its binding in the app's
        queue; meanwhile the animation, cut short, could end: the key must still find it
        running (`interrupt`), whichever task the loop ran first."""
        handled = asyncio.Event()
        self.app.call_later(handled.set)
        await handled.wait()

    def skip(self) -> None:
        self.skipping = True
        for die in self.query(Die):
            die.settle()
        for card in self.query(Card):
            card.settle()

    def on_key(self, event) -> None:
        if self.busy and event.key not in ("f1", "question_mark", "escape"):
            self.skip()

    def advance(self) -> None:
        state = self.match.state
        seat = state.to_move()
        if seat is None:
            self.finish()
        elif self.table_closed:
            pass  # `check_host` carries on once the host is back
        elif self.match.seats[seat].bot:
            if self.shown_seat is None and not self.needs_handoff():
                self.shown_seat = self.human_seat()
                self.render_state()
            self.think(seat)
        elif seat not in self.humans():
            pass  # another screen of the shared table decides; `follow` shows its move
        elif self.needs_handoff() and seat != self.shown_seat:
            self.hand_to(seat)
        elif seat != self.shown_seat:
            self.shown_seat = seat
            self.redraw_log()
            self.render_state()
        if self.sitting and seat in self.humans() and not self.needs_handoff():
            self.call_to_play(seat)

    def call_to_play(self, seat: int) -> None:
        """At a shared table no handoff says that a seat must decide: its screen rings once
        when the decision comes to it from another screen, and says why when it is not simply
        its turn (« Lina t'accuse — à toi de répondre »)."""
        played = self.match.played
        if not played or played[-1].seat == seat or self._called == len(played):
            return
        self._called = len(played)
        self.app.bell()
        if reason := self.match.state.prompt():
            self.app.say(reason)

    def hand_to(self, seat: int) -> None:
        """Hide the board, pass the screen to `seat`, and draw its view once it is ready."""
        from .screens.play.handoff import HandoffScreen, handoff_reason

        self.shown_seat = None
        self.query_one("#table").display = False

        def reveal(ready: bool | None) -> None:
            self.shown_seat = seat
            if not ready:
                self.action_leave()  # « Non » hands back to the same seat
                return
            self.query_one("#table").display = True
            self.redraw_log()
            self.render_state()

        state = self.match.state
        reason = handoff_reason(state, seat, first=not self.match.actions)
        handoff = HandoffScreen(state.players[seat], reason, self.match.game.info.id)
        self.app.push_screen(handoff, reveal)

    @work(thread=True, exclusive=True, group="bot")
    def think(self, seat: int) -> None:
        match = self.match
        level = match.seats[seat].level or DEFAULT_LEVEL
        moves = len(match.actions)
        bot = match.game.bot(f"{match.seed}:{moves}", level)
        action = bot.choose(self.match.state.view(seat))
        time.sleep(self.app.robot_pause)
        self.app.call_from_thread(self._play, action, moves)

    def finish(self) -> None:
        from .screens.play.results import ResultsScreen

        outcome = self.match.outcome()
        results = [
            {
                "profile": seat.profile,
                "name": seat.name,
                "seat": i,
                "rank": outcome.ranks[i],
                "score": outcome.scores[i],
                "won": outcome.ranks[i] == 1 and outcome.won,
                "low": outcome.lower_is_better,
            }
            for i, seat in enumerate(self.match.seats)
            if seat.profile
        ]
        self.app.records.finish(self.match_id, self.match.to_saved(), results)
        sheet = self.sheet(self.match.state)
        self.app.switch_screen(ResultsScreen(self.match, sheet, self.sitting))

    # --- keys shared by every game ----------------------------------------------------

    @property
    def active_bindings(self) -> dict[str, ActiveBinding]:
        """Textual's, but a key that a button names is shown in the footer in the button's
        words: one key may mean « Lancer » now and « Parer » later, and a button may say
        more than a binding's usual word (« Relancer », « Finir le tour »). Undo is shown
        only when there is something to undo (its key still says why not)."""
        bindings = super().active_bindings
        words_by_key = dict(self.button_words)
        if self.sitting and not self.sitting.hosting:
            words_by_key["escape"] = "Quitter la table"  # a joined screen has no menu behind
        for key, words in words_by_key.items():
            active = bindings.get(key)
            if active is not None and active.binding.show:
                bindings[key] = active._replace(binding=replace(active.binding, description=words))
        undo = bindings.get("u")
        if undo is not None and undo.binding.action == "undo" and not self.may_undo():
            bindings["u"] = undo._replace(binding=replace(undo.binding, show=False))
        return bindings

    def may_undo(self) -> bool:
        return self.match.undoable() > 0 and self.match.state.to_move() in self.humans()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "undo":
            return not self.busy  # during an animation the key only ends it
        if action == "table":
            return bool(self.sitting and self.sitting.hosting)
        return True

    def action_table(self) -> None:
        from .launch import show_table

        show_table(self.app, self)

    def action_undo(self) -> None:
        """Take back the last decision of this turn that revealed nothing (see Match.undo)."""
        if self.busy:
            return
        if not self.may_undo():
            self.app.say(self.undo_refusal(), "warning")
            return
        self.match.undo()
        if not self.sitting:
            self.app.records.save(self.match_id, self.match.to_saved())
        elif not self.sitting.push(self.match.to_saved()):
            self.catch_up(self.sitting.latest())  # the table moved on: its match, not ours
        self.redraw_log()
        self.render_state()
        self.app.say("Coup annulé.")

    def undo_refusal(self) -> str:
        """Why `u` takes nothing back now, in the words of Match.undoable's rule."""
        state = self.match.state
        seat = state.to_move()
        if seat is not None and seat not in self.humans():
            return f"Rien à annuler : c'est à {state.players[seat]} de jouer."
        played = self.match.played
        if played and played[-1].seat == seat and played[-1].revealed:
            return "Rien à annuler : ce qui a été révélé ne se reprend pas."
        return "Rien à annuler."

    def action_rules(self) -> None:
        from .screens.rules import RulesScreen

        self.app.push_screen(RulesScreen(self.match.game.info.id), self.hand_back)

    def action_leave(self) -> None:
        from .screens.confirm import ConfirmScreen

        def leave(yes: bool | None) -> None:
            if yes:
                self.app.pop_screen()
            else:
                self.hand_back()

        if self.sitting and not self.sitting.hosting:
            question = "Quitter la table ? Ta place t'attend : ton code la rouvre."
        elif self.sitting:
            question = (
                "Fermer la table et revenir au menu ? Les autres attendront : la partie est "
                "gardée dans « Reprendre », la table rouvrira avec les mêmes codes."
            )
        else:
            question = "Revenir au menu ? La partie est gardée dans « Reprendre »."
        self.app.push_screen(ConfirmScreen(question), leave)
