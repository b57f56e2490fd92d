"""Lucky Odds on screen: three dice, odd ones kept, pairs summing to 7 out, and before each
decision the odds of throwing the even dice again, with the distance left to 50 exactly."""

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
    ALL_DICE,
    BANKED,
    DICE,
    KEPT,
    OUT,
    OVERSHOT,
    TARGET,
    DiceRolled,
    LuckyOddsState,
    Roll,
    Stop,
    TargetReached,
    TurnEnded,
    dice_status,
)

GAME_ID = "lucky_odds"


def points(count: int) -> str:
    return f"{count} point" if count < 2 else f"{count} points"


def turns(count: int) -> str:
    return f"{count} tour" if count < 2 else f"{count} tours"


def number(value: float) -> str:
    """4.2857 → "4,3": one French decimal, none when round."""
    return f"{round(value, 1):g}".replace(".", ",")


class LuckyOddsScreen(GameScreen):
    CSS_PATH = "screen.tcss"
    BINDINGS = [
        Binding("l", "roll", "Lancer"),
        Binding("space", "roll", "Lancer", show=False),
        Binding("a", "stop", "Arrêter"),
        Binding("1", "pick(0)", "Choisir un dé", key_display="1-3"),
        *(Binding(str(i + 1), f"pick({i})", f"Dé {i + 1}", show=False) for i in range(1, DICE)),
    ]

    def __init__(self, match: Match, match_id: int) -> None:
        super().__init__(match, match_id)
        self.selection: set[int] = set()
        """The dice to throw at the next roll: a choice being made, not game state."""
        self._selection_for = -1

    # --- layout ---------------------------------------------------------------------

    def compose_board(self) -> ComposeResult:
        yield Static(id="status")
        yield DiceTray(DICE, id="dice")
        with Horizontal(id="labels"):
            for i in range(DICE):
                yield Static(id=f"label-{i}", classes="label")
        yield Static(id="value")
        yield Static(id="hint")
        yield Static(id="choice")
        yield Static(id="risk")
        with Horizontal(id="actions"):
            yield self._button("Lancer (l)", "roll", "primary")
            yield self._button("Arrêter (a)", "stop", "success")
        yield Static(
            Content("Impair : gardé, vaut sa face. Pair : relançable.\n")
            + Content("Deux dés du même lancer qui font 7 : hors-jeu.\n")
            + Content("Un lancer sans point : tout le tour est perdu."),
            id="guide",
        )

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

    def human_to_move(self, state: LuckyOddsState) -> bool:
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

    def offered(self, state: LuckyOddsState) -> tuple[int, ...]:
        """The dice a throw may take now: all three after an all-odd throw, else the even."""
        return ALL_DICE if state.may_rethrow_all else state.rerollable

    def show_state(self, state: LuckyOddsState) -> None:
        if len(self.match.actions) != self._selection_for:
            # A new decision: by default every die that may go back in the cup does.
            self._selection_for = len(self.match.actions)
            self.selection = set(self.offered(state)) if state.phase == "choose" else set()
        self.show_status(state)
        self.show_dice(state)
        self.show_lines(state)
        self.show_controls(state)

    def show_status(self, state: LuckyOddsState) -> None:
        seat = state.to_move()
        status = self.query_one("#status", Static)
        if seat is None:
            status.update("")
            return
        score = state.scores[seat]
        parts = [f"{score}/{TARGET} pile", f"il manque {TARGET - score}"]
        if state.seats == 1:
            best = self.personal_best()
            parts.append(f"record {turns(best)}" if best is not None else "pas encore de record")
        status.update(Content(" · ".join(parts)))

    def show_dice(self, state: LuckyOddsState) -> None:
        """Each die's look tells its state (border), and the word under it says it (text)."""
        tray = self.query_one(DiceTray)
        if state.phase == "start":
            throw, _ = self.last_throw()
            status = dice_status(throw.faces, throw.pair) if throw else ("",) * DICE
            for i, die in enumerate(tray.dice):
                die.value = throw.faces[i] if throw else 0
                die.set_state(void=True)
                die.border_title = ""
                self.set_label(i, self.status_word(status[i], throw.faces[i]) if throw else "")
            return
        choosing = state.phase == "choose" and self.human_to_move(state)
        offered = self.offered(state) if choosing else ()
        for i, die in enumerate(tray.dice):
            die.value = state.faces[i]
            die.border_title = str(i + 1) if i in offered else ""
            status = state.status[i]
            if i in offered and i in self.selection:
                die.set_state(selected=True)
                word = f"+{state.faces[i]}, relance" if status == KEPT else "relance"
                self.set_label(i, word, "bold $warning")
            elif i in offered:
                die.set_state(selectable=True)
                self.set_label(i, "reste", "bold $success")
            elif status == KEPT:
                die.set_state(kept=True)
                self.set_label(i, self.status_word(status, state.faces[i]))
            elif status == OUT:
                die.set_state(void=True)
                self.set_label(i, self.status_word(status, state.faces[i]))
            else:
                die.set_state()
                self.set_label(i, self.status_word(status, state.faces[i]))

    @staticmethod
    def status_word(status: str, face: int) -> str:
        if status == KEPT:
            return f"gardé +{face}"
        if status == OUT:
            return "hors-jeu"
        return "pair"

    def set_label(self, index: int, word: str, style: str = "") -> None:
        self.query_one(f"#label-{index}", Static).update(Content.styled(word, style))

    def show_lines(self, state: LuckyOddsState) -> None:
        value = self.query_one("#value", Static)
        hint = self.query_one("#hint", Static)
        choice = self.query_one("#choice", Static)
        risk = self.query_one("#risk", Static)
        seat = state.to_move()
        if seat is None:
            throw, end = self.last_throw()
            value.update(Content.styled(throw.label, "$text-muted") if throw else "")
            hint.update(self.verdict(end))
            choice.update(Content(self.match.outcome().summary))
            risk.update("")
            return
        name = state.players[seat]
        human = self.human_to_move(state)
        if state.phase == "start":
            throw, end = self.last_throw()
            value.update(Content.styled(throw.label, "$text-muted") if throw else "")
            hint.update(self.verdict(end))
            if human:
                who = "Lance" if state.seats == 1 else "À toi, $name : lance"
                choice.update(Content.from_markup(f"{who} les trois dés (l).", name=name))
            else:
                choice.update(Content.from_markup("$name réfléchit…", name=name))
            risk.update("")
            return
        value.update(self.throw_line(state.label))
        total = state.scores[seat] + state.turn_total
        hint.update(
            Content(
                f"Tour : {points(state.turn_total)} · Arrêter (a) {self.arrow} {total}/{TARGET}"
            )
        )
        if not human:
            choice.update(Content.from_markup("$name réfléchit…", name=name))
            risk.update("")
            return
        choice.update(self.rethrow_text(state))
        risk.update(self.risk_text(state) if self.selection else "")

    def rethrow_text(self, state: LuckyOddsState) -> Content:
        """The odds of the throw being chosen, before deciding."""
        chosen = sorted(self.selection)
        if not chosen:
            return Content(f"Relancer : choisis un dé pair ({dice_keys(list(state.rerollable))}).")
        odds = state.odds(chosen)
        if state.may_rethrow_all:
            dice = "les trois dés"
        elif len(chosen) == 1:
            dice = f"le dé {dice_keys(chosen)}"
        else:
            dice = f"les dés {dice_keys(chosen)}"
        return Content(f"Relancer (l) {dice} : {round(100 * odds.chance)} % de marquer")

    def risk_text(self, state: LuckyOddsState) -> Content:
        """What the chosen throw brings on average, and what a failed one costs."""
        n = state.turn_total
        lost = f"{points(n)} perdu{'s' * (n > 1)}"
        if state.room < 5 * len(self.selection):  # three 5s, the most a throw can add
            return Content.styled(f"Sans point ou au-delà de {TARGET} : {lost}", "$warning")
        mean = number(state.odds(sorted(self.selection)).mean)
        return Content(f"En moyenne +{mean} ; sinon {lost}.")

    def verdict(self, end: TurnEnded | None) -> Content:
        """The last turn's result, under its last throw, until the next player throws."""
        if end is None:
            return Content("")
        if end.how == BANKED:
            rest, style = f" marque {points(end.points)} {self.arrow} {end.total}", "$success"
        elif end.how == OVERSHOT:
            rest, style = f" dépasserait {TARGET} : tour perdu ({end.total})", "$error"
        else:
            rest, style = f" : rien, tour perdu, reste à {end.total}", "$error"
        return Content.assemble((end.player, "bold"), (rest, style))

    def show_controls(self, state: LuckyOddsState) -> None:
        human = self.human_to_move(state)
        roll = self.query_one("#roll", Button)
        stop = self.query_one("#stop", Button)
        roll.display = stop.display = human
        phase = state.phase
        roll.label = "Lancer (l)" if phase == "start" else "Relancer (l)"
        roll.disabled = phase == "choose" and not self.selection
        stop.disabled = phase != "choose"

    def personal_best(self) -> int | None:
        """The fewest turns this profile took to reach 50 alone."""
        profile = self.match.seats[0].profile
        if not profile:
            return None
        return self.app.records.record(profile, GAME_ID, lower_is_better=True).best

    def turn_text(self, state: LuckyOddsState) -> str:
        seat = state.to_move()
        if seat is None:
            return "Partie terminée"
        head = f"Dernier tour ({state.round})" if state.final_round else f"Tour {state.round}"
        name = state.players[seat]
        return f"{head} · {name}" if state.seats == 1 else f"{head} · Au tour {de(name)}"

    def seat_status(self, state: LuckyOddsState, seat: int) -> tuple[str, bool]:
        return str(state.scores[seat]), False

    def sheet(self, state: LuckyOddsState) -> SheetData:
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
                else:
                    cells.append("" if current else "-")
            rows.append((f"T{r + 1}", tuple(cells)))
        best = max(state.scores)
        leaders = frozenset(s for s in range(state.seats) if best and state.scores[s] == best)
        target = f"But : {TARGET} pile"
        if state.seats == 1:
            record = self.personal_best()
            target += f" · record {turns(record)}" if record is not None else ""
        return SheetData(state.players, tuple(rows), tuple(map(str, state.scores)), leaders, target)

    @staticmethod
    def results_records(app, match: Match) -> str:
        """The end screen's records (a hook of the results screen): alone, the best is the
        fewest turns (results marked lower-is-better); against others, the most points."""
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
                lines.append(f"{seat.name} : {games}, {wins}")
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
        if isinstance(event, DiceRolled):
            for i in event.thrown:
                tray.dice[i].set_state()
                tray.dice[i].border_title = ""
                self.set_label(i, "")
            for line in ("#hint", "#choice", "#risk"):
                self.query_one(line, Static).update("")
            await tray.roll({i: event.faces[i] for i in event.thrown}, self.seconds(0.5))
            status = dice_status(event.faces, event.pair)
            for i in event.thrown:
                tray.dice[i].set_state(kept=status[i] == KEPT, void=status[i] == OUT)
                self.set_label(i, self.status_word(status[i], event.faces[i]))
            self.query_one("#value", Static).update(self.throw_line(event.label))
            await self.pause(0.3)
        elif isinstance(event, TurnEnded):
            for die in tray.dice:
                die.border_title = ""
            self.query_one("#hint", Static).update(self.verdict(event))
            await self.pause(0.9)
        elif isinstance(event, TargetReached):
            self.query_one("#choice", Static).update(Content.styled(event.describe(), "bold"))
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
        if state.phase != "choose":
            self.act(Roll(ALL_DICE))
        elif not self.selection:
            keys = dice_keys(list(state.rerollable))
            self.app.say(
                f"Choisis au moins un dé pair à relancer ({keys}), ou arrête-toi (a).", "warning"
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
            self.app.say("Lance d'abord les trois dés (l).", "warning")
            return
        chosen = self.selection ^ {index}
        if chosen and not state.may_rethrow(chosen) or index not in self.offered(state):
            self.app.say(state.refusal(Roll(tuple(sorted(chosen or {index})))), "warning")
            return
        self.selection = chosen
        self.render_state()

    @on(DiceTray.Picked)
    def die_clicked(self, message: DiceTray.Picked) -> None:
        self.action_pick(message.index)


SCREEN = LuckyOddsScreen
