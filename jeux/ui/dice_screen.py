"""The base of dice screens: a tray of dice with a word under each, lines of text, buttons.

A game's screen says what to show and which moves its buttons make; the base does the rest:

- `COMMANDS`: the moves offered by a button and a key (`Command("roll", "Lancer", "l")`).
  `command_action(name, state, selection)` builds the action a command plays with the dice
  picked; the button is enabled when the engine allows that action, and the engine's refusal
  is shown when a key asks for one it does not.
- `dice_of(action)`: the dice an action uses, for the actions built from the selection (None
  for the others). The dice a player may pick are read from the legal actions, leaving out
  those a command plays with no die picked (a throw of every free die chooses nothing): by
  keys 1–n and by clicks, and a selection is kept only while some legal action uses all of
  its dice. `keys_for` follows from the same two hooks.
- `looks(state)`: each die's face, look and caption; `status` (or its `status_parts` of the
  seat to move), `value`, `advice` and `guide`: the lines around the tray. Advice is wiped as
  soon as an event is animated, so nothing stale stays beside a result (a bust, another
  player's throw).
- `thrown(event)`: the dice an event throws ({position: face}); the base tumbles them, then
  `show_event(event)` lets the game mark the result and hold it with `pause`. GameScreen
  narrates an event in the log only once it has been animated. `latest(kind, since, before)`
  finds in the match's events what the table still shows (the last turn's dice, its verdict).
- Races (jeux.engine.race): `race_sheet` builds the score sheet, `personal_best` the solo
  record, `results_records` (worded by `record_text`) the results screen's records.

A new game's screen is then its commands, `command_action`, `dice_of`, the lines it shows and
its animations; `keys_for` needs nothing more.

Keys pressed during an animation follow GameScreen.act's one policy; no screen keeps its own.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import ClassVar, NamedTuple, TypeVar

from textual import on
from textual.app import ComposeResult
from textual.binding import ActiveBinding, Binding
from textual.containers import Horizontal
from textual.content import Content
from textual.widgets import Button, Static

from jeux.engine.core import Action, Event, State
from jeux.engine.dice import DiceThrow
from jeux.engine.match import Match
from jeux.engine.race import Race
from jeux.engine.text import plural

from .game_screen import GameScreen
from .launch import played_text, saved_records
from .widgets.dice_tray import DiceTray
from .widgets.game_log import GameLog
from .widgets.score_sheet import SheetData

E = TypeVar("E", bound=Event)

DICE_KEYS = Binding.Group("Dés", compact=True)


@dataclass(frozen=True)
class Command:
    """A move offered by a button and a key; `keys` are further keys for it, not shown."""

    name: str
    label: str
    key: str
    variant: str = "default"
    keys: tuple[str, ...] = ()

    @property
    def button_label(self) -> str:
        return f"{self.label} ({self.key})"


ROLL_COMMAND = Command("roll", "Lancer", "l", "primary", ("space",))
"""The throw of the dice games, on `l` and the space bar."""
STOP_COMMAND = Command("stop", "Arrêter", "a", "success")
"""Ending the turn where the dice lie, in the push-your-luck games."""


class Look(NamedTuple):
    """One die on the table: its face (0: none), its look (a Die state: kept, locked,
    selectable, selected, void, or "" for plain) and the word under it."""

    face: int
    look: str = ""
    caption: str = ""
    style: str = ""


class DiceScreen(GameScreen):
    DEFAULT_CSS = """
    DiceScreen #status { height: 1; color: $text-muted; }
    DiceScreen #dice { margin: 0; }
    DiceScreen #dice > Die { border-title-align: center; }
    DiceScreen #captions { height: 1; }
    DiceScreen #value { height: auto; max-height: 2; margin: 1 0 0 0; }
    DiceScreen #advice { height: auto; }
    DiceScreen #actions { height: 1; margin: 1 0 0 0; }
    DiceScreen #actions > Button { width: auto; min-width: 0; margin: 0 1 0 0; }
    DiceScreen #guide { height: auto; margin: 1 0 0 0; color: $text-muted; }
    """

    DICE: ClassVar[int] = 5
    SIDES: ClassVar[int] = 6
    COMMANDS: ClassVar[tuple[Command, ...]] = ()
    CAPTION_CELLS: ClassVar[int] = 10
    """Columns from one die to the next (its width and margin): the captions line up."""

    def __init_subclass__(cls, **kwargs) -> None:
        """Bind each command's keys and the dice keys (before Textual merges bindings), in
        the game's own screen: a shared board between (one with no COMMANDS) binds nothing."""
        if "COMMANDS" not in cls.__dict__:
            super().__init_subclass__(**kwargs)
            return
        keys = [
            Binding(key, f"command('{c.name}')", c.label, show=key == c.key)
            for c in cls.COMMANDS
            for key in (c.key, *c.keys)
        ]
        dice = [
            Binding(str(i + 1), f"pick({i})", f"Dé {i + 1}", group=DICE_KEYS)
            for i in range(cls.DICE)
        ]
        cls.BINDINGS = [*cls.__dict__.get("BINDINGS", []), *keys, *dice]
        super().__init_subclass__(**kwargs)

    def __init__(self, match: Match, match_id: int) -> None:
        super().__init__(match, match_id)
        self.selection: tuple[int, ...] = ()
        """The dice picked for the next move: a choice being made, not game state."""
        self._selection_for = -1
        self._best: tuple[int | None] | None = None

    # --- hooks for the games -----------------------------------------------------------

    def command_action(self, name: str, state: State, selection: tuple[int, ...]) -> Action | None:
        """The action command `name` plays now with these dice picked (None: not offered)."""
        return None

    def dice_of(self, action: Action) -> tuple[int, ...] | None:
        """The dice `action` uses, if it is built from the selection."""
        return None

    def default_selection(self, state: State) -> tuple[int, ...]:
        """The dice picked when a decision starts (the whole cargo, say)."""
        return ()

    def looks(self, state: State) -> Sequence[Look]:
        return ()

    def status(self, state: State) -> Content:
        """The standing of the seat to move, its parts joined by « · »; none once the match
        is over."""
        seat = state.to_move()
        if seat is None:
            return Content("")
        return Content(" · ").join(self.status_parts(state, seat))

    def status_parts(self, state: State, seat: int) -> Sequence[Content | str]:
        """What the status line tells of `seat`, the one to move: its score, its throw…"""
        return []

    def value(self, state: State) -> Content:
        """What the dice on the table are worth."""
        return Content("")

    def value_line(self, text: str) -> Content:
        """What the dice make, marked as the turn's: the look of `value` in every game."""
        return Content.styled(f"{self.app.glyphs.turn} {text}", "bold $accent")

    def advice(self, state: State) -> Sequence[Content]:
        """What the player may do and risks: wiped while events are animated."""
        return ()

    def guide(self, state: State) -> Content:
        return Content("")

    def command_words(self, command: Command, state: State) -> str:
        """What a command's button (and the footer) says now: the throw reads « Relancer »
        once the dice are on the table."""
        if command.name == ROLL_COMMAND.name and self.dice_thrown(state):
            return "Relancer"
        return command.label

    def dice_thrown(self, state: State) -> bool:
        """Whether this turn's dice are on the table, so that throwing them is throwing again."""
        return False

    def thrown(self, event: Event) -> Mapping[int, int] | None:
        """The dice an event throws, {position: face}, to tumble before it is shown: by
        default those of a `DiceThrow`."""
        return event.thrown_faces() if isinstance(event, DiceThrow) else None

    async def show_event(self, event: Event) -> None:
        """Show an event's result once its dice have settled (hold it with `pause`)."""

    def pick_refusal(self, state: State, index: int) -> str:
        """Why die `index` may not be picked now, in French (the engine's words if any)."""
        for command in self.COMMANDS:
            action = self.command_action(command.name, state, (index,))
            if action is not None and self.dice_of(action) is not None:
                if action not in state.legal_actions():
                    return state.refusal(action)
        return "Aucun dé à choisir maintenant."

    # --- layout ----------------------------------------------------------------------

    def compose_board(self) -> ComposeResult:
        yield Static(id="status")
        yield DiceTray(self.DICE, self.SIDES, id="dice")
        yield Static(id="captions")
        yield Static(id="value")
        yield from self.compose_commands()

    def mount_side_panel(self, panel_id: str, title: str) -> None:
        """A game's own panel beside the board, above the log, in the score sheet's place
        (the game's CSS hides the sheet): a panel built empty, filled as the state is shown."""
        panel = Static(id=panel_id)
        panel.border_title = title
        self.query_one("#side").mount(panel, before=self.query_one(GameLog))

    def compose_commands(self) -> ComposeResult:
        """The advice, a button per command, and the guide: the foot of every dice board."""
        yield Static(id="advice")
        with Horizontal(id="actions"):
            yield from self.command_buttons()
        yield Static(id="guide")

    def command_buttons(self) -> Iterator[Button]:
        """A button per command; keys are the moves, so a click must not keep the focus."""
        for command in self.COMMANDS:
            button = Button(
                command.button_label,
                id=f"cmd-{command.name}",
                variant=command.variant,
                compact=True,
            )
            button.can_focus = False
            yield button

    def line(self, ident: str, content: Content | str) -> None:
        self.query_one(f"#{ident}", Static).update(content)

    # --- what is shown -----------------------------------------------------------------

    def waiting(self, state: State) -> list[Content] | None:
        """The advice while no player on this screen decides: the match's summary once it is
        over, who is thinking while a robot plays; None when a human here must decide."""
        seat = state.to_move()
        if seat is None:
            return [Content(self.match.outcome().summary)]
        if not self.decides_here(state):
            return [Content(self.waiting_text(state))]
        return None

    def sync_selection(self) -> None:
        """A new decision (a move, an undo) starts from the default selection."""
        if len(self.match.actions) != self._selection_for:
            self._selection_for = len(self.match.actions)
            state = self.match.state
            self.selection = self.default_selection(state) if state.to_move() is not None else ()

    def choices(self, state: State) -> set[frozenset[int]]:
        """The sets of dice the legal actions let the player choose: not those a command
        plays with no die picked."""
        if not self.decides_here(state):
            return set()
        unpicked = {self.command_action(c.name, state, ()) for c in self.COMMANDS}
        return {
            frozenset(dice)
            for action in state.legal_actions()
            if action not in unpicked and (dice := self.dice_of(action)) is not None
        }

    def pickable(self, state: State) -> frozenset[int]:
        return frozenset().union(*self.choices(state))

    def show_state(self, state: State) -> None:
        self.sync_selection()
        self.line("status", self.status(state))
        self.paint(self.looks(state), self.pickable(state))
        self.line("value", self.value(state))
        self.line("advice", Content("\n").join(self.advice(state)))
        self.line("guide", self.guide(state))
        self.show_buttons(state)

    def paint(self, looks: Sequence[Look], keyed: frozenset[int] = frozenset()) -> None:
        """Each die's face and look; the dice that may be picked show their key on top."""
        captions = []
        for i, die in enumerate(self.query_one(DiceTray).dice):
            look = looks[i] if i < len(looks) else Look(0, "void")
            die.value = look.face
            die.set_state(**({look.look: True} if look.look else {}))
            die.border_title = str(i + 1) if i in keyed else ""
            cell = look.caption.center(self.CAPTION_CELLS - 1) + " "
            captions.append(Content.styled(cell, look.style or "$text-muted"))
        self.line("captions", Content("").join(captions).rstrip())

    def show_buttons(self, state: State) -> None:
        human = self.decides_here(state)
        legal = state.legal_actions() if human else []
        for command in self.COMMANDS:
            button = self.query_one(f"#cmd-{command.name}", Button)
            action = self.command_action(command.name, state, self.selection) if human else None
            button.display = action is not None
            button.disabled = action not in legal
            words = self.command_words(command, state)
            self.button_words[command.key] = words
            button.label = f"{words} ({command.key})"
            button.refresh(layout=True)  # a longer label is cut unless it is measured again

    # --- events ------------------------------------------------------------------------

    async def animate_event(self, event: Event) -> None:
        self.line("advice", "")
        thrown = self.thrown(event)
        if thrown:
            tray = self.query_one(DiceTray)
            for i in thrown:
                tray.dice[i].set_state()
                tray.dice[i].border_title = ""
            await tray.roll(dict(thrown), self.seconds(0.5))
        await self.show_event(event)

    def latest(
        self, kind: type[E], since: type[Event] | None = None, before: Event | None = None
    ) -> E | None:
        """The last event of `kind` in the match (before the event `before`, when an event
        is being animated: the match has moved on), if none of `since` came after it. What
        the table shows is rebuilt from the match: an undo or a resume included."""
        events = self.match.events
        end = len(events)
        if before is not None:
            end = next((i for i in range(end - 1, -1, -1) if events[i] is before), end)
        for event in reversed(events[:end]):
            if isinstance(event, kind):
                return event
            if since is not None and isinstance(event, since):
                return None
        return None

    # --- keys and clicks ---------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The footer offers only the moves of the moment: none while a robot or another
        screen decides (a key then only cuts an animation short, see `on_key`)."""
        if action == "command":
            state = self.match.state
            return self.decides_here(state) and self.command_offered(str(parameters[0]), state)
        return super().check_action(action, parameters)

    @property
    def active_bindings(self) -> dict[str, ActiveBinding]:
        """The dice keys are not offered while nobody here decides (pressed, they say who
        does)."""
        bindings = super().active_bindings
        if not self.decides_here(self.match.state):
            for key, active in bindings.items():
                if active.binding.group == DICE_KEYS:
                    bindings[key] = active._replace(binding=replace(active.binding, show=False))
        return bindings

    def command_offered(self, name: str, state: State) -> bool:
        return self.command_action(name, state, self.selection) is not None

    def action_command(self, name: str) -> None:
        self.sync_selection()
        action = self.command_action(name, self.match.state, self.selection)
        if action is not None:
            self.act(action)
        elif self.busy:
            self.skip()

    @on(Button.Pressed, "#actions Button")
    def button_pressed(self, event: Button.Pressed) -> None:
        self.action_command(str(event.button.id).removeprefix("cmd-"))

    def selecting(self) -> State | None:
        """The state in which a key may change the selection, or None. During an animation
        the key ends it, and counts only as GameScreen.interrupt allows; while nobody here
        decides, it says who does."""
        if self.busy and not self.interrupt():
            return None
        state = self.match.state
        if self.decides_here(state):
            return state
        if not self.busy:
            self.tell_waiting()
        return None

    def action_pick(self, index: int) -> None:
        """Pick or drop a die."""
        if (state := self.selecting()) is None:
            return
        self.sync_selection()
        chosen = frozenset(self.selection) ^ {index}
        if index not in self.pickable(state) or not self.may_select(state, chosen):
            self.app.say(self.pick_refusal(state, index), "warning")
            return
        self.selection = tuple(sorted(chosen))
        if not self.busy:
            self.render_state()

    def may_select(self, state: State, chosen: frozenset[int]) -> bool:
        return not chosen or any(chosen <= choice for choice in self.choices(state))

    @on(DiceTray.Picked)
    def die_clicked(self, message: DiceTray.Picked) -> None:
        self.action_pick(message.index)

    def keys_for(self, action: Action) -> list[str]:
        """Pick the dice the action uses (dropping the others first), then its command."""
        state = self.match.state
        self.sync_selection()
        current = frozenset(self.selection)
        for command in self.COMMANDS:
            if self.command_action(command.name, state, self.selection) == action:
                return [command.key]
        wanted = self.dice_of(action)
        if wanted is None:
            raise ValueError(f"no command plays {action!r}")
        for command in self.COMMANDS:
            if self.command_action(command.name, state, tuple(sorted(wanted))) == action:
                drop = sorted(current - set(wanted))
                take = sorted(set(wanted) - current)
                return [str(i + 1) for i in [*drop, *take]] + [command.key]
        raise ValueError(f"no command plays {action!r}")

    # --- races: records and the score sheet ----------------------------------------------

    def personal_best(self) -> int | None:
        """Alone: the fewest turns this profile took to reach the target, read once."""
        if self._best is None:
            profile = self.match.seats[0].profile
            game = self.match.game.info.id
            best = None
            if len(self.match.seats) == 1 and profile:
                best = self.app.records.record(
                    profile, game, lower_is_better=True, before=self.match_id
                ).best
            self._best = (best,)
        return self._best[0]

    def record_words(self) -> str:
        """Alone, for the status line: 'record 7 tours' or 'pas encore de record'."""
        best = self.personal_best()
        return f"record {plural(best, 'tour')}" if best else "pas encore de record"

    @staticmethod
    def race_head(race: Race) -> str:
        """The header's round of a race: "Tour 3", or "Dernier tour (7)" once someone reached
        the goal."""
        return f"Dernier tour ({race.round})" if race.final_round else f"Tour {race.round}"

    def race_sheet(
        self, race: Race, cell=lambda mark: str(mark.points), total=str, target: str = ""
    ) -> SheetData:
        """One row per round, a cell per seat: what each turn scored (`cell` of its Mark),
        the seat playing marked, "-" for a seat out of a tie-break or a round cut short."""
        rows = []
        for r, row in enumerate(race.sheet):
            current = r == len(race.sheet) - 1 and not race.over
            cells = []
            for seat, mark in enumerate(row):
                if mark is not None:
                    cells.append(cell(mark))
                elif current and seat == race.current:
                    cells.append(self.app.glyphs.more)
                elif current and race.playing(seat):
                    cells.append("")
                else:
                    cells.append("-")
            rows.append((f"T{r + 1}", tuple(cells)))
        if race.solo and (best := self.personal_best()) is not None:
            target += f" · record {plural(best, 'tour')}"
        totals = tuple(total(score) for score in race.scores)
        return SheetData(self.match.state.players, tuple(rows), totals, race.starred(), target)

    @staticmethod
    def record_text(best: int) -> str:
        """A best score against others, in the game's words ("102 nœuds"); "": not shown."""
        return ""

    @classmethod
    def results_records(cls, app, match: Match) -> str:
        """The results screen's records for a race: alone the fewest turns (results marked
        lower-is-better), against others the wins and the best score (`record_text`)."""
        solo = len(match.seats) == 1
        lines = []
        for name, record in saved_records(app, match, lower_is_better=solo):
            line = f"{name} : {played_text(record, wins=not solo)}"
            if solo and record.best:
                line += f", record en solo {plural(record.best, 'tour')}"
            elif not solo and record.best is not None and cls.record_text(record.best):
                line += f", record {cls.record_text(record.best)}"
            lines.append(line)
        if solo:
            lines.append("En solo, le score est le nombre de tours : moins, c'est mieux.")
        return "\n".join(lines)
