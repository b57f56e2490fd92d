"""Le Labyrinthe on screen: the path of ten steps with each explorer on it, the d20 (two
after a vision, keep one), the question the table asks, the journal's line typed before a
throw (or the name of an item found); beside, each explorer's life points and items."""

from __future__ import annotations

from collections.abc import Mapping

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.content import Content
from textual.widgets import Input, Static

from jeux.engine.core import Action, Event
from jeux.engine.text import de, plural
from jeux.ui.dice_screen import ROLL_COMMAND, Command, DiceScreen, Look
from jeux.ui.widgets.dice_tray import DiceTray
from jeux.ui.widgets.game_field import GameField
from jeux.ui.widgets.score_sheet import SheetData

from .present import (
    CELL,
    TABLE,
    die_word,
    explorer_lines,
    marker_row,
    marks,
    path_row,
    question,
    stations,
)
from .rules import (
    ADVANCE,
    CRITICAL,
    EXIT,
    FIND,
    HEAL,
    HELP,
    ITEM,
    ITEM_LIMIT,
    KEEP,
    LOST,
    MALUS,
    MAX_HP,
    NOTE_LIMIT,
    PAY,
    ROLL,
    ROOM,
    STAY,
    STEPS,
    TOKEN,
    TRAP,
    Answer,
    Arrived,
    Bonus,
    Died,
    Exit,
    GameOver,
    Help,
    Helped,
    Keep,
    LabyrintheState,
    Left,
    Resolved,
    Roll,
    Rolled,
    band,
    modified,
    worth,
)


class JournalField(GameField):
    """The journal's line (j): Entrée hands the keys back to the game, as Échap does."""


class LabyrintheScreen(DiceScreen):
    CSS_PATH = "screen.tcss"
    DICE = 2
    SIDES = 20
    COMMANDS = (
        ROLL_COMMAND,
        Command("keep", "Garder", "g", "success"),
        Command("help", "Aider (−1 PV)", "a", "warning"),
        Command("refuse", "Refuser", "n"),
        Command("pay", "Payer 1 PV", "p", "warning"),
        Command("advance", "Avancer", "v", "primary"),
        Command("item", "Objet", "o", "primary"),
        Command("heal", "+1 PV", "s", "success"),
        Command("token", "Jeton", "t", "success"),
        Command("stay", "Rester", "r"),
        Command("leave", "Sortir", "x", "success"),
        Command("wait", "Attendre", "a", "warning"),
    )
    BINDINGS = [Binding("j", "journal", "Écrire")]

    def __init__(self, match, match_id: int) -> None:
        super().__init__(match, match_id)
        self._field_for = -1

    def compose_board(self) -> ComposeResult:
        yield Static(id="path")
        yield from super().compose_board()
        with Horizontal(id="journal-row"):
            yield Static("Carnet (j)", id="journal-label")
            yield JournalField(id="journal", max_length=NOTE_LIMIT, compact=True)

    def on_mount(self) -> None:
        """Each explorer's life and items take the score sheet's place beside the board."""
        self.mount_side_panel("explorers", "Explorateurs")
        board = self.query_one("#board")
        board.move_child(self.query_one("#journal-row"), before=self.query_one("#guide"))

    # --- moves ------------------------------------------------------------------------

    def command_action(
        self, name: str, state: LabyrintheState, selection: tuple[int, ...]
    ) -> Action | None:
        phase = state.phase
        text = self.query_one(JournalField).value
        if phase == ROLL:
            return Roll(note=text) if name == "roll" else None
        if phase == KEEP:
            return Keep(selection[0] if len(selection) == 1 else -1) if name == "keep" else None
        if phase == HELP:
            return {"help": Help(True), "refuse": Help(False)}.get(name)
        if phase == TRAP:
            return {"pay": Answer(PAY), "stay": Answer(STAY), "token": Answer(TOKEN)}.get(name)
        if phase == ROOM:
            return {"advance": Answer(ADVANCE), "stay": Answer(STAY)}.get(name)
        if phase == CRITICAL:
            return {"token": Answer(TOKEN), "stay": Answer(STAY)}.get(name)
        if phase == FIND:
            bonus = {"item": Bonus(ITEM, item=text), "heal": Bonus(HEAL), "token": Bonus(TOKEN)}
            return bonus.get(name)
        if phase == EXIT:
            return {"leave": Exit(True), "wait": Exit(False)}.get(name)
        return None

    def dice_of(self, action: Action) -> tuple[int, ...] | None:
        return (action.die,) if isinstance(action, Keep) else None

    def default_selection(self, state: LabyrintheState) -> tuple[int, ...]:
        """After a vision, the better die is picked: g keeps it, 1 or 2 changes it."""
        if state.phase != KEEP:
            return ()
        a, b = (worth(modified(face, state.penalty)) for face in state.faces)
        return (0,) if a >= b else (1,)

    def may_select(self, state: LabyrintheState, chosen: frozenset[int]) -> bool:
        return len(chosen) <= 1

    def action_pick(self, index: int) -> None:
        """One die is kept: its key picks it, whichever was picked before. A click on the
        d20 throws it when a throw comes next (the keys 1 and 2 serve only the keep)."""
        state = self.match.state
        if state.phase == ROLL and not self.busy:
            self.action_command("roll")
            return
        if state.phase == KEEP and not self.busy and self.decides_here(state):
            self.sync_selection()
            self.selection = (index,)
            self.render_state()
            return
        super().action_pick(index)

    def pick_refusal(self, state: LabyrintheState, index: int) -> str:
        if state.phase == ROLL:
            return "Lance d'abord le d20 (l)."
        return "Un seul dé est lancé : réponds à la question posée."

    def keys_for(self, action: Action) -> list[str]:
        if isinstance(action, Roll) and action.note:
            return ["j", *action.note, "enter", "l"]
        if isinstance(action, Bonus) and action.item:
            return ["j", *action.item, "enter", "o"]
        return super().keys_for(action)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The footer shows only the answers to the question asked."""
        state = self.match.state
        if action == "command":
            offered = self.command_action(str(parameters[0]), state, self.selection)
            return offered is not None and self.decides_here(state)
        if action == "pick":
            return state.phase == KEEP and self.decides_here(state)
        if action == "journal":
            return state.phase in (ROLL, FIND) and self.decides_here(state)
        return super().check_action(action, parameters)

    def action_journal(self) -> None:
        field = self.query_one(JournalField)
        if not field.disabled:
            field.focus()

    @on(Input.Submitted, "#journal")
    def line_written(self) -> None:
        """Entrée hands the keys back: the line goes with the next throw (or item)."""
        self.set_focus(None)

    def command_words(self, command: Command, state: LabyrintheState) -> str:
        if command.name == "stay" and state.phase == CRITICAL:
            return "Subir −2 PV"
        if command.name == "advance":
            return "Avancer, −2 au jet"
        if command.name == "leave" and state.phase == EXIT:
            return "Sortir seul·e"
        return command.label

    # --- what is shown ----------------------------------------------------------------

    def show_state(self, state: LabyrintheState) -> None:
        super().show_state(state)
        self.show_path(state)
        self.show_explorers(state)
        self.show_journal(state)
        faces = len(state.faces) if state.faces else len(self.last_faces())
        self.query_one(DiceTray).dice[1].display = faces > 1

    def last_faces(self) -> tuple[int, ...]:
        rolled = self.latest(Rolled)
        return rolled.faces if rolled else ()

    def show_path(self, state: LabyrintheState) -> None:
        places = stations(state, self.app.glyphs.star)
        letters = marks(state.players)
        seat = state.whose_turn()
        seat = 0 if seat is None else seat
        path = path_row(places, "─")  # the ASCII setting redraws it with "-"
        # the columns this explorer has walked; the goal keeps its own look, even reached
        reached = min(state.step[seat] * CELL + 1, len(path) - 1)
        row = Content.assemble(
            (path[:reached], "bold $success"),
            (path[reached:-1], "$text-muted"),
            (path[-1], "bold $accent"),
        )
        top = Content(marker_row(places, letters)).stylize("bold")
        self.line("path", Content("\n").join([top, row]))

    def show_explorers(self, state: LabyrintheState) -> None:
        glyphs = self.app.glyphs
        blocks = []
        for seat, name in enumerate(state.players):
            hp = max(0, state.hp[seat])
            danger = hp <= 1 or state.status[seat] == LOST
            bar = glyphs.full * hp + glyphs.empty * (MAX_HP - hp)
            head = Content.assemble(
                (name, "bold"),
                " PV ",
                (bar, "bold $error" if danger else "bold $success"),
                f" {hp}/{MAX_HP}",
            )
            lines = [head, *(Content(line) for line in explorer_lines(state, seat))]
            lines += [Content(f"· {item}") for item in state.items[seat][-3:]]
            blocks.append(Content("\n").join(lines))
        self.line("explorers", Content("\n").join(blocks))

    def show_journal(self, state: LabyrintheState) -> None:
        """A new decision starts with an empty line; the field serves the throw (a line of
        the journal) and the discovery (the item's name)."""
        field = self.query_one(JournalField)
        label = self.query_one("#journal-label", Static)
        writing = state.phase in (ROLL, FIND) and self.decides_here(state)
        if len(self.match.actions) != self._field_for:
            self._field_for = len(self.match.actions)
            field.value = ""
        field.disabled = not writing
        if state.phase == FIND:
            label.update("Objet (j)")
            field.max_length = ITEM_LIMIT
            field.placeholder = f"facultatif, sinon {state.suggested_item()}"
        else:
            label.update("Carnet (j)")
            field.max_length = NOTE_LIMIT
            field.placeholder = "une ligne pour cette étape (facultatif)"
        if not writing and field.has_focus:
            self.set_focus(None)

    def status(self, state: LabyrintheState) -> Content:
        seat = state.whose_turn()
        if seat is None:
            return Content("")
        parts = [f"Étape {state.step[seat]}/{STEPS}", f"{state.hp[seat]} PV"]
        if state.tokens[seat]:
            parts.append(plural(state.tokens[seat], "jeton"))
        if state.seats == 1:
            parts.append(self.record_words())
        return Content(" · ".join(parts))

    def looks(self, state: LabyrintheState) -> list[Look]:
        if state.phase == KEEP:
            looks = []
            for i, face in enumerate(state.faces):
                shown = modified(face, state.penalty)
                word = f"→ {shown}" if shown != face else die_word(shown)
                picked = i in self.selection
                looks.append(Look(face, "selected" if picked else "selectable", word))
            return looks
        if state.face:
            return [Look(state.natural, "kept", die_word(state.face))]
        faces = self.last_faces()
        resolved = self.latest(Resolved)
        word = die_word(resolved.face) if resolved and len(faces) == 1 else ""
        return [Look(face, "void", word) for face in faces]

    def value(self, state: LabyrintheState) -> Content:
        resolved = self.latest(Resolved)
        if state.phase == KEEP:
            then = f", puis −{MALUS}" if state.penalty else ""
            return Content.styled(f"Deux dés : garde-en un{then}.", "bold $accent")
        if state.phase == HELP:
            return self.result_line(state.players[state.current], state.natural, state.face)
        if resolved is None:
            return Content("")
        return self.result_line(resolved.player, resolved.natural, resolved.face)

    def result_line(self, player: str, natural: int, face: int) -> Content:
        line = band(face)
        shown = f"{natural} − {MALUS} = {face}" if natural != face else str(face)
        who = f"{player} : " if self.match.state.seats > 1 else ""
        return Content.assemble(
            (f"{who}{shown}, {line.name.lower()}", "bold $accent"), f" ({line.effect})"
        )

    def advice(self, state: LabyrintheState) -> list[Content]:
        if (waiting := self.waiting(state)) is not None:
            return waiting
        return [Content(line) for line in question(state)]

    def guide(self, state: LabyrintheState) -> Content:
        return Content(TABLE)

    def turn_text(self, state: LabyrintheState) -> str:
        seat = state.whose_turn()
        if seat is None:
            return "Partie terminée"
        head = f"Tour {state.turns[seat]}"
        name = state.players[seat]
        return f"{head} · {name}" if state.seats == 1 else f"{head} · Au tour {de(name)}"

    def seat_status(self, state: LabyrintheState, seat: int) -> tuple[str, bool]:
        return f"{state.step[seat]}/{STEPS} · {state.hp[seat]} PV", state.status[seat] == LOST

    def sheet(self, state: LabyrintheState) -> SheetData:
        """The results' sheet: where each explorer ended, with what."""
        rows = (
            ("Étape", tuple(str(step) for step in state.step)),
            ("PV", tuple(str(hp) for hp in state.hp)),
            ("Objets", tuple(str(len(items)) for items in state.items)),
            ("Tours", tuple(str(turns) for turns in state.turns)),
        )
        return SheetData(state.players, rows)

    # --- animation --------------------------------------------------------------------

    async def animate_event(self, event: Event) -> None:
        if isinstance(event, Rolled):
            self.query_one(DiceTray).dice[1].display = len(event.faces) > 1
        await super().animate_event(event)

    def thrown(self, event: Event) -> Mapping[int, int] | None:
        if isinstance(event, Rolled):
            return dict(enumerate(event.faces))
        if isinstance(event, Helped):
            return {0: event.face}
        return None

    async def show_event(self, event: Event) -> None:
        if isinstance(event, Rolled) and len(event.faces) == 1:
            self.paint([Look(event.faces[0], "kept", die_word(event.faces[0]))])
            await self.pause(0.2)
        elif isinstance(event, Resolved):
            self.paint([Look(event.natural, "kept", die_word(event.face))])
            self.line("value", self.result_line(event.player, event.natural, event.face))
            await self.pause(0.6)
        elif isinstance(event, Arrived | Died | Left | GameOver):
            self.line("advice", Content.styled(event.describe(), "bold"))
            await self.pause(1.0)


SCREEN = LabyrintheScreen
