"""Le 5000 on screen: five dice, the scoring ones marked, the value of the dice picked, the
turn total, what rerolling risks and what banking gives, the 750 opening and the target."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.content import Content
from textual.widgets import Button, Static

from jeux.engine.core import Event
from jeux.engine.text import de, percent
from jeux.ui.game_screen import GameScreen
from jeux.ui.widgets.dice_tray import DiceTray
from jeux.ui.widgets.die import Die
from jeux.ui.widgets.score_sheet import SheetData

from .rules import (
    CHOOSE,
    DICE,
    EXACT,
    LAST_TURN,
    LAST_TURN_SPAN,
    NOTE_BALLOT,
    NOTE_BUST,
    NOTE_CAPPED,
    NOTE_FIVE_ONES,
    NOTE_OVERSHOOT,
    OPENING,
    ROLL,
    Bank,
    Banked,
    Busted,
    DiceKept,
    DiceRolled,
    FiveOnes,
    Le5000State,
    Roll,
    TargetReached,
    TurnStarted,
    bust_chance,
    fmt,
    target_met,
)

DICE_KEYS = Binding.Group("Dés", compact=True)
SHEET_NOTES = {
    NOTE_BALLOT: "ballot",
    NOTE_BUST: "0",
    NOTE_OVERSHOOT: "trop",
    NOTE_FIVE_ONES: "5×1 !",
}
"""Cells of the score sheet for the turns that scored nothing (or won at once)."""

# Looks of a die on the table, told by border and caption as well as colour.
PLAIN, SCORING, PICKED, ASIDE, LOST, WON, EMPTY = (
    "plain",
    "scoring",
    "picked",
    "aside",
    "lost",
    "won",
    "empty",
)
LOOKS = {
    PLAIN: ({}, ""),
    SCORING: ({"selectable": True}, "marque"),
    PICKED: ({"selected": True}, "garder"),
    ASIDE: ({"kept": True}, "gardé"),
    LOST: ({"locked": True}, "perdu"),
    WON: ({"selected": True}, "1 !"),
    EMPTY: ({"void": True}, ""),
}


CAPTION_STYLES = {
    SCORING: "$success",
    PICKED: "bold $warning",
    ASIDE: "$primary",
    LOST: "$error",
    WON: "bold $success",
}
DIE_CELLS = 8
"""A die's width on this board (see screen.tcss)."""


def dice_word(count: int) -> str:
    return f"{count} dé{'s' * (count > 1)}"


class Le5000Screen(GameScreen):
    CSS_PATH = "screen.tcss"
    BINDINGS = [
        Binding("l", "roll", "Lancer"),
        Binding("space", "roll", "Lancer", show=False),
        Binding("a", "bank", "Marquer"),
        Binding("m", "bank", "Marquer", show=False),
        Binding("t", "best", "Meilleur"),
        *(Binding(str(i + 1), f"pick({i})", f"Dé {i + 1}", group=DICE_KEYS) for i in range(DICE)),
    ]

    def __init__(self, match, match_id: int) -> None:
        super().__init__(match, match_id)
        self.selection: tuple[int, ...] = ()
        """Dice of the last throw the player picked to set aside (a choice, not yet a rule)."""
        self.resting: tuple[int, ...] = ()
        """Faces lying beside the throw while events are shown (the state has moved on)."""
        self.verdict: Content | None = None
        """How the last turn ended, shown with its dice until the next player throws."""
        self.last_table: list[tuple[int, str]] = []
        self._best_turns: tuple[int | None] | None = None
        self.waiting: list[tuple[str, tuple[int, ...]]] = []
        """Keys pressed while events played, replayed in order once they are shown."""

    # --- layout ------------------------------------------------------------------

    def compose_board(self) -> ComposeResult:
        yield Static(id="status")
        yield DiceTray(DICE, id="dice")
        yield Static(id="captions")
        yield Static(id="value")
        yield Static(id="total")
        yield Static(id="roll-hint")
        yield Static(id="bank-hint")
        with Horizontal(id="actions"):
            yield self._button("Lancer (l)", "roll", "primary")
            yield self._button("Marquer (a)", "bank", "success")
            yield self._button("Meilleur (t)", "best")
        yield Static(id="legend")

    @staticmethod
    def _button(label: str, ident: str, variant: str = "default") -> Button:
        button = Button(label, id=ident, variant=variant, compact=True)
        button.can_focus = False  # keys are the moves: a clicked button must not keep focus
        return button

    @property
    def best_turns(self) -> int | None:
        """A solo player's record (fewest turns to the target), read once per screen."""
        if self._best_turns is None and self.match.state.solo and self.match.seats[0].profile:
            record = self.app.records.record(
                self.match.seats[0].profile, "le_5000", lower_is_better=True
            )
            self._best_turns = (record.best,)
        return self._best_turns[0] if self._best_turns else None

    # --- what is shown ------------------------------------------------------------

    def human_to_move(self, state: Le5000State) -> bool:
        seat = state.to_move()
        return seat is not None and not self.match.seats[seat].bot

    def show_state(self, state: Le5000State) -> None:
        if self.waiting and not self.busy:
            self.call_after_refresh(self.replay_waiting)
        if state.to_move() is None:
            return
        if state.phase == CHOOSE:
            self.selection = tuple(i for i in self.selection if i < len(state.faces))
            self.resting = state.resting
        else:
            self.selection, self.resting = (), ()
        self.show_status(state)
        self.show_dice(state)
        self.show_lines(state)
        self.show_buttons(state)
        self.query_one("#legend", Static).update(self.legend(state))

    def show_status(self, state: Le5000State) -> None:
        seat = state.current
        parts = [
            Content.assemble(("Score ", "bold"), (fmt(state.scores[seat]), "bold $accent")),
            Content(f" / {fmt(state.target)}"),
        ]
        if not state.opened[seat]:
            parts.append(Content(f" · à ouvrir ({OPENING})"))
        if state.solo:
            if self.best_turns is not None:
                parts.append(Content(f" · record {self.best_turns} tours"))
        elif state.last_round:
            parts.append(Content.styled(" · dernier tour", "bold $warning"))
        self.query_one("#status", Static).update(Content.assemble(*parts))

    def paint(self, table: Sequence[tuple[int, str]], keys: int = 0) -> None:
        """Show each die's face and look; the first `keys` dice get their key as a title.

        Five dice fill the board's width, too narrow for a word on a die's border: each
        die's caption is written on the line under it instead."""
        captions = []
        for i, die in enumerate(self.query_one(DiceTray).dice):
            value, look = table[i] if i < len(table) else (0, EMPTY)
            state, caption = LOOKS[look]
            die.value = value
            die.set_state(**state)
            die.border_title = str(i + 1) if i < keys else ""
            captions.append(Content.styled(caption.center(DIE_CELLS), CAPTION_STYLES.get(look, "")))
        self.query_one("#captions", Static).update(Content(" ").join(captions))

    def table(self, state: Le5000State) -> list[tuple[int, str]]:
        """The throw (scoring and picked dice marked), then the dice set aside beside it."""
        keepable = state.keepable
        looks = [
            PICKED if i in self.selection else SCORING if i in keepable else PLAIN
            for i in range(len(state.faces))
        ]
        thrown = list(zip(state.faces, looks, strict=True))
        return thrown + [(face, ASIDE) for face in self.resting]

    def show_dice(self, state: Le5000State) -> None:
        if state.phase == CHOOSE:
            self.paint(self.table(state), len(state.faces) if self.human_to_move(state) else 0)
        elif self.verdict is not None:
            self.paint(self.last_table)
        else:
            self.paint([])

    def show_lines(self, state: Le5000State) -> None:
        lines = ("value", "total", "roll-hint", "bank-hint")
        value, total, roll, bank = (self.query_one(f"#{line}", Static) for line in lines)
        name = state.players[state.current]
        human = self.human_to_move(state)
        if state.phase == ROLL:
            value.update(self.verdict or Content(""))
            if not human:
                total.update(Content.assemble((name, "bold"), " réfléchit…"))
            elif state.solo:
                total.update(Content("À toi : lance les cinq dés (l)."))
            else:
                total.update(Content.assemble((name, "bold"), ", lance les cinq dés (l)."))
            roll.update(Content(f"Lancer : {percent(bust_chance(DICE))} de ballot"))
            bank.update(self.opening_text(state))
            return
        chosen = state.selection_value(self.selection) if self.selection else None
        if chosen is not None:
            value.update(Content.styled(f"{self.app.glyphs.turn} {chosen.text}", "bold $accent"))
        elif self.selection:
            value.update(Content.styled("Ces dés ne marquent pas tous.", "bold $warning"))
        elif human:
            keys = "1" if len(state.faces) == 1 else f"1-{len(state.faces)}"
            value.update(Content(f"Garde des dés qui marquent : {keys} ou t"))
        else:
            value.update(Content.assemble((name, "bold"), " choisit…"))
        line = Content.assemble(("Tour : ", "bold"), fmt(state.turn_total))
        if chosen is not None:
            after = state.turn_total + chosen.points
            line += Content.assemble(f" + {fmt(chosen.points)} = ", (fmt(after), "bold"))
        total.update(line)
        if chosen is None:
            best = state.selection_value(state.best_keep())
            roll.update(Content(f"Meilleur choix (t) : {best.text}" if best else ""))
            bank.update(self.opening_text(state))
            return
        left = state.dice_to_throw(self.selection)
        risk = percent(bust_chance(left))
        if left == DICE:
            roll.update(Content(f"Les 5 dés reviennent : {risk} de tout perdre"))
        else:
            roll.update(Content(f"Relancer {dice_word(left)} : {risk} de tout perdre"))
        bank.update(self.bank_text(state))

    def opening_text(self, state: Le5000State) -> Content:
        if state.opened[state.current]:
            return Content("")
        missing = OPENING - state.turn_total
        return Content(f"Ouverture : {OPENING} dans le tour (encore {fmt(missing)})")

    def bank_text(self, state: Le5000State) -> Content:
        if not state.can_bank(self.selection):
            chosen = state.selection_value(self.selection)
            missing = OPENING - state.turn_total - (chosen.points if chosen else 0)
            return Content(f"Ouverture : il manque {fmt(missing)} pour marquer")
        total, note = state.bank_preview(self.selection)
        if note == NOTE_OVERSHOOT:
            return Content.styled(
                f"Marquer dépasserait {fmt(state.target)} : tour perdu", "$warning"
            )
        text = f"Marquer → {fmt(total)}"
        if note == NOTE_CAPPED:
            text += f" (plafonné : {fmt(state.target)} d'un coup)"
        elif target_met(total, state.target, state.finish):
            return Content.styled(f"{text} : objectif atteint !", "bold $success")
        return Content(text)

    def show_buttons(self, state: Le5000State) -> None:
        human = self.human_to_move(state)
        roll = self.query_one("#roll", Button)
        roll.disabled = not human
        bank = self.query_one("#bank", Button)
        bank.disabled = not human or not state.can_bank(self.selection)
        bank.variant = "default" if bank.disabled else "success"  # plainly out of reach
        self.query_one("#best", Button).disabled = not human or state.phase != CHOOSE

    def legend(self, state: Le5000State) -> Content:
        four = " · carré : 2× brelan" if state.four_double else ""
        return Content.styled(
            "1 : 100 · 5 : 50 · brelan : 100 × la face\n"
            f"(1 1 1 : 1 000) · suite : 500{four}\n"
            "cinq 5 : 5 000 · cinq 1 : partie gagnée",
            "$text-muted",
        )

    def turn_text(self, state: Le5000State) -> str:
        seat = state.to_move()
        if seat is None:
            return "Partie terminée"
        turn = f"Tour {state.round}"
        if state.turn_limit:
            turn += f"/{state.turn_limit}"
        if state.solo:
            return f"{turn} · {state.players[seat]}"
        return f"{turn} · Au tour {de(state.players[seat])}"

    def seat_status(self, state: Le5000State, seat: int) -> tuple[str, bool]:
        return fmt(state.scores[seat]), False

    def sheet(self, state: Le5000State) -> SheetData:
        turns = max(len(records) for records in state.sheet)
        rows = []
        for turn in range(turns):
            cells = []
            for records in state.sheet:
                if turn >= len(records):
                    cells.append("")
                    continue
                record = records[turn]
                if record.note in SHEET_NOTES:
                    cells.append(SHEET_NOTES[record.note])
                else:
                    cells.append(fmt(record.points) + ("*" if record.note == NOTE_CAPPED else ""))
            rows.append((f"Tour {turn + 1}", tuple(cells)))
        if state.five_ones is not None:
            leaders = {state.five_ones}
        elif max(state.scores) > 0:
            leaders = {s for s in range(state.seats) if state.scores[s] == max(state.scores)}
        else:
            leaders = set()
        return SheetData(
            state.players,
            tuple(rows),
            tuple(fmt(score) for score in state.scores),
            frozenset(leaders),
            self.target_text(state),
        )

    @staticmethod
    def target_text(state: Le5000State) -> str:
        text = f"Objectif {fmt(state.target)}"
        if state.finish == EXACT:
            text += " pile"
        elif state.finish == LAST_TURN:
            text += f" · {fmt(LAST_TURN_SPAN)} d'un coup"
        if state.solo:
            text = text.replace("Objectif ", "") + " en un minimum de tours"
        if state.four_double:
            text += " · carrés ×2"
        return text

    # --- animation ---------------------------------------------------------------

    def tray_table(self) -> list[tuple[int, str]]:
        return [(die.value, self._look(die)) for die in self.query_one(DiceTray).dice]

    @staticmethod
    def _look(die: Die) -> str:
        if die.value < 1:
            return EMPTY
        if die.has_class("-kept") or die.has_class("-selected"):
            return ASIDE
        return LOST if die.has_class("-locked") else PLAIN

    async def animate_event(self, event: Event) -> None:
        if isinstance(event, TurnStarted):
            self.selection, self.resting = (), ()
        elif isinstance(event, DiceKept):
            await self.show_kept(event)
        elif isinstance(event, DiceRolled):
            await self.show_throw(event.faces)
        elif isinstance(event, Busted):
            table = [(face, LOST) for face in event.faces]
            table += [(face, ASIDE) for face in self.resting]
            self.paint(table)
            self.end_turn(table, Content.styled(event.describe(), "bold $error"))
            self.query_one("#value", Static).update(self.verdict)
            await asyncio.sleep(self.seconds(1.0))
        elif isinstance(event, Banked):
            table = self.tray_table()
            self.paint(table)
            style = "bold $warning" if event.note == NOTE_OVERSHOOT else "bold $success"
            self.end_turn(table, Content.styled(event.describe(), style))
            self.query_one("#value", Static).update(self.verdict)
            target = self.match.state.target

            def show(score: int) -> None:
                self.query_one("#status", Static).update(
                    Content.assemble(("Score ", "bold"), (fmt(score), "bold $accent"))
                    + Content(f" / {fmt(target)}")
                )

            if event.gained:
                await self.count_up(event.total - event.gained, event.total, show)
            await asyncio.sleep(self.seconds(0.6))
        elif isinstance(event, FiveOnes):
            table = [(1, WON)] * DICE
            self.paint(table)
            self.end_turn(table, Content.styled(event.describe(), "bold $success"))
            self.query_one("#value", Static).update(self.verdict)
            self.add_class("-five-ones")
            await asyncio.sleep(self.seconds(1.2))
            self.remove_class("-five-ones")
        elif isinstance(event, TargetReached) and self.verdict is not None:
            # Short, so the verdict keeps to two lines; the log has the whole sentence.
            more = " Les autres finissent le tour de table." if event.round_finishes else ""
            self.verdict += Content.styled(f" Objectif atteint !{more}", "bold $accent")

    def end_turn(self, table: list[tuple[int, str]], verdict: Content) -> None:
        self.last_table, self.verdict = table, verdict

    async def show_kept(self, event: DiceKept) -> None:
        """Mark the dice just set aside (found by face on the tray) and add them aside."""
        wanted = list(event.faces)
        table = self.tray_table()
        thrown = len(table) - len(self.resting)
        for i in range(thrown):
            value, _ = table[i]
            if value in wanted:
                wanted.remove(value)
                table[i] = (value, ASIDE)
        self.paint(table)
        self.resting = () if event.hot_dice else self.resting + event.faces
        await asyncio.sleep(self.seconds(0.3))

    async def show_throw(self, faces: tuple[int, ...]) -> None:
        self.verdict = None
        self.selection = ()
        tray = self.query_one(DiceTray)
        table = [(0, PLAIN)] * len(faces) + [(face, ASIDE) for face in self.resting]
        self.paint(table)
        await tray.roll(dict(enumerate(faces)), self.seconds(0.5))

    # --- the results screen's records ------------------------------------------------

    @staticmethod
    def results_records(app, match) -> str:
        """Records under the results: a solo record is the fewest turns to the target (among
        wins), a record at the table the most points; both are kept apart in the store."""
        solo = len(match.seats) == 1
        lines = []
        for seat in match.seats:
            if not seat.profile:
                continue
            record = app.records.record(seat.profile, "le_5000", lower_is_better=solo)
            played = f"{record.played} partie{'s' * (record.played > 1)}"
            won = f"{record.won} victoire{'s' * (record.won > 1)}"
            line = f"{seat.name} : {played}, {won}"
            if record.best is not None:
                best = f"{record.best} tours" if solo else f"{fmt(record.best)} points"
                line += f", record {best}"
            lines.append(line)
        return "\n".join(lines)

    # --- input -------------------------------------------------------------------

    def deferred_key(self, name: str, *args: int) -> bool:
        """While events play, a key hurries them and then waits for their end, in order with
        the other keys: picks apply to the throw on show, and a throw or a bank takes the
        dice picked by then (not those of the moment the key was pressed)."""
        if not self.busy:
            return False
        self.skip()
        self.waiting.append((name, args))
        return True

    def replay_waiting(self) -> None:
        keys, self.waiting = self.waiting, []
        if self.app.screen is not self:
            return
        for name, args in keys:
            getattr(self, f"action_{name}")(*args)

    def can_play(self, name: str, *args: int) -> bool:
        """Whether a human may act now (the key waits if dice are still rolling)."""
        if self.deferred_key(name, *args):
            return False
        return self.human_to_move(self.match.state)

    def action_pick(self, index: int) -> None:
        if not self.can_play("pick", index):
            return
        state = self.match.state
        if state.phase != CHOOSE:
            self.app.say("Lance d'abord les dés (l).", "warning")
            return
        if index >= len(state.faces):
            self.app.say("Ce dé est déjà mis de côté pour ce tour.", "warning")
            return
        if index not in state.keepable and index not in self.selection:
            face = state.faces[index]
            self.app.say(
                f"Ce {face} ne marque pas : seuls les 1, les 5 et les combinaisons comptent.",
                "warning",
            )
            return
        picked = set(self.selection) ^ {index}
        self.selection = tuple(sorted(picked))
        self.render_state()

    @on(DiceTray.Picked)
    def die_clicked(self, message: DiceTray.Picked) -> None:
        self.action_pick(message.index)

    @on(Button.Pressed, "#best")
    def action_best(self) -> None:
        if not self.can_play("best"):
            return
        state = self.match.state
        if state.phase != CHOOSE:
            self.app.say("Lance d'abord les dés (l).", "warning")
            return
        best = state.best_keep()
        self.selection = () if self.selection == best else best
        self.render_state()

    @on(Button.Pressed, "#roll")
    def action_roll(self) -> None:
        if self.deferred_key("roll"):
            return
        state = self.match.state
        self.act(Roll(self.selection if state.phase == CHOOSE else ()))

    @on(Button.Pressed, "#bank")
    def action_bank(self) -> None:
        if self.deferred_key("bank"):
            return
        self.act(Bank(self.selection))


SCREEN = Le5000Screen
