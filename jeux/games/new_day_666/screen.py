"""New Day 666 on screen: three dice a day (morning, noon, evening), the day's sum as a bar,
a line of story typed under them, the diary on the side; the diaries of past lives to reread
and export.

It stands on DiceScreen (three dice, commands with keys and buttons, the tumble) with a row of
text fields under the tray: the fields take the keys while a line is being written, and
Entrée plays the move the fields hold (Escape hands the keys back to the commands)."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.widgets import Button, Input, Static

from jeux.engine.core import Action, Event
from jeux.engine.journal import JournalSection
from jeux.engine.match import Match
from jeux.engine.text import plural
from jeux.store.records import SavedMatch
from jeux.ui.dice_screen import Command, DiceScreen, Look
from jeux.ui.launch import ExtraStart, saved_records
from jeux.ui.screens.around.journals import JournalsScreen, when_text
from jeux.ui.screens.confirm import NoteScreen
from jeux.ui.widgets.dice_tray import DiceTray
from jeux.ui.widgets.game_field import GameField
from jeux.ui.widgets.score_sheet import SheetData

from .game import GAME
from .rules import (
    ACHIEVED,
    CREATE,
    DAY,
    DEATH_STORY,
    GOAL_LIMIT,
    HIGHEST,
    LIFE_LIMIT,
    LINE_LIMIT,
    LOWEST,
    NAME_LIMIT,
    OVER,
    STORY,
    Achieve,
    Begin,
    DayRolled,
    DaysRolled,
    Farewell,
    FastForward,
    LifeEnded,
    NewDayState,
    Roll,
    Write,
    diary_sections,
    is_death,
    lived_text,
    tier_of,
)

TIME_OF_DAY = ("matin", "midi", "soir")
TIER_STYLES = {"belle": "$success", "ordinaire": "$warning", "mauvaise": "$error"}
SHEET_ROWS = 40
"""The diary on the side keeps its last days: a long life is reread in the journal."""

FIELDS: dict[str, tuple[tuple[str, str, str, int], ...]] = {
    CREATE: (
        ("character", "Personnage", "son nom (facultatif)", NAME_LIMIT),
        ("goal", "Objectif", "ce qu'il ou elle veut (facultatif)", GOAL_LIMIT),
    ),
    STORY: (("line", "Ce jour-là", "une ligne (facultatif)", LINE_LIMIT),),
    DEATH_STORY: (
        ("cause", "Sa mort", "ce qui l'emporte (facultatif)", LINE_LIMIT),
        ("life", "Sa vie", "ses moments forts (facultatif)", LIFE_LIMIT),
    ),
}
"""The text fields of each phase: (action field, label, placeholder, length)."""


class NewDayScreen(DiceScreen):
    CSS_PATH = "screen.tcss"
    DICE = 3
    CAPTION_CELLS = 10
    COMMANDS = (
        Command("go", "Jour suivant", "l", "primary", ("space",)),
        Command("fast", "Une semaine", "r"),
        Command("goal", "Fin heureuse", "o", "success"),
    )
    BINDINGS = [
        Binding("e", "write", "Écrire"),
        Binding("j", "journals", "Journaux", show=False),  # its button says it
    ]

    def __init__(self, match: Match, match_id: int) -> None:
        super().__init__(match, match_id)
        self._record: tuple[int | None] | None = None
        self.fields_for = -1
        """The number of actions when the fields were last laid out: a new move clears them."""
        self.undoing = False
        """While an undo lays the board out again: its fields take no focus."""

    # --- layout -----------------------------------------------------------------------

    def compose_board(self) -> ComposeResult:
        """DiceScreen's board with the story fields between the dice and the commands."""
        yield Static(id="status")
        yield DiceTray(self.DICE, id="dice")
        yield Static(id="captions")
        yield Static(id="value")
        yield Static(id="advice")
        with Vertical(id="fields"):
            for i in range(2):
                with Horizontal(classes="field-row", id=f"row-{i}"):
                    yield Static(classes="field-label", id=f"label-{i}")
                    yield GameField(id=f"field-{i}", compact=True)
        with Horizontal(id="actions"):
            yield from self.command_buttons()
            journals = Button("Journaux (j)", id="journals", compact=True)
            journals.can_focus = False
            yield journals
        yield Static(id="guide")

    def field(self, i: int) -> GameField:
        return self.query_one(f"#field-{i}", GameField)

    # --- moves ------------------------------------------------------------------------

    def command_action(
        self, name: str, state: NewDayState, selection: tuple[int, ...]
    ) -> Action | None:
        phase = state.phase
        if name == "go":
            return {CREATE: Begin(), DAY: Roll(), STORY: Write(), DEATH_STORY: Farewell()}.get(
                phase
            )
        if name == "fast":
            return FastForward() if phase == DAY and state.fast_days else None
        if name == "goal":
            return Achieve() if phase == DAY else None
        return None

    def command_words(self, command: Command, state: NewDayState) -> str:
        if command.name == "go":
            return {
                CREATE: "Commencer",
                DAY: "Jour suivant",
                STORY: "Écrire la journée",
                DEATH_STORY: "Dire adieu",
            }.get(state.phase, command.label)
        if command.name == "fast":
            return "Une semaine" if state.fast_days == 7 else "Un mois"
        return command.label

    def typed(self, action: Action) -> Action:
        """The action with the text of the fields."""
        names = [name for name, *_ in FIELDS.get(self.match.state.phase, ())]
        values = {name: self.field(i).value for i, name in enumerate(names)}
        return dataclasses.replace(action, **values) if values else action

    def action_command(self, name: str) -> None:
        state = self.match.state
        action = self.command_action(name, state, ())
        if isinstance(action, Achieve) and not self.busy and state.can_achieve:
            self.app.push_screen(AchievedScreen(state.hero), self.achieved)
        elif action is not None and not self.busy:
            self.act(self.typed(action))
        else:
            super().action_command(name)

    def achieved(self, note: str | None) -> None:
        if note is not None:
            self.act(Achieve(note=note))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "pick":
            return False  # nothing to pick: the dice only tell the day
        if action == "write":
            return self.match.state.phase in FIELDS
        if action == "command":
            return self.command_action(str(parameters[0]), self.match.state, ()) is not None
        return super().check_action(action, parameters)

    def action_pick(self, index: int) -> None:
        """A click on a die lives the day (or writes it): there is nothing to choose."""
        self.action_command("go")

    def action_undo(self) -> None:
        """Back one decision, with no field taking the keys: the next key may be any move,
        and `e` writes (a field focused by the undo would swallow it)."""
        self.undoing = True
        super().action_undo()
        self.undoing = False

    def action_write(self) -> None:
        """Back into the first field left to write."""
        self.focus_field()

    @on(Input.Submitted, "#field-0")
    def first_written(self) -> None:
        if self.query_one("#row-1").display:
            self.field(1).focus()
        else:
            self.submit()

    @on(Input.Submitted, "#field-1")
    def submit(self) -> None:
        self.set_focus(None)
        self.action_command("go")

    @on(Button.Pressed, "#journals")
    def action_journals(self) -> None:
        self.app.push_screen(NewDayJournals(self.match_id))

    def keys_for(self, action: Action) -> list[str]:
        if isinstance(action, Roll | FastForward):
            return super().keys_for(action)
        if isinstance(action, Achieve):
            return ["o", *action.note, "enter"]
        texts = [getattr(action, name) for name, *_ in FIELDS[self.match.state.phase]]
        keys = [] if self.focused_field() is not None else ["e"]
        for text in texts:
            keys += [*text, "enter"]
        return keys

    def focused_field(self) -> int | None:
        focused = self.focused
        return next((i for i in range(2) if focused is self.field(i)), None)

    # --- what is shown ----------------------------------------------------------------

    def show_state(self, state: NewDayState) -> None:
        super().show_state(state)
        self.show_fields(state)

    def show_fields(self, state: NewDayState) -> None:
        fields = FIELDS.get(state.phase, ()) if self.decides_here(state) else ()
        fresh = len(self.match.actions) != self.fields_for
        self.fields_for = len(self.match.actions)
        self.query_one("#fields").display = bool(fields)
        for i in range(2):
            row = self.query_one(f"#row-{i}")
            row.display = i < len(fields)
            if i < len(fields):
                _, label, placeholder, limit = fields[i]
                if state.phase == STORY and len(state.diary[-1].days) > 1:
                    label = "Ces jours"
                self.query_one(f"#label-{i}", Static).update(Content(label))
                field = self.field(i)
                field.placeholder, field.max_length = placeholder, limit
                if fresh:
                    field.value = ""
        if fields and fresh and not self.undoing:
            self.focus_field()
        elif not fields and self.focused_field() is not None:
            self.set_focus(None)

    def focus_field(self) -> None:
        if self.query_one("#fields").display:
            self.field(0).focus()

    def looks(self, state: NewDayState) -> list[Look]:
        day = state.last_day
        return self.day_looks(day.faces) if day else [Look(0, "void", when) for when in TIME_OF_DAY]

    def status(self, state: NewDayState) -> Content:
        parts = [Content.styled(state.hero, "bold")]
        if state.goal:
            parts.append(Content(f" · veut {state.goal}"))
        return Content.assemble(*parts)

    def value(self, state: NewDayState) -> Content:
        day = state.last_day
        if day is None or state.phase == CREATE:
            return Content.styled("Trois dés par jour : plus c'est bas, mieux c'est.", "dim")
        return self.day_bar(state, day.total, day.number)

    def day_bar(self, state: NewDayState, total: int, number: int) -> Content:
        """ND-1: the day's sum from 3 to 18 as a bar, with its tier when the option is on."""
        cells = HIGHEST - LOWEST + 1
        filled = total - LOWEST + 1
        if total == HIGHEST:
            style = "bold $error"
        elif state.tiers:
            style = f"bold {TIER_STYLES[tier_of(total)]}"
        else:
            style = "bold $accent"
        glyphs = self.app.glyphs
        bar = glyphs.full * filled + glyphs.empty * (cells - filled)
        return Content.assemble(
            (f"Jour {number} : {total:>2} ", "bold"),
            (bar, style),
            (f"  {state.quality(total)}", style if state.tiers else "$text-muted"),
        )

    def advice(self, state: NewDayState) -> list[Content]:
        phase = state.phase
        if phase == OVER:
            return [Content(state.summary())]
        if not self.decides_here(state):  # a replay: nobody is asked anything
            return [Content(f"Jour {state.day}.")]
        if phase == CREATE:
            return [
                Content("Imagine un personnage et donne-lui un objectif."),
                Content.styled("Entrée passe au champ suivant, puis commence.", "$text-muted"),
            ]
        if phase == STORY:
            return [
                Content(f"Que se passe-t-il, {self.when(state)} ?"),
                Content.styled("Entrée écrit la ligne ; vide, elle passe.", "$text-muted"),
            ]
        if phase == DEATH_STORY:
            return [
                Content.styled(f"Trois 6 : {state.hero} meurt le jour {state.day}.", "bold $error"),
                Content.styled("Imagine ce qui l'emporte, et repense à sa vie.", "$text-muted"),
            ]
        lines = [Content(f"Un jour de plus : jour {state.day}.")]
        if state.can_achieve:
            lines.append(Content.styled("Objectif atteint ? Fin heureuse (o).", "$text-muted"))
        return lines

    @staticmethod
    def when(state: NewDayState) -> str:
        """The day being told, or the run of days in the fast mode."""
        entry = state.diary[-1]
        if entry.first == entry.last:
            return f"le jour {entry.first}"
        return f"du jour {entry.first} au jour {entry.last}"

    def guide(self, state: NewDayState) -> Content:
        if state.phase in FIELDS:
            return Content("Entrée valide · Échap rend les touches au jeu.")
        return Content("Trois 6 le même jour : le personnage meurt.")

    def turn_text(self, state: NewDayState) -> str:
        if state.phase == OVER:
            return "Fin de la vie"
        if state.phase == CREATE:
            return "Un nouveau personnage"
        record = self.solo_best()
        best = f" · record {plural(record, 'jour')}" if record is not None else ""
        return f"Jour {state.day} · {lived_text(state.survived)}{best}"

    def solo_best(self) -> int | None:
        """The player's longest life so far, read once."""
        if self._record is None:
            profile = self.match.seats[0].profile
            best = (
                self.app.records.record(profile, GAME.info.id, before=self.match_id).best
                if profile
                else None
            )
            self._record = (best,)
        return self._record[0]

    def seat_status(self, state: NewDayState, seat: int) -> tuple[str, bool]:
        return plural(state.survived, "jour"), state.phase == OVER and state.ending != ACHIEVED

    def sheet(self, state: NewDayState) -> SheetData:
        rows = []
        for day in state.days[-SHEET_ROWS:]:
            cell = "6 6 6" if day.fatal else " ".join(map(str, day.faces))
            rows.append((f"J{day.number}", (cell,)))
        target = "Trois 6 : la fin"
        if (best := self.solo_best()) is not None:
            target += f" · record {best}"
        won = frozenset({0}) if state.ending == ACHIEVED else frozenset()
        return SheetData((state.hero,), tuple(rows), (plural(state.survived, "jour"),), won, target)

    # --- animation --------------------------------------------------------------------

    def thrown(self, event: Event) -> Mapping[int, int] | None:
        if isinstance(event, DayRolled):
            return dict(enumerate(event.faces))
        if isinstance(event, DaysRolled):
            return dict(enumerate(event.days[-1].faces))
        return None

    async def animate_event(self, event: Event) -> None:
        faces = self.thrown(event)
        if faces and faces[0] == faces[1] == 6 and not self.skipping:
            # Two 6s: the evening die takes its time.
            self.line("advice", "")
            tray = self.query_one(DiceTray)
            for die in tray.dice:
                die.set_state()
            await tray.roll({0: 6, 1: 6}, self.seconds(0.5))
            self.line("value", Content.styled("Deux 6…", "bold $warning"))
            await tray.roll({2: faces[2]}, self.seconds(1.2))
            await self.show_event(event)
            return
        await super().animate_event(event)

    async def show_event(self, event: Event) -> None:
        state = self.match.state
        if isinstance(event, DayRolled | DaysRolled):
            days = [event] if isinstance(event, DayRolled) else event.days
            last = days[-1]
            number = last.day if isinstance(last, DayRolled) else last.number
            faces = last.faces
            self.paint(self.day_looks(faces))
            self.line("value", self.day_bar(state, sum(faces), number))
            if isinstance(event, DaysRolled):
                self.line("advice", Content.styled(event.describe(), "bold"))
            await self.pause(1.0 if is_death(faces) else 0.3)
        elif isinstance(event, LifeEnded):
            self.line("advice", Content.styled(event.summary, "bold"))
            await self.pause(0.8)

    def day_looks(self, faces: Sequence[int]) -> list[Look]:
        """Morning, noon and evening; three 6s marked as the end."""
        if is_death(faces):
            skull = self.app.glyphs.skull
            return [Look(6, "locked", skull if i == 1 else "", "bold $error") for i in range(3)]
        return [Look(face, "", when) for face, when in zip(faces, TIME_OF_DAY, strict=True)]

    # --- hooks for the shared screens (jeux.ui.launch.screen_hook) -------------------------

    @staticmethod
    def results_starts(app, match: Match) -> list[ExtraStart]:
        return [NewDayJournals.results_start(app, "Relire et exporter tes vies.")]

    @staticmethod
    def results_records(app, match: Match) -> str:
        lines = []
        for name, record in saved_records(app, match):
            line = f"{name} : {plural(record.played, 'vie')}"
            if record.best is not None:
                line += f", record {lived_text(record.best)}"
            if record.won:
                line += f", {plural(record.won, 'objectif')} atteint{'s' * (record.won > 1)}"
            lines.append(line)
        lines.append("Le score : les jours vécus jusqu'au bout.")
        return "\n".join(lines)

    @staticmethod
    def history_screen(app) -> NewDayJournals:
        return NewDayJournals()


class AchievedScreen(NoteScreen):
    """Confirm the happy ending, with room for how the goal was reached."""

    BINDINGS = [Binding("escape", "cancel", "Continuer la vie")]
    invite = "La vie s'arrête ici, heureuse. Comment, si tu veux :"
    confirm, confirm_id = "Objectif atteint", "done"
    limit = LINE_LIMIT

    def __init__(self, hero: str) -> None:
        super().__init__()
        self.hero = hero

    def question(self) -> Content:
        return Content.from_markup("[b]$hero atteint son objectif ?[/b]", hero=self.hero)


class NewDayJournals(JournalsScreen):
    """Every life kept, newest first: reread its diary, export it as Markdown."""

    game = GAME
    slug = "new-day-666"
    empty = "Vis une vie à New Day 666 : son journal apparaîtra ici."
    matches_title = "Vies"

    def session_line(self, saved: SavedMatch, state: NewDayState) -> Content:
        name = saved.names[0] if saved.names else "?"
        if state.ending is None:
            end, style = "en cours", "$accent"
        elif state.ending == ACHIEVED:
            end, style = "objectif atteint", "$success"
        else:
            end, style = "trois 6", "$error"
        return Content.assemble(
            (when_text(saved.updated), "bold"),
            " · ",
            name,
            (f"\n{state.hero}\n", "$text-muted"),
            (lived_text(state.survived), "$text-muted"),
            " · ",
            (end, f"bold {style}"),
        )

    def sections(self, state: NewDayState, when: str) -> list[JournalSection]:
        return diary_sections(state, when)


SCREEN = NewDayScreen
