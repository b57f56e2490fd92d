"""Mystère au Manoir on screen: five dice, the witnesses and the double 1 as explicit rerolls,
the value of the dice in the rules' words, and the perfect investigation's bonus pass."""

from __future__ import annotations

import asyncio
import time

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.content import Content
from textual.widgets import Button, Static

from jeux.engine.core import Action, Event
from jeux.engine.text import plural
from jeux.ui.game_screen import GameScreen
from jeux.ui.widgets.dice_tray import DiceTray
from jeux.ui.widgets.score_sheet import SheetData

from .rules import (
    BONUS,
    BONUS_THROW,
    CHOOSE,
    DICE,
    FACE_CAPTIONS,
    PERFECT,
    PERFECT_POINTS,
    READY,
    ROLL,
    SQUARE,
    SUM,
    THROW,
    TRIPLE_ONE,
    TRIPLE_SIX,
    USED,
    DiceRolled,
    DoubleOneReroll,
    EndTurn,
    MystereState,
    PassScored,
    Roll,
    Score,
    TargetReached,
    TurnEnded,
    TurnStarted,
    WitnessReroll,
)

DICE_KEYS = Binding.Group("Dés", compact=True)
DOUBLE_ONE_WORDS = {READY: "prêt", USED: "utilisé"}
SLOT = 9
"""Columns of one die and its gap: the captions line up under the dice."""
STATUS_CELLS = 44
MOVES = {"roll", "pick", "witness", "double", "score", "end_turn"}


def dice_list(indices: tuple[int, ...]) -> str:
    """'le dé 2', 'les dés 1, 3 et 4' (numbered from 1, as on screen)."""
    numbers = [str(i + 1) for i in indices]
    if len(numbers) == 1:
        return f"le dé {numbers[0]}"
    return f"les dés {', '.join(numbers[:-1])} et {numbers[-1]}"


class LastTurn:
    """The end of the previous turn, kept on screen until the next player throws: the
    engine clears the dice when the turn passes, the players still need to read them."""

    def __init__(self) -> None:
        self.faces: tuple[int, ...] = ()
        self.text = ""
        self.player = ""
        self.points = 0
        self.total = 0
        self.passes: list[int] = []

    def heard(self, event: Event) -> None:
        if isinstance(event, DiceRolled) and event.reason == THROW:
            self.passes = []  # a new turn: the previous verdict has been read
        elif isinstance(event, PassScored):
            self.faces, self.text, self.player = event.faces, event.text, event.player
            self.passes.append(event.points)
        elif isinstance(event, TurnEnded):
            self.points, self.total = event.points, event.total

    def verdict(self) -> Content:
        """'Lina : Carré de 2 : 20 + 3 = 23 (total 45)'; after a bonus pass, the sum."""
        if not self.player:
            return Content("")
        text = self.text if len(self.passes) < 2 else " + ".join(map(str, self.passes))
        if len(self.passes) > 1:
            text += f" = {self.points}"
        return Content.assemble((self.player, "bold"), f" : {text} (total {self.total})")


class ManoirScreen(GameScreen):
    CSS_PATH = "screen.tcss"
    BINDINGS = [
        # Shown in the footer only when they make sense (see `check_action`)…
        Binding("l", "roll", "Lancer"),
        Binding("space", "roll", "Lancer", show=False),
        *(Binding(str(i + 1), f"pick({i})", f"Dé {i + 1}", group=DICE_KEYS) for i in range(DICE)),
        Binding("t", "witness", "Témoin"),
        Binding("d", "double", "Double 1"),
        Binding("a", "score", "Noter"),
        Binding("a", "end_turn", "Garder les 50"),
        # …and these hidden twins answer the same keys out of place with a French notice.
        Binding("l", "anyway('roll')", show=False),
        *(Binding(str(i + 1), f"anyway('pick', {i})", show=False) for i in range(DICE)),
        Binding("t", "anyway('witness')", show=False),
        Binding("d", "anyway('double')", show=False),
        Binding("a", "anyway('score')", show=False),
    ]

    def __init__(self, match, match_id: int) -> None:
        super().__init__(match, match_id)
        self.chosen: tuple[int, ...] = ()
        """Dice the player picked for the next reroll (a selection, not a rule)."""
        self._chosen_for = -1
        self.last = LastTurn()
        for event in match.events:
            self.last.heard(event)

    # --- layout ------------------------------------------------------------------------

    def compose_board(self) -> ComposeResult:
        yield Static(id="status")
        yield DiceTray(DICE, id="dice")
        yield Static(id="captions")
        yield Static(id="value")
        yield Static(id="hint")
        with Horizontal(id="actions"):
            yield self._button("Lancer (l)", "roll", "primary")
            yield self._button("Témoin (t)", "witness", "warning")
            yield self._button("Double 1 (d)", "double", "warning")
            yield self._button("Noter (a)", "score", "success")
            yield self._button("Relancer les 5 (l)", "bonus", "primary")
            yield self._button("Garder les 50 (a)", "end-turn", "success")
        yield Static(id="guide")

    @staticmethod
    def _button(label: str, ident: str, variant: str = "default") -> Button:
        button = Button(label, id=ident, variant=variant, compact=True)
        button.can_focus = False  # keys are the moves; a click must not leave focus behind
        return button

    # --- what is shown -----------------------------------------------------------------

    def human_to_move(self, state: MystereState | None = None) -> bool:
        state = state or self.match.state
        seat = state.to_move()
        return seat is not None and not self.match.seats[seat].bot

    def show_state(self, state: MystereState) -> None:
        if self._chosen_for != len(self.match.actions):
            self._chosen_for = len(self.match.actions)
            self.chosen = ()
        self.show_dice(state)
        self.show_lines(state)
        self.show_controls(state)
        self.query_one("#guide", Static).update(self.guide(state))
        self.refresh_bindings()

    def show_dice(self, state: MystereState) -> None:
        tray = self.query_one(DiceTray)
        human = self.human_to_move(state)
        selectable = state.selectable() if human else ()
        faces = tuple(state.dice) or self.last.faces
        captions = []
        for i, die in enumerate(tray.dice):
            die.value = faces[i] if faces else 0
            face = die.value
            die.border_title = str(i + 1) if i in selectable else ""
            die.caption = ""  # the line under the tray carries the words
            if not faces:
                die.set_state(void=True)
                captions.append("")
            elif not state.dice:  # the previous turn's last throw, kept to be read
                die.set_state(locked=state.never_rerolled(face))
                captions.append(FACE_CAPTIONS[face])
            elif state.phase == BONUS:
                die.set_state(kept=True)
                captions.append("")
            elif i in self.chosen:
                die.set_state(selected=True)
                captions.append("relance")
            elif state.never_rerolled(face):
                die.set_state(locked=True)
                captions.append(FACE_CAPTIONS[face])
            else:
                die.set_state(selectable=i in selectable)
                captions.append(FACE_CAPTIONS[face])
        line = "".join(c.center(SLOT - 1) + " " for c in captions).rstrip()
        if state.phase == BONUS:
            line = f"Enquête parfaite : {PERFECT_POINTS} points acquis".center(SLOT * DICE - 1)
        self.query_one("#captions", Static).update(Content(line))

    def show_lines(self, state: MystereState) -> None:
        status = self.query_one("#status", Static)
        value = self.query_one("#value", Static)
        hint = self.query_one("#hint", Static)
        seat = state.to_move()
        if seat is None:
            status.update("")
            value.update(self.last.verdict())
            hint.update("")
            return
        parts = [f"Score {state.totals[seat]}/{state.target}"]
        if state.passes:
            parts.append(f"acquis {state.turn_points}")
        if state.phase == CHOOSE:
            witnesses = len(state.witnesses())
            parts.append(plural(witnesses, "témoin") if witnesses else "aucun témoin")
            if state.double_one():
                parts.append(f"double 1 {DOUBLE_ONE_WORDS[state.double_one()]}")
        while len(" · ".join(parts)) > STATUS_CELLS:
            parts.pop()
        status.update(Content(" · ".join(parts)))

        human = self.human_to_move(state)
        turn = self.match.seats[seat].name
        if state.phase == ROLL:
            value.update(self.last.verdict())
            if human:
                hint.update(Content("Lance les cinq dés : l (ou Espace)."))
            else:
                hint.update(Content.assemble((turn, "bold"), " réfléchit…"))
        elif state.phase == BONUS:
            value.update(
                Content.styled(
                    f"{self.app.glyphs.star} Enquête parfaite : {PERFECT_POINTS} acquis",
                    "bold $success",
                )
            )
            hint.update(Content("Relancer les 5 dés (l) ou garder (a) ?"))
        else:
            found = state.value()
            mark = self.app.glyphs.turn
            value.update(Content.styled(f"{mark} {found.text}", "bold $accent"))
            hint.update(self.selection_hint(state) if human else Content(f"{turn} réfléchit…"))

    def selection_hint(self, state: MystereState) -> Content:
        """What the dice picked would do, before deciding."""
        witness, double = state.rerolls_for(self.chosen)
        if not self.chosen:
            if state.witnesses() and state.double_one_targets():
                return Content("Choisis des dés (1-5), puis t ou d.")
            if state.witnesses():
                return Content("Dés à relancer : 1-5 (dont un 5), puis t.")
            return Content("Double 1 : choisis un dé (1-5), puis d.")
        choices = []
        spent = state.witnesses_in(self.chosen)
        if witness is not None:
            who = "le témoin" if spent == 1 else f"{spent} témoins"
            choices.append(f"t : {who} relance {plural(len(self.chosen), 'dé')}")
        if double is not None:
            choices.append(f"d : double 1 sur {dice_list(self.chosen)}")
        if choices:
            return Content(" · ".join(choices))
        if not spent:
            if state.double_one_targets():
                return Content("Sans 5, le double 1 ne relance qu'un seul dé.")
            return Content("Il faut un 5 (témoin) parmi les dés choisis.")
        return Content("Cette relance n'est pas possible.")

    def show_controls(self, state: MystereState) -> None:
        human = self.human_to_move(state) and not self.busy
        phase = state.phase
        shown = {
            "roll": human and phase == ROLL,
            "witness": human and phase == CHOOSE and bool(state.witnesses()),
            "double": human and phase == CHOOSE and bool(state.double_one_targets()),
            "score": human and phase == CHOOSE,
            "bonus": human and phase == BONUS,
            "end-turn": human and phase == BONUS,
        }
        for ident, visible in shown.items():
            self.query_one(f"#{ident}", Button).display = visible
        witness, double = state.rerolls_for(self.chosen)
        self.query_one("#witness", Button).disabled = witness is None
        self.query_one("#double", Button).disabled = double is None

    def guide(self, state: MystereState) -> Content:
        """The scoring table, the combination of the dice showing marked."""
        found = state.value() if state.phase == CHOOSE else None
        perfect = "1-2-3-4 + un dé" if state.easy_perfect else "1-2-3-4-5"
        square = "10 × valeur" if state.exact_square else "10 × valeur + 5e dé"
        rows = [
            ("Trois 6 ou plus", "0", TRIPLE_SIX),
            (perfect, f"{PERFECT_POINTS} + relance", PERFECT),
            ("Carré de 2, 3 ou 4", square, SQUARE),
            ("Trois 1 ou plus", "somme × 3", TRIPLE_ONE),
            ("Sinon", "somme", SUM),
        ]
        mark = self.app.glyphs.turn
        lines = [
            Content.styled(f"  {'1 indice, 2 3 4 pistes':<22}{'leur valeur':>20}", "bold"),
            Content.styled(f"  {'5 témoin, 6 fausse piste':<24}{'0':>18}", "bold"),
        ]
        for dice, points, kind in rows:
            text = f"{dice:<22}{points:>20}"
            if found is not None and found.kind == kind:
                lines.append(Content.styled(f"{mark} {text}", "bold reverse"))
            else:
                lines.append(Content(f"  {text}"))
        return Content("\n").join(lines)

    def turn_text(self, state: MystereState) -> str:
        seat = state.to_move()
        if seat is None:
            return "Partie terminée"
        limit = f"/{state.turn_limit}" if state.turn_limit else ""
        head = f"Tour {state.round}{limit}"
        if state.phase == BONUS or (state.phase == CHOOSE and state.passes):
            head += " · passe bonus"
        if state.seats == 1:
            return f"{head} · {state.players[seat]}"
        return f"{head} · Au tour de {state.players[seat]}"

    def seat_status(self, state: MystereState, seat: int) -> tuple[str, bool]:
        return str(state.totals[seat]), False

    def sheet(self, state: MystereState) -> SheetData:
        rounds = max(map(len, state.sheet))
        playing = state.to_move() is not None
        if playing and state.current == 0:
            rounds = max(rounds, state.round)
        rows = []
        for number in range(rounds):
            cells = []
            for seat in range(state.seats):
                turns = state.sheet[seat]
                if number < len(turns):
                    cells.append(str(turns[number]))
                elif playing and seat == state.current and number == len(turns):
                    cells.append(f"{state.turn_points}…" if state.turn_points else "…")
                else:
                    cells.append("")
            rows.append((f"T{number + 1}", tuple(cells)))
        best = max(state.totals)
        leaders = frozenset(s for s, t in enumerate(state.totals) if t == best and best > 0)
        target = f"Objectif {state.target}"
        if state.seats == 1:
            record = self.solo_record()
            target = f"Record : {plural(record, 'tour')}" if record else target + " en peu de tours"
        elif state.turn_limit:
            target += f" · {state.turn_limit} tours max"
        return SheetData(state.players, tuple(rows), tuple(map(str, state.totals)), leaders, target)

    def solo_record(self) -> int | None:
        profile = self.match.seats[0].profile
        if not profile:
            return None
        game = self.match.game.info.id
        return self.app.records.record(profile, game, lower_is_better=True).best

    @staticmethod
    def results_records(app, match) -> str:
        """The end screen's records (a hook of the results screen): a solved solo
        investigation is measured in turns, the fewer the better; a race in points."""
        game = match.game.info.id
        lines = []
        for seat in match.seats:
            if not seat.profile:
                continue
            points = app.records.record(seat.profile, game)
            turns = app.records.record(seat.profile, game, lower_is_better=True)
            text = f"{seat.name} : {plural(points.played, 'partie')}, "
            text += f"{plural(points.won, 'victoire')}"
            if turns.best is not None:
                text += f", record solo {plural(turns.best, 'tour')}"
            if points.best is not None:
                text += f", meilleur total {points.best}"
            lines.append(text)
        return "\n".join(lines)

    # --- animation ---------------------------------------------------------------------

    async def pause(self, base: float) -> None:
        """Hold a result on screen for a moment; a key cuts it short."""
        end = time.monotonic() + self.seconds(base)
        while not self.skipping and time.monotonic() < end:
            await asyncio.sleep(0.03)

    async def animate_event(self, event: Event) -> None:
        tray = self.query_one(DiceTray)
        value = self.query_one("#value", Static)
        hint = self.query_one("#hint", Static)
        self.last.heard(event)
        if isinstance(event, DiceRolled):
            if event.reason in (THROW, BONUS_THROW):
                self.query_one("#captions", Static).update("")
            for i in event.rerolled:
                tray.dice[i].set_state(selected=event.reason not in (THROW, BONUS_THROW))
                tray.dice[i].border_title = ""
            await tray.roll({i: event.faces[i] for i in event.rerolled}, self.seconds(0.5))
            hint.update(Content(event.describe()))
        elif isinstance(event, PassScored):
            style = "bold reverse $success" if event.points else "bold reverse $error"
            value.update(Content.styled(f"{event.text}", style))
            if event.perfect:
                for die in tray.dice:
                    die.set_state(kept=True)
                hint.update(Content("Enquête parfaite : 50 points !"))
            await self.pause(0.6)
        elif isinstance(event, TurnEnded):
            value.update(self.last.verdict())
            await self.count_up(event.total - event.points, event.total, self.show_total)
        elif isinstance(event, TargetReached):
            hint.update(Content(event.describe()))
            await self.pause(0.8)
        elif isinstance(event, TurnStarted):
            state = self.match.state
            seat = state.to_move()
            if seat is not None and self.match.seats[seat].bot:
                await self.pause(0.6)  # a bot throws next: let the verdict be read first

    def show_total(self, total: int) -> None:
        seat = self.last.player
        status = self.query_one("#status", Static)
        status.update(Content.assemble((seat, "bold"), f" : {total}"))

    # --- keys and clicks ---------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Show only the keys that make sense now; the hidden twins explain the others."""
        if action not in MOVES:
            return super().check_action(action, parameters)
        state = self.match.state
        if self.busy or not self.human_to_move(state):
            return False
        phase = state.phase
        if action == "roll":
            return phase in (ROLL, BONUS)
        if action == "pick":
            return phase == CHOOSE and bool(state.selectable())
        if action == "witness":
            return phase == CHOOSE and bool(state.witnesses())
        if action == "double":
            return phase == CHOOSE and bool(state.double_one_targets())
        if action == "score":
            return phase == CHOOSE
        return phase == BONUS

    def keys_for(self, action: Action) -> list[str]:
        """From a board with no die picked: digits pick the dice, then t or d rerolls them."""
        if isinstance(action, Roll):
            return ["l"]
        if isinstance(action, Score | EndTurn):
            return ["a"]
        if isinstance(action, WitnessReroll):
            return [str(i + 1) for i in action.dice] + ["t"]
        if isinstance(action, DoubleOneReroll):
            return [str(action.die + 1), "d"]
        return super().keys_for(action)

    def action_anyway(self, action: str, *parameters: object) -> None:
        getattr(self, f"action_{action}")(*parameters)

    def play(self, action: Action) -> None:
        before = len(self.match.actions)
        self.act(action)
        if len(self.match.actions) != before:
            for button in self.query("#actions > Button"):
                button.display = False
            self.refresh_bindings()

    def playable(self) -> bool:
        """Whether a human may act now; a key during an animation only skips it."""
        if self.busy:
            self.skip()
            return False
        return self.human_to_move()

    @on(Button.Pressed, "#roll")
    @on(Button.Pressed, "#bonus")
    def action_roll(self) -> None:
        self.play(Roll())

    @on(Button.Pressed, "#score")
    def action_score(self) -> None:
        if self.match.state.phase == BONUS:
            self.play(EndTurn())
        else:
            self.play(Score())

    @on(Button.Pressed, "#end-turn")
    def action_end_turn(self) -> None:
        self.play(EndTurn())

    def action_pick(self, die: int) -> None:
        if not self.playable():
            return
        state = self.match.state
        if die in self.chosen:
            self.chosen = tuple(i for i in self.chosen if i != die)
        else:
            refusal = state.pick_refusal(die)
            if refusal:
                self.app.say(refusal, "warning")
                return
            self.chosen = tuple(sorted((*self.chosen, die)))
        self.render_state()

    @on(DiceTray.Picked)
    def die_clicked(self, message: DiceTray.Picked) -> None:
        self.action_pick(message.index)

    @on(Button.Pressed, "#witness")
    def action_witness(self) -> None:
        if not self.playable():
            return
        state = self.match.state
        if state.phase == CHOOSE and state.witnesses() and not self.chosen:
            self.app.say("Choisis d'abord les dés à relancer (1-5), dont un 5.", "warning")
            return
        self.play(WitnessReroll(self.chosen))

    @on(Button.Pressed, "#double")
    def action_double(self) -> None:
        if not self.playable():
            return
        state = self.match.state
        if state.phase == CHOOSE and len(self.chosen) != 1 and state.double_one_targets():
            self.app.say("Le double 1 relance un seul dé : choisis-le (1-5), puis d.", "warning")
            return
        self.play(DoubleOneReroll(self.chosen[0] if self.chosen else -1))


SCREEN = ManoirScreen
