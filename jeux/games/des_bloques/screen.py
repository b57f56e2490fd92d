"""Les dés bloqués on screen: five dice, the 2s and 5s locked aside, what each throw is worth,
the turn's points, the chance of a clean next throw; in the variants, a key to stop."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.content import Content
from textual.widgets import Button, Static

from jeux.engine.core import Action, Event
from jeux.engine.text import percent, plural
from jeux.ui.game_screen import GameScreen
from jeux.ui.widgets.dice_tray import DiceTray
from jeux.ui.widgets.score_sheet import SheetData

from . import rules
from .rules import (
    DICE,
    OVER,
    TURNS,
    DesBloquesState,
    DiceRolled,
    PlayoffStarted,
    Roll,
    Stop,
    ThrowResult,
    TurnEnded,
    TurnStarted,
    clean_chance,
)

# Looks of a die on the table, told by border and caption as well as colour.
FREE, SCORED, NOTHING, BLOCKED, EARLIER, EMPTY = (
    "free",
    "scored",
    "nothing",
    "blocked",
    "earlier",
    "empty",
)
LOOKS = {
    FREE: ({}, "libre"),
    SCORED: ({"kept": True}, ""),
    NOTHING: ({}, "libre"),
    BLOCKED: ({"locked": True}, "bloqué"),
    EARLIER: ({"locked": True}, "bloqué"),
    EMPTY: ({"void": True}, ""),
}
CAPTION_STYLES = {
    SCORED: "bold $success",
    NOTHING: "$text-muted",
    BLOCKED: "bold $error",
    EARLIER: "$error",
    FREE: "$text-muted",
}
DIE_CELLS = 8
"""A die's width on this board (see screen.tcss); captions are written under the dice."""


MARK_LOOKS = {rules.SCORED: SCORED, rules.BLOCKED: BLOCKED, rules.VOID: NOTHING}
AUTO_PAUSE = 0.7
"""Seconds between two throws at the automatic pace (scaled by the settings)."""


def throw_table(result: ThrowResult, earlier: Sequence[int]) -> list[tuple[int, str, str]]:
    """(face, look, caption) for the dice of a throw, then the dice blocked before it."""
    table = [
        (face, MARK_LOOKS[mark], f"+{face}" if mark == rules.SCORED else "")
        for face, mark in zip(result.faces, result.marks, strict=True)
    ]
    return table + [(face, EARLIER, "") for face in earlier]


class DesBloquesScreen(GameScreen):
    CSS_PATH = "screen.tcss"
    BINDINGS = [
        Binding("l", "roll", "Lancer"),
        Binding("space", "roll", "Lancer", show=False),
        Binding("enter", "roll", "Lancer", show=False),
        Binding("a", "stop", "S'arrêter"),
        # Without the stop variant the key above is hidden; this twin explains why.
        Binding("a", "stop_refused", show=False),
        Binding("p", "pause", "Pause"),
        Binding("p", "resume", "Reprendre"),
    ]

    def __init__(self, match, match_id: int) -> None:
        super().__init__(match, match_id)
        self.verdict: Content | None = None
        """How the last turn ended, shown with its dice until the next player throws."""
        self.last_table: list[tuple[int, str, str]] = []
        self._best: tuple[int | None] | None = None
        self.lost = 0
        """Strict variant: the turn's points the last throw wiped out."""
        self.blocked_shown: list[int] = []
        """Faces blocked this turn as the table shows them while events play."""
        self.paused = False
        """The automatic pace held by the player (p): the next throw waits for a key."""

    # --- layout ------------------------------------------------------------------

    def compose_board(self) -> ComposeResult:
        yield Static(id="status")
        yield DiceTray(DICE, id="dice")
        yield Static(id="captions")
        yield Static(id="value")
        yield Static(id="total")
        yield Static(id="hint")
        with Horizontal(id="actions"):
            yield self._button("Lancer (l)", "roll", "primary")
            if self.match.state.stop_allowed:
                yield self._button("S'arrêter (a)", "stop", "success")
        yield Static(id="legend")

    @staticmethod
    def _button(label: str, ident: str, variant: str = "default") -> Button:
        button = Button(label, id=ident, variant=variant, compact=True)
        button.can_focus = False  # keys are the moves: a clicked button must not keep focus
        return button

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The stop key shows in the footer only in the variants that allow stopping."""
        if action == "stop" and not self.match.state.stop_allowed:
            return False
        if action in ("pause", "resume"):
            return self.match.state.auto and self.paused == (action == "resume")
        return super().check_action(action, parameters)

    # --- what is shown ------------------------------------------------------------

    @property
    def best(self) -> int | None:
        """A solo player's best total so far, read once per screen."""
        if self._best is None and self.match.state.seats == 1 and self.match.seats[0].profile:
            self._best = (self.app.records.record(self.match.seats[0].profile, "des_bloques").best,)
        return self._best[0] if self._best else None

    def human_to_move(self, state: DesBloquesState) -> bool:
        seat = state.to_move()
        return seat is not None and not self.match.seats[seat].bot

    def show_state(self, state: DesBloquesState) -> None:
        if state.phase == OVER:
            return
        self.show_status(state)
        self.blocked_shown = list(state.blocked)
        if state.throws:
            self.verdict = None
            self.paint(throw_table(state.last_throw, state.earlier_blocked))
        elif self.verdict is not None:
            self.paint(self.last_table)
        else:
            self.paint([])
        self.show_lines(state)
        self.show_buttons(state)
        self.query_one("#legend", Static).update(self.legend(state))
        if self.auto_throws(state):
            played = len(self.match.actions)
            pause = max(0.01, AUTO_PAUSE * self.app.animation_scale)  # a timer needs time
            self.set_timer(pause, lambda: self.auto_throw(played))

    def auto_throws(self, state: DesBloquesState) -> bool:
        """At the automatic pace, a human's turn goes on by itself once they threw first."""
        return (
            state.auto
            and not self.paused
            and state.throws > 0
            and state.phase != OVER
            and self.human_to_move(state)
        )

    def auto_throw(self, played: int) -> None:
        """The next throw of the turn, unless anything happened meanwhile (a key, an undo, a
        pause, a dialog on top)."""
        state = self.match.state
        still = len(self.match.actions) == played and not self.busy and self.app.screen is self
        if still and self.auto_throws(state):
            self.act(Roll())

    def show_status(self, state: DesBloquesState, score: int | None = None) -> None:
        score = state.scores[state.current] if score is None else score
        parts = [Content.assemble(("Score ", "bold"), (str(score), "bold $accent"))]
        if state.throws:
            parts.append(Content(f" · lancer {state.throws}"))
        if state.seats == 1 and self.best is not None:
            parts.append(Content(f" · record {self.best}"))
        elif state.seats > 1 and not state.playoff:
            best = max(state.scores)
            if state.scores[state.current] < best:
                parts.append(Content(f" · en tête : {best}"))
        self.query_one("#status", Static).update(Content.assemble(*parts))

    def paint(self, table: Sequence[tuple[int, str, str]]) -> None:
        """Faces, looks and captions of the five dice (captions on the line under them)."""
        captions = []
        for i, die in enumerate(self.query_one(DiceTray).dice):
            value, look, caption = table[i] if i < len(table) else (0, EMPTY, "")
            state, default = LOOKS[look]
            die.value = value
            die.set_state(**state)
            text = caption or default
            captions.append(Content.styled(text.center(DIE_CELLS), CAPTION_STYLES.get(look, "")))
        self.query_one("#captions", Static).update(Content(" ").join(captions))

    def show_lines(self, state: DesBloquesState) -> None:
        value = self.query_one("#value", Static)
        total = self.query_one("#total", Static)
        hint = self.query_one("#hint", Static)
        name = state.players[state.current]
        human = self.human_to_move(state)
        if not state.throws:
            value.update(self.verdict or Content(""))
            if not human:
                total.update(Content.assemble((name, "bold"), " lance…"))
            elif state.seats == 1:
                total.update(Content("À toi : lance les cinq dés (l)."))
            else:
                total.update(Content.assemble((name, "bold"), ", lance les cinq dés (l)."))
        else:
            result = state.last_throw
            style = "bold $error" if result.blocked else "bold $success"
            label = f"{self.app.glyphs.turn} {result.label}"
            if self.lost:
                label += f" ; {self.lost} perdus"
            value.update(Content.styled(label, style))
            line = Content.assemble(
                ("Points du tour : ", "bold"),
                (str(state.turn_total), "bold $accent"),
                f" · {plural(state.active, 'dé')} libre{'s' * (state.active > 1)}",
            )
            total.update(line)
        chance = percent(clean_chance(state.active))
        text = f"Prochain lancer : {plural(state.active, 'dé')}, {chance} sans 2 ni 5"
        if state.can_stop:
            text += f"\nS'arrêter (a) → {state.stop_preview()}"
            if state.strict:
                text += f" · un 2 ou un 5 coûte {state.turn_total}"
            else:
                text += " · relancer est sans risque"
        hint.update(Content(text))

    def show_buttons(self, state: DesBloquesState) -> None:
        human = self.human_to_move(state)
        self.query_one("#roll", Button).disabled = not human
        if state.stop_allowed:
            self.query_one("#stop", Button).disabled = not (human and state.can_stop)

    def legend(self, state: DesBloquesState) -> Content:
        if state.strict:
            penalty = "Un 2 ou un 5 : tout le tour est perdu,"
        else:
            penalty = "Un 2 ou un 5 : ce lancer ne rapporte rien,"
        return Content.styled(
            "Sans 2 ni 5 : le lancer rapporte sa somme.\n"
            f"{penalty}\net les 2 et les 5 restent bloqués.\n"
            "Tous les dés bloqués : fin du tour.",
            "$text-muted",
        )

    def turn_text(self, state: DesBloquesState) -> str:
        seat = state.to_move()
        if seat is None:
            return "Partie terminée"
        head = "Barrage" if state.playoff else f"Tour {state.turn}/{TURNS}"
        if state.seats == 1:
            return f"{head} · {state.players[seat]}"
        return f"{head} · Au tour de {state.players[seat]}"

    def seat_status(self, state: DesBloquesState, seat: int) -> tuple[str, bool]:
        out = bool(state.playoff) and seat not in state.playoff
        return str(state.scores[seat]), out

    def sheet(self, state: DesBloquesState) -> SheetData:
        regular = min(state.turn, TURNS)
        rows = []
        for turn in range(max(len(records) for records in state.sheet)):
            cells = []
            for records in state.sheet:
                cells.append(str(records[turn].points) if turn < len(records) else "")
            label = f"Tour {turn + 1}" if turn < regular else f"Barr. {turn + 1 - TURNS}"
            rows.append((label, tuple(cells)))
        best = max(state.scores)
        leaders = {s for s in range(state.seats) if state.scores[s] == best} if best else set()
        target = f"{TURNS} tours · 2 et 5 bloquent"
        return SheetData(
            state.players,
            tuple(rows),
            tuple(map(str, state.scores)),
            frozenset(leaders),
            target,
        )

    # --- animation ---------------------------------------------------------------

    async def animate_event(self, event: Event) -> None:
        if isinstance(event, DiceRolled):
            await self.show_throw(event)
        elif isinstance(event, TurnEnded):
            style = "bold $success" if event.points else "bold"
            self.verdict = Content.styled(event.describe(), style)
            self.query_one("#value", Static).update(self.verdict)
            self.query_one("#total", Static).update("")
            await asyncio.sleep(self.seconds(0.8))
        elif isinstance(event, PlayoffStarted):
            self.query_one("#total", Static).update(Content.styled(event.describe(), "bold"))
            await asyncio.sleep(self.seconds(0.8))
        elif isinstance(event, TurnStarted):
            self.blocked_shown = []

    async def show_throw(self, event: DiceRolled) -> None:
        self.verdict = None
        self.lost = event.lost
        result = event.result
        earlier = tuple(self.blocked_shown)
        self.blocked_shown += result.blocked
        tray = self.query_one(DiceTray)
        for line in ("#value", "#hint"):  # the advice was for this throw: it is being thrown
            self.query_one(line, Static).update("")
        self.paint([(0, FREE, " ")] * len(result.faces) + [(f, EARLIER, "") for f in earlier])
        await tray.roll(dict(enumerate(result.faces)), self.seconds(0.5))
        table = throw_table(result, earlier)
        self.paint(table)
        self.last_table = table
        style = "bold $error" if result.blocked else "bold $success"
        label = f"{self.app.glyphs.turn} {result.label}"
        self.query_one("#value", Static).update(Content.styled(label, style))
        total = self.query_one("#total", Static)
        if event.lost:
            total.update(
                Content.styled(f"Les {event.lost} points du tour sont perdus.", "bold $error")
            )
        else:
            total.update(
                Content.assemble(("Points du tour : ", "bold"), (str(event.turn_total), "bold"))
            )
        await asyncio.sleep(self.seconds(0.4 if result.blocked else 0.2))

    # --- input -------------------------------------------------------------------

    def keys_for(self, action: Action) -> list[str]:
        return ["a"] if isinstance(action, Stop) else ["l"]

    @on(Button.Pressed, "#roll")
    def action_roll(self) -> None:
        self.act(Roll())

    def action_pause(self) -> None:
        self.paused = True
        self.app.say("Pause : l pour le lancer suivant, p pour reprendre.")
        self.refresh_bindings()

    def action_resume(self) -> None:
        self.paused = False
        self.render_state()

    @on(Button.Pressed, "#stop")
    def action_stop(self) -> None:
        self.act(Stop())

    def action_stop_refused(self) -> None:
        self.act(Stop())  # the engine explains, in French, why there is no stopping here

    @on(DiceTray.Picked)
    def die_clicked(self) -> None:
        """A click on a die throws too: there is nothing to choose among the dice."""
        self.act(Roll())


SCREEN = DesBloquesScreen
