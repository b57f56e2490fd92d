"""Meaning Dice on screen: the scenario, the picture dice on the table (drawn ones show their
meaning), one line to write in, and the claims and votes.

Built on GameScreen, not DiceScreen: DiceScreen's tray draws pips of d6s and builds actions
from dice picked among the legal ones with no text, while every move here carries a typed
meaning or link and the dice are pictures with words; its selection, captions and races have
nothing to hold.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal
from textual.content import Content
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Button, Input, Static

from jeux.engine.core import Action, Event
from jeux.engine.journal import JournalSection
from jeux.engine.match import Match
from jeux.engine.text import de, plural
from jeux.store.records import SavedMatch
from jeux.ui.game_screen import GameScreen
from jeux.ui.launch import ExtraStart, played_text, saved_records
from jeux.ui.screens.around.journals import JournalsScreen as BaseJournals
from jeux.ui.screens.around.journals import when_text
from jeux.ui.widgets.game_field import GameField
from jeux.ui.widgets.score_sheet import SheetData

from .game import GAME
from .pictures import picture
from .rules import (
    BALLOT,
    JUDGE,
    LAST,
    MJ,
    PLAY,
    SCENARIO,
    TEXT_LIMIT,
    Associate,
    Claim,
    DiceAssociated,
    DieDrawn,
    DieRerolled,
    Draw,
    GameEnded,
    GiveUp,
    Judge,
    MeaningState,
    Reroll,
    Scenario,
    SolutionClaimed,
    Verdict,
    Vote,
    journal_sections,
    suggestions,
)

COMMANDS = {
    # name: (label, key, phases)
    "valider": ("Valider", "v", (SCENARIO,)),
    "piocher": ("Piocher", "p", (PLAY,)),
    "relier": ("Relier", "r", (PLAY,)),
    "relancer": ("Relancer", "l", (PLAY,)),
    "resolu": ("Résolu !", "s", (PLAY, LAST)),
    "abandon": ("Renoncer", "x", (LAST,)),
    "oui": ("Oui", "o", (JUDGE, BALLOT)),
    "non": ("Non", "n", (JUDGE, BALLOT)),
}


class Tile(Static):
    """One die on the table: its number, its picture and its word, or its meaning once drawn."""

    class Clicked(Message):
        def __init__(self, die: int) -> None:
            super().__init__()
            self.die = die

    def __init__(self, die: int) -> None:
        super().__init__(classes="tile", markup=False)
        self.die = die

    def show(self, state: MeaningState, art: str | None = None) -> None:
        die = state.dice[self.die]
        shown = picture(self.die, die.face)
        words = Content.styled(f"« {die.meaning} »", "italic") if die.drawn else Content(shown.name)
        self.update(
            Content.assemble(
                (f"{self.die + 1:>2} ", "bold"), (art or shown.art, "bold $accent"), " ", words
            )
        )
        self.set_class(die.drawn, "-drawn")

    def on_click(self) -> None:
        self.post_message(self.Clicked(self.die))


class WritingLine(GameField):
    """The line to write (e)."""

    BINDINGS = [Binding("escape", "leave", "Quitter la ligne")]


class MeaningDiceScreen(GameScreen):
    CSS_PATH = "screen.tcss"
    BINDINGS = [
        *(Binding(key, f"command('{name}')", label) for name, (label, key, _) in COMMANDS.items()),
        Binding("e", "write", "Écrire"),
        Binding("i", "idea", "Idée"),
        *(Binding(str(n), f"pick({n - 1})", "Dé", show=False) for n in range(1, 10)),
        Binding("left", "move(-1)", "Dé", show=False),
        Binding("right", "move(1)", "Dé", show=False),
        Binding("space", "pick_cursor", "Prendre", show=False),
        Binding("j", "journals", "Journal", show=False),
    ]

    def __init__(self, match: Match, match_id: int) -> None:
        super().__init__(match, match_id)
        self.picked: list[int] = []
        self.cursor = 0
        self.moment: tuple[Any, ...] = ()
        """The phase, turn and story length drawn last: a new moment clears picks and text."""
        self.ideas = 0
        self.shuffle = random.Random(f"{match.seed}:faces")
        """Faces flashed while a die tumbles: never the match's rng."""

    def compose_board(self) -> ComposeResult:
        yield Static(id="scenario")
        yield Static(id="status")
        with Grid(id="tiles"):
            for die in range(len(self.match.state.dice)):
                yield Tile(die)
        yield Static(id="hint")
        with Horizontal(id="write-row"):
            yield Static(id="write-label")
            yield WritingLine(
                id="text",
                max_length=TEXT_LIMIT,
                placeholder="facultatif (i : une idée)",
                compact=True,
            )
        with Horizontal(id="buttons"):
            for name, (label, key, _) in COMMANDS.items():
                yield Button(f"{label} ({key})", id=name, compact=True)
            yield Button("Idée (i)", id="idea", compact=True)
            yield Button("Journal (j)", id="journal", compact=True)

    @property
    def text(self) -> Input:
        return self.query_one("#text", Input)

    # --- rendering ---------------------------------------------------------------

    def show_state(self, state: MeaningState) -> None:
        moment = (state.phase, state.turns, len(state.story), state.to_move())
        if moment != self.moment:
            self.moment, self.picked, self.ideas = moment, [], 0
            self.text.value = ""
        scenario = state.scenario or "à écrire par le·la MJ"
        self.query_one("#scenario", Static).update(
            Content.assemble(("Scénario : ", "bold"), scenario)
        )
        used = len(state.drawn())
        self.query_one("#status", Static).update(
            Content(f"Dés utilisés {used}/{len(state.dice)} · tours restants {state.turns_left}")
        )
        for tile in self.query(Tile):
            tile.show(state)
            tile.set_class(tile.die in self.picked, "-picked")
            tile.set_class(tile.die == self.cursor, "-cursor")
        self.show_hint(state)
        self.show_buttons(state)

    def show_hint(self, state: MeaningState) -> None:
        label, hint = self.writing(state) if self.decides_here(state) else ("", "")
        self.query_one("#write-label", Static).update(Content(label))
        self.text.disabled = not label
        self.query_one("#write-row").display = bool(label)
        self.query_one("#hint", Static).update(Content(hint))

    def writing(self, state: MeaningState) -> tuple[str, str]:
        """(label of the line to write, or "" for none; what to do now)."""
        name = state.players[state.to_move()] if state.to_move() is not None else ""
        if state.phase == SCENARIO:
            return (
                "Scénario (e)",
                "Écris le scénario (e) ou prends une idée (i), puis valide (v).",
            )
        if state.phase == JUDGE:
            return (
                "",
                f"{state.players[state.turn]} dit le scénario résolu. L'acceptes-tu ? (o/n)",
            )
        if state.phase == BALLOT:
            return "", f"Le·la MJ conteste. {name}, la solution tient-elle ? Vote (o/n)."
        if state.phase == LAST:
            return "", "Dernier dé pioché ! Annonce le scénario résolu (s) ou renonce (x)."
        picked = [state.dice[d].drawn for d in self.picked]
        if picked == [False]:
            return "Sens (e)", "Donne un sens au dé (e, ou i pour une idée), puis pioche (p)."
        if picked == [True, True]:
            return "Lien (e)", "Écris le lien entre ces dés (e ou i), puis relie (r)."
        if picked == [True]:
            die = state.dice[self.picked[0]]
            return "", (
                f"Dé {self.picked[0] + 1} ({state.picture(self.picked[0]).name}) : "
                f"« {die.meaning} ». Choisis un autre dé pioché pour les relier."
            )
        claim = "" if state.turn == MJ else " Résolu ? (s)"
        return "", f"Choisis un dé (1–9, ←/→ et espace, clic) : pioche, relance ou relie.{claim}"

    def show_buttons(self, state: MeaningState) -> None:
        here = self.decides_here(state)  # a robot's or another screen's turn offers nothing
        for name, (_, _, phases) in COMMANDS.items():
            button = self.query_one(f"#{name}", Button)
            shown = state.phase in phases and (name != "resolu" or state.turn != MJ)
            button.display = here and shown
            button.disabled = self.command(name, state) is None
        self.query_one("#idea", Button).display = here and bool(self.writing(state)[0])

    def turn_text(self, state: MeaningState) -> str:
        seat = state.to_move()
        if seat is None:
            return "Partie terminée"
        role = "MJ" if seat == MJ else "joueur"
        if state.phase == JUDGE:
            return f"{state.players[seat]} (MJ) juge la solution"
        if state.phase == BALLOT:
            return f"{state.players[seat]} vote"
        return f"Au tour {de(state.players[seat])} ({role})"

    def seat_status(self, state: MeaningState, seat: int) -> tuple[str, bool]:
        return ("MJ" if seat == MJ else "joueur"), False

    def sheet(self, state: MeaningState) -> SheetData:
        seats = range(state.seats)
        drawn = [sum(1 for d in state.dice if d.seat == s) for s in seats]
        links = [sum(1 for ln in state.story if ln.kind == "link" and ln.seat == s) for s in seats]
        rows = [
            ("Rôle", tuple("MJ" if s == MJ else "joueur" for s in seats)),
            ("Dés", tuple(map(str, drawn))),
            ("Liens", tuple(map(str, links))),
        ]
        if state.votes:
            votes = tuple(
                "—" if s == MJ else {True: "pour", False: "contre"}.get(state.votes.get(s), "…")
                for s in seats
            )
            rows.append(("Vote", votes))
        winners = frozenset(s for s in seats if state.ending and (s != MJ) == state.players_won)
        target = f"Dés utilisés : {len(state.drawn())}/{len(state.dice)}"
        return SheetData(state.players, tuple(rows), (), winners, target)

    # --- animation ---------------------------------------------------------------

    async def animate_event(self, event: Event) -> None:
        hint = self.query_one("#hint", Static)
        if isinstance(event, DieRerolled):
            tile = self.query(Tile)[event.die]
            for _ in range(6):
                if self.skipping:
                    break
                art = picture(event.die, self.shuffle.randint(1, 6)).art
                tile.show(self.match.state, art)
                await self.pause(0.08)
            tile.show(self.match.state)
        elif isinstance(event, (DieDrawn, DiceAssociated)):
            hint.update(Content.styled(event.describe(), "bold"))
            await self.pause(0.6)
        elif isinstance(event, (SolutionClaimed, Verdict, GameEnded)):
            hint.update(Content.styled(event.describe(), "bold"))
            await self.pause(0.9)

    # --- building actions --------------------------------------------------------

    def command(self, name: str, state: MeaningState) -> Action | None:
        """The action a command plays now, with the picks and the line written; None when
        the engine would refuse it."""
        text = self.text.value
        picks = self.picked
        if name == "valider":
            action: Action = Scenario(text)
        elif name == "piocher" and len(picks) == 1:
            action = Draw(picks[0], text)
        elif name == "relier" and len(picks) == 2:
            action = Associate(*sorted(picks), text)
        elif name == "relancer" and len(picks) == 1:
            action = Reroll(picks[0])
        elif name == "resolu":
            action = Claim()
        elif name == "abandon":
            action = GiveUp()
        elif name in ("oui", "non"):
            yes = name == "oui"
            action = Judge(yes) if state.phase == JUDGE else Vote(yes)
        else:
            return None
        return action if action.shape() in state.legal_actions() else None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        state = self.match.state
        if action == "command":  # the footer: only what this screen may play now
            return self.decides_here(state) and self.command(str(parameters[0]), state) is not None
        if action in ("write", "idea"):
            return self.decides_here(state) and bool(self.writing(state)[0])
        if action in ("pick", "move", "pick_cursor"):
            if action == "pick" and int(parameters[0]) >= len(state.dice):  # type: ignore[arg-type]
                return False
            return state.phase == PLAY
        return super().check_action(action, parameters)

    def keys_for(self, action: Action) -> list[str]:
        if isinstance(action, Scenario):
            return self.typed(action.text) or ["v"]
        if isinstance(action, (Draw, Associate, Reroll)):
            dice = (action.first, action.second) if isinstance(action, Associate) else (action.die,)
            keys = self.pick_keys(dice)
            if isinstance(action, Reroll):
                return [*keys, "l"]
            text = action.meaning if isinstance(action, Draw) else action.link
            return [*keys, *(self.typed(text) or ["p" if isinstance(action, Draw) else "r"])]
        if isinstance(action, Claim):
            return ["s"]
        if isinstance(action, GiveUp):
            return ["x"]
        yes = action.accept if isinstance(action, Judge) else action.yes
        return ["o" if yes else "n"]

    @staticmethod
    def typed(text: str) -> list[str]:
        """The keys that write `text` in the line and play it with Entrée ([] for no text)."""
        return ["e", *text, "enter"] if text else []

    def pick_keys(self, dice: Sequence[int]) -> list[str]:
        """The keys that leave exactly `dice` picked, from the picks and cursor as they are."""
        keys, cursor, count = [], self.cursor, len(self.match.state.dice)
        for die in [d for d in self.picked if d not in dice] + [
            d for d in dice if d not in self.picked
        ]:
            if die < 9:
                keys.append(str(die + 1))
            else:
                steps = (die - cursor) % count
                keys += ["right"] * steps + ["space"]
            cursor = die
        return keys

    # --- input -------------------------------------------------------------------

    def action_command(self, name: str) -> None:
        action = self.command(name, self.match.state)
        if action is not None:
            self.act(action)

    @on(Button.Pressed)
    def button_pressed(self, event: Button.Pressed) -> None:
        name = event.button.id or ""
        if name in COMMANDS:
            self.action_command(name)
        elif name == "idea":
            self.action_idea()
        elif name == "journal":
            self.action_journals()

    def action_pick(self, die: int) -> None:
        if die in self.picked:
            self.picked.remove(die)
        else:
            self.picked = [*self.picked, die][-2:]
        if self.ideas:  # an idea fits the die it was drawn for; typed words stay
            self.text.value = ""
        self.cursor, self.ideas = die, 0
        self.show_state(self.match.state)
        self.refresh_bindings()

    def action_move(self, step: int) -> None:
        self.cursor = (self.cursor + step) % len(self.match.state.dice)
        self.show_state(self.match.state)

    def action_pick_cursor(self) -> None:
        self.action_pick(self.cursor)

    def on_tile_clicked(self, message: Tile.Clicked) -> None:
        if self.match.state.phase == PLAY:
            self.action_pick(message.die)

    def action_write(self) -> None:
        if not self.text.disabled:
            self.text.focus()

    def action_idea(self) -> None:
        ideas = suggestions(self.match.state, self.picked)
        if ideas:
            self.text.value = ideas[self.ideas % len(ideas)]
            self.ideas += 1

    @on(Input.Submitted, "#text")
    def line_written(self) -> None:
        """Entrée plays the line written: the scenario, a meaning, a link."""
        self.set_focus(None)
        state = self.match.state
        for name in ("valider", "piocher", "relier"):
            if state.phase in COMMANDS[name][2] and self.command(name, state):
                self.act(self.command(name, state))
                return

    def action_journals(self) -> None:
        self.app.push_screen(JournalsScreen(self.match_id), self.hand_back)

    # --- hooks for the shared screens (jeux.ui.launch.screen_hook) -------------------

    @staticmethod
    def results_starts(app, match: Match) -> list[ExtraStart]:
        return [JournalsScreen.results_start(app, "Relire et exporter vos récits.")]

    @staticmethod
    def results_records(app, match: Match) -> str:
        """Wins and matches (no best score: a story has none); who leads the next one."""
        lines = [f"{name} : {played_text(record)}" for name, record in saved_records(app, match)]
        lines.append(f"Rejouer : {match.seats[1].name} sera MJ.")
        return "\n".join(lines)

    @staticmethod
    def history_screen(app) -> Screen:
        return JournalsScreen()


class JournalsScreen(BaseJournals):
    """Every Meaning Dice story kept, newest first: reread one, export it as Markdown."""

    game = GAME
    slug = "meaning-dice"
    empty = "Jouez une partie de Meaning Dice : son récit apparaîtra ici."
    matches_title = "Récits"

    def session_line(self, saved: SavedMatch, state: MeaningState) -> Content:
        names = ", ".join(saved.names)
        ending = (
            "en cours"
            if state.ending is None
            else ("joueurs gagnants" if state.players_won else "MJ gagnant·e")
        )
        return Content.assemble(
            (when_text(saved.updated), "bold"),
            f"\n{names}\n",
            (plural(len(state.drawn()), "dé") + " · ", "$text-muted"),
            (ending, "bold"),
        )

    def sections(self, state: MeaningState, when: str) -> list[JournalSection]:
        return journal_sections(state, when)


SCREEN = MeaningDiceScreen
