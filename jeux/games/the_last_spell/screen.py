"""The Last Spell on screen: three dice, the spell growing word by word, the instability
gauge, the score to beat."""

from __future__ import annotations

import random
from collections.abc import Mapping

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.content import Content
from textual.widgets import Button, Input, Static

from jeux.engine.core import Action, Event
from jeux.ui.dice_screen import ROLL_COMMAND, STOP_COMMAND, DiceScreen, Look
from jeux.ui.launch import played_text, saved_records
from jeux.ui.widgets.dice_tray import DiceTray
from jeux.ui.widgets.gauge import Gauge
from jeux.ui.widgets.score_sheet import SheetData

from .rules import (
    CLASSIC,
    EXPLOSION,
    EXPLOSION_RESULT,
    FAILURE,
    SPELL_WORDS,
    SUCCESS,
    DiceRolled,
    Exploded,
    LastSpellState,
    Roll,
    SpellCast,
    Stop,
    TurnStarted,
    adds_instability,
)


def die_look(face: int) -> Look:
    """A 1 adds instability and no power: locked, marked +1."""
    return Look(face, "locked", "+1", "bold $error") if adds_instability(face) else Look(face)


class LastSpellScreen(DiceScreen):
    CSS_PATH = "screen.tcss"
    DICE = 3
    BINDINGS = [
        Binding("n", "word", "Mot du sort"),
        Binding("h", "random_word", "Au hasard"),
    ]
    COMMANDS = (ROLL_COMMAND, STOP_COMMAND)

    def compose_board(self) -> ComposeResult:
        yield Static(id="status")
        yield DiceTray(self.DICE, id="dice")
        yield Static(id="captions")
        yield Static(id="value")
        yield Static(id="spell")
        yield Gauge(id="instability")
        with Horizontal(id="word-row"):
            yield Input(placeholder="Mot du sort (facultatif)", id="word", max_length=40)
            yield Button("Au hasard (h)", id="random-word", compact=True)
        yield from self.compose_commands()

    # --- moves ------------------------------------------------------------------------

    def command_action(
        self, name: str, state: LastSpellState, selection: tuple[int, ...]
    ) -> Action | None:
        """Without the word being typed: the engine judges the move, the word travels along
        when it is played (`action_command`)."""
        if state.to_move() is None:
            return None
        return Roll() if name == "roll" else Stop()

    def action_command(self, name: str) -> None:
        """Play with the word typed so far, kept in its field until the move is played."""
        action = self.command_action(name, self.match.state, ())
        if action is None:
            return
        field = self.query_one("#word", Input)
        played = len(self.match.actions)
        self.act(type(action)(field.value))
        if len(self.match.actions) > played:
            field.value = ""

    def keys_for(self, action: Action) -> list[str]:
        """n opens the word field, Enter closes it; then l throws or a casts."""
        word = ["n", *("space" if c == " " else c for c in action.word), "enter"]
        return (word if action.word else []) + ["a" if isinstance(action, Stop) else "l"]

    def action_word(self) -> None:
        self.query_one("#word", Input).focus()

    @on(Button.Pressed, "#random-word")
    def action_random_word(self) -> None:
        self.query_one("#word", Input).value = random.choice(SPELL_WORDS)
        self.render_state()

    @on(Input.Submitted, "#word")
    def word_done(self) -> None:
        self.set_focus(None)
        self.render_state()

    # --- what is shown ----------------------------------------------------------------

    def looks(self, state: LastSpellState) -> list[Look]:
        return [die_look(face) for face in state.faces]

    def status(self, state: LastSpellState) -> Content:
        return self.to_beat(state.score_to_beat, state)

    def to_beat(self, score: int, state: LastSpellState) -> Content:
        line = Content.assemble(("Score à battre : ", "bold"), (str(score), "bold $warning"))
        if state.holder is not None:
            line += Content.assemble("  (", state.players[state.holder], ")")
        if state.rounds_to_win > 1:
            line += Content(f"   Manche {state.round}")
        return line

    def value(self, state: LastSpellState) -> Content:
        throw = self.latest(DiceRolled, since=TurnStarted)
        return self.throw_text(throw) if state.rolled and throw else Content("")

    @staticmethod
    def throw_text(event: DiceRolled) -> Content:
        if event.instability >= EXPLOSION:
            return Content("")
        combination = event.combination.capitalize()
        text = f"{combination} (+{event.bonus}) : " if combination else ""
        return Content(f"{text}+{event.gained}")

    def show_state(self, state: LastSpellState) -> None:
        super().show_state(state)
        seat = state.to_move()
        if seat is None:
            return
        name = f"« {state.spell_name} »" if state.words else "sans nom"
        spell = Content.assemble(
            ("Puissance ", "bold"), (str(state.power), "bold $accent"), f"  Sort {name}"
        )
        pending = self.query_one("#word", Input).value.strip()
        if pending:
            spell += Content.assemble(" + ", pending)
        self.query_one("#spell", Static).update(spell)
        level = state.instability[seat]
        self.query_one("#instability", Gauge).show("Instabilité", level, EXPLOSION, level >= 2)

    def advice(self, state: LastSpellState) -> list[Content]:
        if (waiting := self.waiting(state)) is not None:
            return waiting
        if not state.rolled:
            return [Content("Lance les dés pour commencer ton sort.")]
        margin = state.power - state.score_to_beat
        if margin > 0:
            return [Content(f"Arrêter (a) : {state.power} bat {state.score_to_beat}.")]
        return [Content(f"Encore {1 - margin} points pour battre {state.score_to_beat}.")]

    def guide(self, state: LastSpellState) -> Content:
        return Content(
            "Les 1 : instabilité, 3 = explosion.\n"
            "Sans les 1 : brelan +5, suite +4, paire +2, trois différents +1."
        )

    def turn_text(self, state: LastSpellState) -> str:
        seat = state.to_move()
        if seat is None:
            return "Partie terminée"
        return f"{state.players[seat]} incante"

    def seat_status(self, state: LastSpellState, seat: int) -> tuple[str, bool]:
        marks = []
        if state.holder == seat:
            marks.append(f"{self.app.glyphs.star}{state.score_to_beat}")
        if state.mode != CLASSIC and state.instability[seat]:
            marks.append(f"!{state.instability[seat]}")
        return " ".join(marks), not state.alive[seat]

    def sheet(self, state: LastSpellState) -> SheetData:
        multi = state.rounds_to_win > 1
        marks = {SUCCESS: "+", FAILURE: "-", EXPLOSION_RESULT: self.app.glyphs.skull}
        rows: dict[tuple[int, int], list[str]] = {}
        for record in state.history:
            row = rows.setdefault((record.round, record.turn), [""] * state.seats)
            row[record.seat] = f"{record.power}{marks[record.result]}"
        body = tuple(
            (f"M{r}·{t}" if multi else f"Tour {t}", tuple(cells))
            for (r, t), cells in sorted(rows.items())
        )
        totals = state.rounds_won if multi else state.best_spell
        leaders = {state.holder} if state.holder is not None else set()
        if state.winner is not None:
            leaders = {state.winner}
        legend = f"+ réussi  - raté  {marks[EXPLOSION_RESULT]} explosé"
        return SheetData(state.players, body, tuple(map(str, totals)), frozenset(leaders), legend)

    @classmethod
    def results_records(cls, app, match) -> str:
        """Wins, and the strongest spell cast (not a race: no record of turns)."""
        lines = []
        for name, record in saved_records(app, match):
            best = f", meilleur score {record.best}" if record.best is not None else ""
            lines.append(f"{name} : {played_text(record)}{best}")
        return "\n".join(lines)

    # --- animation --------------------------------------------------------------------

    def thrown(self, event: Event) -> Mapping[int, int] | None:
        return dict(enumerate(event.faces)) if isinstance(event, DiceRolled) else None

    async def show_event(self, event: Event) -> None:
        if isinstance(event, DiceRolled):
            self.paint([die_look(face) for face in event.faces])
            self.line("value", self.throw_text(event))
            self.query_one("#spell", Static).update(
                Content.assemble(("Puissance ", "bold"), (str(event.power), "bold $accent"))
            )
            self.query_one("#instability", Gauge).show(
                "Instabilité", event.instability, EXPLOSION, event.instability >= 2
            )
        elif isinstance(event, Exploded):
            self.line("value", Content.styled(event.describe(), "bold $error"))
            self.add_class("-exploding")
            await self.pause(0.9)
            self.remove_class("-exploding")
        elif isinstance(event, SpellCast):
            self.line("value", Content(event.describe()))
            if event.success:
                state = self.match.state
                await self.count_up(
                    event.to_beat,
                    event.power,
                    lambda n: self.line("status", self.to_beat(n, state)),
                )
            await self.pause(0.4)


SCREEN = LastSpellScreen
