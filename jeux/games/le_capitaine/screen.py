"""Le Capitaine on screen: five dice where they lie, the ship, the captain and the crew set
aside in order, then the cargo: which cargo dice to throw again, and what that could give."""

from __future__ import annotations

import asyncio
import time

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.content import Content
from textual.widgets import Button, Static

from jeux.engine.core import Event
from jeux.engine.match import Match
from jeux.engine.text import de, dice_keys
from jeux.ui.game_screen import GameScreen
from jeux.ui.widgets.dice_tray import DiceTray
from jeux.ui.widgets.score_sheet import SheetData

from .rules import (
    BOTH,
    CAPTAIN,
    CREW,
    DICE,
    SHIP,
    THROWS,
    CapitaineState,
    DiceRolled,
    Roll,
    Stop,
    TargetReached,
    TieBreak,
    TurnEnded,
)

GAME_ID = "le_capitaine"
ROLE_WORDS = {SHIP: "bateau", CAPTAIN: "capitaine", CREW: "équipage"}
CARGO = "cargaison"


def knots(count: int) -> str:
    return f"{count} nœud" if count < 2 else f"{count} nœuds"


def number(value: float) -> str:
    """9.5 → "9,5", 7.0 → "7": French decimals."""
    return f"{value:g}".replace(".", ",")


def turns(count: int) -> str:
    return f"{count} tour" if count < 2 else f"{count} tours"


class CapitaineScreen(GameScreen):
    CSS_PATH = "screen.tcss"
    BINDINGS = [
        Binding("l", "roll", "Lancer"),
        Binding("space", "roll", "Lancer", show=False),
        Binding("a", "stop", "Arrêter"),
        Binding("1", "pick(0)", "Choisir un dé", key_display="1-5"),
        *(Binding(str(i + 1), f"pick({i})", f"Dé {i + 1}", show=False) for i in range(1, DICE)),
    ]

    def __init__(self, match: Match, match_id: int) -> None:
        super().__init__(match, match_id)
        self.selection: set[int] = set()
        """The cargo dice to throw at the next roll: a choice being made, not game state."""
        self._selection_for = -1

    # --- layout ---------------------------------------------------------------------

    def compose_board(self) -> ComposeResult:
        yield Static(id="status")
        yield DiceTray(DICE, id="dice")
        with Horizontal(id="roles"):
            for i in range(DICE):
                yield Static(id=f"role-{i}", classes="role")
        yield Static(id="value")
        yield Static(id="hint")
        yield Static(id="choice")
        with Horizontal(id="actions"):
            yield self._button("Lancer (l)", "roll", "primary")
            yield self._button("Arrêter (a)", "stop", "success")
        yield Static(id="guide")

    @staticmethod
    def _button(label: str, ident: str, variant: str) -> Button:
        button = Button(label, id=ident, variant=variant)
        button.can_focus = False  # keys are the moves: a click must not leave focus behind
        return button

    # --- what is shown --------------------------------------------------------------

    @property
    def arrow(self) -> str:
        return "->" if self.app.settings.ascii else "→"

    def throw_line(self, label: str) -> Content:
        """The value of the throw on the table, in the game's words."""
        return Content.styled(f"{self.app.glyphs.turn} {label}", "bold $accent")

    def human_to_move(self, state: CapitaineState) -> bool:
        seat = state.to_move()
        return seat is not None and not self.match.seats[seat].bot

    def last_throw(self) -> tuple[DiceRolled | None, TurnEnded | None]:
        """The latest throw and, if that turn is over, how it ended: the engine clears the
        dice when the turn passes, so the screen keeps showing them until the next throw."""
        end = None
        for event in reversed(self.match.events):
            if isinstance(event, TurnEnded) and end is None:
                end = event
            elif isinstance(event, DiceRolled):
                return event, end
        return None, end

    def show_state(self, state: CapitaineState) -> None:
        if len(self.match.actions) != self._selection_for:
            # A new decision: by default the whole cargo goes back in the cup.
            self._selection_for = len(self.match.actions)
            self.selection = set(state.cargo_dice) if state.phase == "cargo" else set()
        self.show_status(state)
        self.show_dice(state)
        self.show_lines(state)
        self.show_controls(state)

    def show_status(self, state: CapitaineState) -> None:
        seat = state.to_move()
        status = self.query_one("#status", Static)
        if seat is None:
            status.update("")
            return
        parts = [f"{state.knots[seat]}/{state.target} nœuds"]
        if state.phase != "start":
            left = state.throws_left
            parts.append(f"encore {left} lancer{'s' * (left > 1)} sur {THROWS}")
        if state.seats == 1:
            best = self.personal_best()
            parts.append(f"record {turns(best)}" if best is not None else "pas encore de record")
        status.update(Content(" · ".join(parts)))

    def show_dice(self, state: CapitaineState) -> None:
        """Each die's look tells its state (border), and the word under it says it (text)."""
        tray = self.query_one(DiceTray)
        if state.phase == "start":
            throw, _ = self.last_throw()
            for i, die in enumerate(tray.dice):
                die.value = throw.faces[i] if throw else 0
                die.set_state(void=True)
                die.border_title = ""
                self.set_role(i, self.role_word(throw.roles, i) if throw else "")
            return
        choosing = state.phase == "cargo" and self.human_to_move(state)
        for i, die in enumerate(tray.dice):
            die.value = state.faces[i]
            die.border_title = str(i + 1) if choosing and i in state.cargo_dice else ""
            if state.roles[i] is not None:
                die.set_state(kept=True)
                self.set_role(i, self.role_word(state.roles, i))
            elif state.phase == "over":
                die.set_state(kept=state.crew_complete)
                self.set_role(i, self.role_word(state.roles, i))
            elif state.phase == "crew":
                die.set_state()
                self.set_role(i, "relance")
            elif i in self.selection:
                die.set_state(selected=True)
                self.set_role(i, "relance", "bold $warning")
            else:
                die.set_state(selectable=True)
                self.set_role(i, "garde", "bold $success")

    @staticmethod
    def role_word(roles: tuple[int | None, ...], index: int) -> str:
        role = roles[index]
        if role is not None:
            return ROLE_WORDS[role]
        return CARGO if CREW in roles else ""

    def set_role(self, index: int, word: str, style: str = "") -> None:
        self.query_one(f"#role-{index}", Static).update(Content.styled(word, style))

    def show_lines(self, state: CapitaineState) -> None:
        value = self.query_one("#value", Static)
        hint = self.query_one("#hint", Static)
        choice = self.query_one("#choice", Static)
        seat = state.to_move()
        if seat is None:
            value.update(Content.styled(state.label, "bold $accent") if state.label else "")
            hint.update(Content(self.match.outcome().summary))
            choice.update("")
            return
        name = state.players[seat]
        human = self.human_to_move(state)
        if state.phase == "start":
            _, end = self.last_throw()
            value.update(self.verdict(end))
            if human:
                who = "Lance" if state.seats == 1 else "À toi, $name : lance"
                hint.update(Content.from_markup(f"{who} les cinq dés (l).", name=name))
            else:
                hint.update(Content.from_markup("$name réfléchit…", name=name))
            choice.update("")
            return
        value.update(self.throw_line(state.label))
        left = state.throws_left
        more = f"encore {left} lancer{'s' * (left > 1)}"
        if not human:
            hint.update(Content.from_markup(f"$name réfléchit… ({more})", name=name))
            choice.update("")
        elif state.phase == "crew":
            free = len(state.free_dice)
            hint.update(Content(f"Relance les {free} dés libres (l) : {more}."))
            choice.update(
                Content(f"Pas d'équipage au 3e lancer : {knots(0)}.") if left == 1 else ""
            )
        else:
            total = state.knots[seat] + state.cargo
            hint.update(Content(f"Arrêter (a) : +{knots(state.cargo)} {self.arrow} {total}"))
            choice.update(self.rethrow_text(state))

    def rethrow_text(self, state: CapitaineState) -> Content:
        """What the selected cargo dice could give if thrown again, before deciding."""
        chosen = sorted(self.selection)
        if not chosen:
            keys = dice_keys(list(state.cargo_dice))
            return Content(f"Relancer : choisis un dé de cargaison ({keys}).")
        low, high, mean = state.outlook(chosen)
        dice = f"le dé {dice_keys(chosen)}" if len(chosen) == 1 else f"les dés {dice_keys(chosen)}"
        return Content(f"Relancer (l) {dice} : {low} à {high}, moyenne {number(mean)}")

    @staticmethod
    def verdict(end: TurnEnded | None) -> Content:
        """The last turn's result, under its last throw, until the next player throws."""
        if end is None:
            return Content("")
        rest = end.describe().removeprefix(end.player)
        return Content.assemble(
            (end.player, "bold"), (rest, "$success" if end.crew_complete else "$error")
        )

    def show_controls(self, state: CapitaineState) -> None:
        human = self.human_to_move(state)
        roll = self.query_one("#roll", Button)
        stop = self.query_one("#stop", Button)
        roll.display = stop.display = human
        phase = state.phase
        roll.label = "Lancer (l)" if phase == "start" else "Relancer (l)"
        roll.disabled = phase == "cargo" and not self.selection
        stop.disabled = phase != "cargo"
        guide = self.query_one("#guide", Static)
        if phase == "cargo" and state.cargo_reroll == BOTH:
            guide.update(Content("Variante : les 2 dés de cargaison vont ensemble."))
        elif phase == "cargo":
            keys = dice_keys(list(state.cargo_dice))
            guide.update(Content(f"Touches {keys} (ou clic) : garder ou relancer."))
        else:
            guide.update(
                Content("Dans l'ordre : 6 bateau, 5 capitaine, 4 équipage,\n")
                + Content("puis la cargaison : les 2 autres dés, en nœuds.")
            )

    def personal_best(self) -> int | None:
        """The fewest turns this profile took to reach the target alone."""
        profile = self.match.seats[0].profile
        if not profile:
            return None
        return self.app.records.record(profile, GAME_ID, lower_is_better=True).best

    def turn_text(self, state: CapitaineState) -> str:
        seat = state.to_move()
        if seat is None:
            return "Partie terminée"
        if len(state.contenders) < state.seats:
            head = f"Départage (tour {state.round})"
        elif state.final_round:
            head = f"Dernier tour ({state.round})"
        else:
            head = f"Tour {state.round}"
        name = state.players[seat]
        return f"{head} · {name}" if state.seats == 1 else f"{head} · Au tour {de(name)}"

    def seat_status(self, state: CapitaineState, seat: int) -> tuple[str, bool]:
        playing = state.to_move() is None or seat in state.contenders
        return str(state.knots[seat]), not playing

    def sheet(self, state: CapitaineState) -> SheetData:
        over = state.to_move() is None
        rows = []
        for r, row in enumerate(state.sheet):
            current = r == len(state.sheet) - 1 and not over
            cells = []
            for seat, gained in enumerate(row):
                if gained is not None:
                    cells.append(str(gained))
                elif current and seat == state.current:
                    cells.append(self.app.glyphs.more)
                elif current and seat in state.contenders:
                    cells.append("")
                else:
                    cells.append("-")
            rows.append((f"T{r + 1}", tuple(cells)))
        best = max(state.knots)
        leaders = frozenset(s for s in range(state.seats) if best and state.knots[s] == best)
        target = f"But : {state.target} nœuds"
        if state.seats == 1:
            record = self.personal_best()
            target += f" · record {turns(record)}" if record is not None else ""
        return SheetData(state.players, tuple(rows), tuple(map(str, state.knots)), leaders, target)

    @staticmethod
    def results_records(app, match: Match) -> str:
        """The end screen's records (a hook of the results screen): alone, the best is the
        fewest turns (results marked lower-is-better); against others, the most knots."""
        solo = len(match.seats) == 1
        lines = []
        for seat in match.seats:
            if not seat.profile:
                continue
            record = app.records.record(seat.profile, GAME_ID, lower_is_better=solo)
            games = f"{record.played} partie{'s' * (record.played > 1)}"
            if solo:
                best = f", record en solo {turns(record.best)}" if record.best else ""
                lines.append(f"{seat.name} : {games}{best}")
            else:
                wins = f"{record.won} victoire{'s' * (record.won > 1)}"
                best = f", record {knots(record.best)}" if record.best is not None else ""
                lines.append(f"{seat.name} : {games}, {wins}{best}")
        if solo:
            lines.append("En solo, le score est le nombre de tours : moins, c'est mieux.")
        return "\n".join(lines)

    # --- animation ------------------------------------------------------------------

    async def pause(self, base: float) -> None:
        """Hold a result on screen for a moment; a key cuts it short."""
        end = time.monotonic() + self.seconds(base)
        while not self.skipping and time.monotonic() < end:
            await asyncio.sleep(0.03)

    async def animate_event(self, event: Event) -> None:
        tray = self.query_one(DiceTray)
        value = self.query_one("#value", Static)
        if isinstance(event, DiceRolled):
            for i in event.thrown:
                tray.dice[i].set_state()
                tray.dice[i].border_title = ""
                self.set_role(i, "")
            for line in ("#hint", "#choice"):
                self.query_one(line, Static).update("")
            await tray.roll({i: event.faces[i] for i in event.thrown}, self.seconds(0.5))
            for i, role in enumerate(event.roles):
                if role is not None:
                    tray.dice[i].set_state(kept=True)
                self.set_role(i, self.role_word(event.roles, i))
            value.update(self.throw_line(event.label))
            await self.pause(0.3)
        elif isinstance(event, TurnEnded):
            for die in tray.dice:
                die.border_title = ""
            value.update(self.verdict(event))
            await self.pause(0.9)
        elif isinstance(event, TargetReached | TieBreak):
            self.query_one("#hint", Static).update(Content.styled(event.describe(), "bold"))
            await self.pause(1.2)

    # --- keys and clicks ----------------------------------------------------------------

    def playable(self) -> bool:
        """Whether a human may act now; a key during an animation only skips it."""
        if self.busy:
            self.skip()
            return False
        return self.human_to_move(self.match.state)

    @on(Button.Pressed, "#roll")
    def action_roll(self) -> None:
        if not self.playable():
            return
        state = self.match.state
        if state.phase != "cargo":
            self.act(Roll(state.free_dice))
        elif not self.selection:
            keys = dice_keys(list(state.cargo_dice))
            self.app.say(
                f"Choisis au moins un dé de cargaison à relancer ({keys}), ou arrête-toi (a).",
                "warning",
            )
        else:
            self.act(Roll(tuple(sorted(self.selection))))

    @on(Button.Pressed, "#stop")
    def action_stop(self) -> None:
        if self.playable():
            self.act(Stop())

    def action_pick(self, index: int) -> None:
        if not self.playable():
            return
        state = self.match.state
        if state.phase == "start":
            self.app.say("Lance d'abord les dés (l).", "warning")
            return
        chosen = self.selection ^ {index}
        if state.phase != "cargo" or (chosen and not state.may_rethrow(chosen)):
            self.app.say(state.refusal(Roll(tuple(sorted(chosen or {index})))), "warning")
            return
        self.selection = chosen
        self.render_state()

    @on(DiceTray.Picked)
    def die_clicked(self, message: DiceTray.Picked) -> None:
        self.action_pick(message.index)


SCREEN = CapitaineScreen
