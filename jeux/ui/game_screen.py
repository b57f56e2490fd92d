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
from textual.screen import Screen
from textual.widgets import Static

from jeux.engine.core import DEFAULT_LEVEL, Action, Event, IllegalAction, State
from jeux.engine.match import Match
from jeux.engine.text import de

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
    ]
    sees_all = False
    """True when the board is shown to onlookers who see everything (a replay): every card
    face up, every event told in the third person."""

    def __init__(self, match: Match, match_id: int) -> None:
        super().__init__()
        self.match = match
        self.match_id = match_id
        self.busy = False
        """True while events are being animated: a key then only skips the animation."""
        self.skipping = False
        self.queued: tuple[int | None, Action] | None = None
        """An action pressed during an animation: (seat it was meant for, action)."""
        self.animated_seat: int | None = None
        """The seat whose move is being animated."""
        self.shown_seat: int | None = None
        """The seat whose view is on screen; None behind a handoff, when no board is drawn."""
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
        yield KeysFooter()

    def on_mount(self) -> None:
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
        return [i for i, seat in enumerate(self.match.seats) if not seat.bot]

    def needs_handoff(self) -> bool:
        """Hidden information and more than one human: the screen is passed between them,
        for every decision or only the secret ones (`State.decides_in_secret`)."""
        info, state = self.match.game.info, self.match.state
        return info.handoff and len(self.humans()) > 1 and state.decides_in_secret()

    def human_seat(self) -> int | None:
        """The seat whose view to draw when nobody is handed the screen: the one human, or
        the human to move; a match of robots only is watched from seat 0."""
        to_move = self.match.state.to_move()
        if to_move is not None and not self.match.seats[to_move].bot:
            return to_move
        humans = self.humans()
        return humans[0] if humans else 0

    def visible_state(self) -> State:
        """What the seat on screen may see; once the match is over, everything."""
        state = self.match.state
        if state.to_move() is None or self.shown_seat is None:
            return state
        return state.view(self.shown_seat)

    def seen(self, events: Iterable[Event]) -> list[Event]:
        return [e for e in events if e.seen_by(self.shown_seat) or self.match.over]

    def render_state(self) -> None:
        state = self.visible_state()
        to_move = self.match.state.to_move()
        self.query_one("#turn", Static).update(Content(self.turn_text(state)))
        for seat, badge in enumerate(self.query(PlayerBadge)):
            status, out = self.seat_status(state, seat)
            badge.set_status(status, active=seat == to_move, out=out)
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
        """Play a human's action. A key pressed during an animation ends it; its move is
        played afterwards, for the same seat only, and only if the animated move revealed
        nothing: a press made before the player could see the dice takes no risk for them."""
        if self.busy:
            self.skip()
            if not self.match.last_revealed:
                self.queued = (self.animated_seat, action)
            return
        seat = self.match.state.to_move()
        if seat is None or self.match.seats[seat].bot:
            return
        if self.needs_handoff() and seat != self.shown_seat:
            return  # behind the handoff: nobody's keys count yet
        self._play(action)

    def _play(self, action: Action) -> None:
        seat = self.match.state.to_move()
        try:
            events = self.match.play(action)
        except IllegalAction as refusal:
            self.app.say(str(refusal), "warning")
            return
        self.app.records.save(self.match_id, self.match.to_saved())
        self.busy, self.skipping, self.animated_seat = True, False, seat
        self.run_worker(self._show(events), group="events", exclusive=True)

    async def _show(self, events: Iterable[Event]) -> None:
        log = self.query_one(GameLog)
        for event in self.seen(events):
            await self.animate_event(event)
            log.narrate([self.told(event)])
        self.busy = False
        self.render_state()
        self.advance()
        queued, self.queued = self.queued, None
        if queued and queued[0] == self.match.state.to_move() and self.app.screen is self:
            self.act(queued[1])

    def seconds(self, base: float) -> float:
        """An animation's length under the settings; zero once the player skipped."""
        return 0.0 if self.skipping else base * self.app.animation_scale

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

    def skip(self) -> None:
        self.skipping = True
        for die in self.query(Die):
            die.settle()

    def on_key(self, event) -> None:
        if self.busy and event.key not in ("f1", "question_mark", "escape"):
            self.skip()

    def advance(self) -> None:
        state = self.match.state
        seat = state.to_move()
        if seat is None:
            self.finish()
        elif self.match.seats[seat].bot:
            if self.shown_seat is None and not self.needs_handoff():
                self.shown_seat = self.human_seat()
                self.render_state()
            self.think(seat)
        elif self.needs_handoff() and seat != self.shown_seat:
            self.hand_to(seat)
        elif seat != self.shown_seat:
            self.shown_seat = seat
            self.redraw_log()
            self.render_state()

    def hand_to(self, seat: int) -> None:
        """Hide the board, pass the screen to `seat`, and draw its view once it is ready."""
        from .screens.play.handoff import HandoffScreen

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
        self.app.push_screen(HandoffScreen(state.players[seat], state.prompt()), reveal)

    @work(thread=True, exclusive=True, group="bot")
    def think(self, seat: int) -> None:
        match = self.match
        level = match.seats[seat].level or DEFAULT_LEVEL
        bot = match.game.bot(f"{match.seed}:{len(match.actions)}", level)
        action = bot.choose(self.match.state.view(seat))
        time.sleep(self.app.robot_pause)
        self.app.call_from_thread(self._play, action)

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
        self.app.switch_screen(ResultsScreen(self.match, self.sheet(self.match.state)))

    # --- keys shared by every game ----------------------------------------------------

    @property
    def active_bindings(self) -> dict[str, ActiveBinding]:
        """Textual's, but a key that a button names is shown in the footer in the button's
        words: one key may mean « Lancer » now and « Parer » later, and a button may say
        more than a binding's usual word (« Relancer », « Finir le tour »)."""
        bindings = super().active_bindings
        for key, words in self.button_words.items():
            active = bindings.get(key)
            if active is not None and active.binding.show:
                bindings[key] = active._replace(binding=replace(active.binding, description=words))
        return bindings

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "undo":
            return not self.busy and self.match.undoable() > 0
        return True

    def action_undo(self) -> None:
        """Take back the last decision of this turn that revealed nothing (see Match.undo)."""
        if self.busy or not self.match.undoable():
            return
        self.match.undo()
        self.app.records.save(self.match_id, self.match.to_saved())
        self.redraw_log()
        self.render_state()
        self.app.say("Coup annulé.")

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

        self.app.push_screen(
            ConfirmScreen("Revenir au menu ? La partie est gardée dans « Reprendre »."), leave
        )
