"""The Last Spell on screen: three big dice, the spell growing, the instability gauge."""

from __future__ import annotations

import asyncio
import random

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.content import Content
from textual.widgets import Button, Input, Static

from jeux.engine.core import Action, Event
from jeux.ui.game_screen import GameScreen
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
    adds_instability,
)


class LastSpellScreen(GameScreen):
    CSS_PATH = "screen.tcss"
    BINDINGS = [
        Binding("l", "roll", "Lancer"),
        Binding("space", "roll", "Lancer", show=False),
        Binding("a", "stop", "Arrêter"),
        Binding("n", "word", "Mot du sort"),
        Binding("h", "random_word", "Mot au hasard"),
    ]

    def compose_board(self) -> ComposeResult:
        yield Static(id="to-beat")
        yield DiceTray(3, id="dice")
        yield Static(id="throw")
        yield Static(id="spell")
        yield Gauge(id="instability")
        with Horizontal(id="word-row"):
            yield Input(placeholder="Mot du sort (facultatif), Entrée", id="word", max_length=40)
        with Horizontal(id="actions"):
            yield Button("Lancer (l)", id="roll", variant="primary")
            yield Button("Arrêter (a)", id="stop", variant="success")
            yield Button("Au hasard (h)", id="random-word")
        yield Static(id="explosion")

    # --- rendering ---------------------------------------------------------------

    def show_to_beat(self, score: int, holder: str | None = None, round_: int = 0) -> None:
        line = Content.assemble(("Score à battre : ", "bold"), (str(score), "bold $warning"))
        if holder:
            line += Content(f"  ({holder})")
        if round_:
            line += Content(f"   Manche {round_}")
        self.query_one("#to-beat", Static).update(line)

    def show_dice(self, faces: tuple[int, ...]) -> None:
        """The throw of the player whose turn it is; an empty tray before their first."""
        for i, die in enumerate(self.query_one(DiceTray).dice):
            face = faces[i] if faces else 0
            die.value = face
            unstable = bool(face) and adds_instability(face)
            die.set_state(void=not face, locked=unstable)
            die.caption = "+1" if unstable else ""

    def show_state(self, state: LastSpellState) -> None:
        self.show_dice(state.faces)
        holder = state.players[state.holder] if state.holder is not None else None
        self.show_to_beat(
            state.score_to_beat, holder, state.round if state.rounds_to_win > 1 else 0
        )

        seat = state.to_move()
        if seat is None:
            return
        name = f"« {state.spell_name} »" if state.words else "sans nom"
        pending = self.query_one("#word", Input).value.strip()
        spell = Content.assemble(
            ("Puissance ", "bold"), (str(state.power), "bold $accent"), f"  Sort {name}"
        )
        if pending:
            spell += Content(f" + {pending}")
        self.query_one("#spell", Static).update(spell)
        level = state.instability[seat]
        self.query_one("#instability", Gauge).show("Instabilité", level, EXPLOSION, level >= 2)
        self.query_one("#stop", Button).disabled = not state.rolled
        self.query_one("#roll", Button).label = "Continuer (l)" if state.rolled else "Lancer (l)"
        if not state.rolled:
            self.query_one("#throw", Static).update(
                Content("Lance les dés pour commencer ton sort.")
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
        legend = f"+ réussi · - raté · {marks[EXPLOSION_RESULT]} explosé"
        return SheetData(state.players, body, tuple(map(str, totals)), frozenset(leaders), legend)

    # --- animation ---------------------------------------------------------------

    async def animate_event(self, event: Event) -> None:
        if isinstance(event, DiceRolled):
            tray = self.query_one(DiceTray)
            for die in tray.dice:
                die.caption = ""
                die.set_state()
            await tray.roll(dict(enumerate(event.faces)), self.seconds(0.5))
            self.show_dice(event.faces)
            combination = event.combination.capitalize()
            text = f"{combination} (+{event.bonus}) : " if combination else ""
            self.query_one("#throw", Static).update(
                Content(f"{text}+{event.gained}" if event.instability < EXPLOSION else "")
            )
            self.query_one("#spell", Static).update(
                Content.assemble(("Puissance ", "bold"), (str(event.power), "bold $accent"))
            )
            self.query_one("#instability", Gauge).show(
                "Instabilité", event.instability, EXPLOSION, event.instability >= 2
            )
        elif isinstance(event, Exploded):
            await self.explode(event.player)
        elif isinstance(event, SpellCast):
            self.query_one("#throw", Static).update(Content(event.describe()))
            if event.success:
                await self.count_up(event.to_beat, event.power, self.show_to_beat)
            await asyncio.sleep(self.seconds(0.4))

    async def explode(self, player: str) -> None:
        banner = self.query_one("#explosion", Static)
        banner.update(Content(f"EXPLOSION MAGIQUE — {player} est éliminé·e"))
        self.add_class("-exploding")
        await asyncio.sleep(self.seconds(0.9))
        self.remove_class("-exploding")
        banner.update("")

    # --- input -------------------------------------------------------------------

    def keys_for(self, action: Action) -> list[str]:
        """n opens the word field, Enter closes it; then l throws or a casts."""
        word = ["n", *("space" if c == " " else c for c in action.word), "enter"]
        return (word if action.word else []) + ["a" if isinstance(action, Stop) else "l"]

    def cast(self, kind: type[Roll] | type[Stop]) -> None:
        """Play with the word typed so far, kept in its field until the move is played."""
        field = self.query_one("#word", Input)
        played = len(self.match.actions)
        self.act(kind(field.value))
        if len(self.match.actions) > played:
            field.value = ""

    @on(Button.Pressed, "#roll")
    def action_roll(self) -> None:
        self.cast(Roll)

    @on(Button.Pressed, "#stop")
    def action_stop(self) -> None:
        self.cast(Stop)

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


SCREEN = LastSpellScreen
