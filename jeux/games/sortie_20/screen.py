"""Sortie 20 on screen: five dice kept, eliminated or free, the reroll planned on the dice
before it is thrown, the once-per-turn flip or activated six with what each would score,
and the forced stop at two dice."""

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
    ACTIVATED_SIX_POINTS,
    CHOOSE,
    DICE,
    ELIMINATED,
    FIVE_PENALTY,
    FREE,
    KEPT,
    ROLL,
    TRIPLE_ONE_POINTS,
    Activate,
    DiceRolled,
    DieFlipped,
    Flip,
    Reroll,
    Roll,
    SixActivated,
    SortieState,
    Stop,
    TargetReached,
    TurnEnded,
    TurnStarted,
    flipped,
)

DICE_KEYS = Binding.Group("Dés", compact=True)
SLOT = 9
"""Columns of one die and its gap: the captions line up under the dice."""
LINE_CELLS = 44
STATUS_WORDS = {FREE: "libre", KEPT: "gardé", ELIMINATED: "éliminé"}
MOVES = {"roll", "reroll", "pick", "stop", "flip", "six"}
DROP, FLIP, SIX = "drop", "flip", "six"
"""What the digits pick while a choice is open: the die to eliminate, to flip, to activate."""


def signed(points: int) -> str:
    return f"+{points}" if points > 0 else str(points)


class LastTurn:
    """The end of the previous turn, kept on screen until the next player throws: the
    engine clears the dice when the turn passes, the players still need to read them.
    Rebuilt from the match's events, so an undo or a resume finds it as it was."""

    def __init__(self, match) -> None:
        self.match = match

    @property
    def end(self) -> TurnEnded | None:
        for event in reversed(self.match.events):
            if isinstance(event, TurnEnded):
                return event
        return None

    def verdict(self) -> Content:
        end = self.end
        if end is None:
            return Content("")
        verb = "doit s'arrêter" if end.forced else "s'arrête"
        return Content.assemble(
            (end.player, "bold"), f" {verb} : {signed(end.points)} → total {end.total}"
        )


class SortieScreen(GameScreen):
    CSS_PATH = "screen.tcss"
    BINDINGS = [
        # Shown in the footer only when they make sense (see `check_action`)…
        Binding("l", "roll", "Lancer"),
        Binding("l", "reroll", "Relancer"),
        Binding("space", "roll", "Lancer", show=False),
        *(Binding(str(i + 1), f"pick({i})", f"Dé {i + 1}", group=DICE_KEYS) for i in range(DICE)),
        Binding("a", "stop", "Arrêter"),
        Binding("r", "flip", "Retourner"),
        Binding("s", "six", "Six +2"),
        # …and these hidden twins answer the same keys out of place with a French notice.
        Binding("l", "anyway('roll')", show=False),
        *(Binding(str(i + 1), f"anyway('pick', {i})", show=False) for i in range(DICE)),
        Binding("a", "anyway('stop')", show=False),
        Binding("r", "anyway('flip')", show=False),
        Binding("s", "anyway('six')", show=False),
    ]

    def __init__(self, match, match_id: int) -> None:
        super().__init__(match, match_id)
        self.keep: tuple[int, ...] = ()
        """Free dice the player marked to keep with the next reroll (a plan, not a rule)."""
        self.drop: int | None = None
        """The free die marked to be eliminated to pay for the next reroll."""
        self.picking: str | None = None
        """DROP, FLIP or SIX while the digits choose a die for that."""
        self._plan_for = -1
        self.last = LastTurn(match)

    # --- layout ------------------------------------------------------------------------

    def compose_board(self) -> ComposeResult:
        yield Static(id="status")
        yield DiceTray(DICE, id="dice")
        yield Static(id="captions")
        yield Static(id="value")
        yield Static(id="detail")
        yield Static(id="hint")
        with Horizontal(id="actions"):
            yield self._button("Lancer (l)", "roll", "primary")
            yield self._button("Relancer (l)", "reroll", "primary")
            yield self._button("Arrêter (a)", "stop", "success")
            yield self._button("Annuler (Échap)", "cancel")
        with Horizontal(id="specials"):
            yield self._button("Retourner un dé (r)", "flip", "warning")
            yield self._button("Activer un 6 (s)", "six", "warning")
        yield Static(id="guide")

    @staticmethod
    def _button(label: str, ident: str, variant: str = "default") -> Button:
        button = Button(label, id=ident, variant=variant, compact=True)
        button.can_focus = False  # keys are the moves; a click must not leave focus behind
        return button

    # --- what is shown -----------------------------------------------------------------

    def human_to_move(self, state: SortieState | None = None) -> bool:
        state = state or self.match.state
        seat = state.to_move()
        return seat is not None and not self.match.seats[seat].bot

    def show_state(self, state: SortieState) -> None:
        if self._plan_for != len(self.match.actions):
            self._plan_for = len(self.match.actions)
            self.keep, self.drop, self.picking = (), None, None
        if state.phase != CHOOSE or not self.human_to_move(state):
            self.picking = None
        self.show_dice(state)
        self.show_lines(state)
        self.show_controls(state)
        self.query_one("#guide", Static).update(self.guide(state))
        self.refresh_bindings()

    def pickable(self, state: SortieState) -> tuple[int, ...]:
        """The dice the digits act on now."""
        if not self.human_to_move(state) or state.phase != CHOOSE:
            return ()
        if self.picking == FLIP:
            return state.flippable()
        if self.picking == SIX:
            return state.activatable()
        if self.picking == DROP:  # the dice marked « garder » stay kept
            return tuple(i for i in state.eliminable() if i not in self.keep)
        return state.free() if state.can_reroll else ()

    def show_dice(self, state: SortieState) -> None:
        tray = self.query_one(DiceTray)
        pickable = self.pickable(state)
        end = self.last.end
        if state.dice:
            faces, status = tuple(state.dice), tuple(state.status)
        elif end is not None and end.dice:
            faces, status = end.dice, end.status
        else:
            faces, status = (), ()
        captions = []
        for i, die in enumerate(tray.dice):
            die.value = faces[i] if faces else 0
            die.border_title = str(i + 1) if i in pickable else ""
            die.caption = ""  # the line under the tray carries the words
            if not faces:
                die.set_state(void=True)
                captions.append("")
            elif status[i] == ELIMINATED:
                die.set_state(void=True)
                captions.append("éliminé")
            elif self.picking and i in pickable:
                die.set_state(selectable=True)
                captions.append(self.pick_caption(state, i))
            elif status[i] == KEPT:
                die.set_state(kept=True)
                captions.append(self.kept_caption(state, i))
            elif not state.dice:  # the previous turn's last throw, kept to be read
                die.set_state()
                captions.append(STATUS_WORDS[FREE])
            elif i in self.keep:
                die.set_state(selected=True)
                captions.append("garder")
            elif i == self.drop:
                die.set_state(locked=True)
                captions.append("éliminer")
            else:
                die.set_state(selectable=i in pickable)
                captions.append("libre")
        line = "".join(c.center(SLOT - 1) + " " for c in captions).rstrip()
        self.query_one("#captions", Static).update(Content(line))

    @staticmethod
    def kept_caption(state: SortieState, die: int) -> str:
        if state.dice and state.activated == die:
            return "activé"
        if state.dice and state.flipped_die == die:
            return "retourné"
        return "gardé"

    def pick_caption(self, state: SortieState, die: int) -> str:
        if self.picking == FLIP:
            return f"→ {flipped(state.dice[die])}"
        if self.picking == SIX:
            return signed(state.special_preview(Activate(die)).gain)
        return "élimine?"

    def show_lines(self, state: SortieState) -> None:
        status = self.query_one("#status", Static)
        value = self.query_one("#value", Static)
        detail = self.query_one("#detail", Static)
        hint = self.query_one("#hint", Static)
        seat = state.to_move()
        if seat is None:
            for line in (status, hint):
                line.update("")
            value.update(self.last.verdict())
            detail.update(Content(self.last.end.text if self.last.end else ""))
            return
        parts = [f"Score {state.totals[seat]}/{state.target}"]
        if state.phase == CHOOSE:
            parts.append(f"lancer {state.throws}")
            free = len(state.free())
            parts.append(f"{free} dé libre" if free == 1 else f"{free} dés libres")
            parts.append("spécial utilisé" if state.special_used else "spécial prêt")
        while len(" · ".join(parts)) > LINE_CELLS:
            parts.pop()
        status.update(Content(" · ".join(parts)))

        human = self.human_to_move(state)
        name = state.players[seat]
        if state.phase == ROLL:
            value.update(self.last.verdict())
            detail.update(Content(self.last.end.text if self.last.end else ""))
            if human:
                hint.update(Content("Lance les cinq dés : l (ou Espace)."))
            else:
                hint.update(Content.assemble((name, "bold"), " réfléchit…"))
            return
        found = state.value()
        total = state.stop_total()
        mark = self.app.glyphs.turn
        verb = "Arrêt forcé" if state.must_stop else "Arrêt (a)"
        value.update(
            Content.styled(f"{mark} {verb} : {signed(found.points)} → {total}", "bold $accent")
        )
        detail.update(Content(found.text))
        hint.update(self.plan_hint(state) if human else Content(f"{name} réfléchit…"))

    def plan_hint(self, state: SortieState) -> Content:
        """What the marks on the dice would do, before throwing."""
        if self.picking == DROP:
            return Content("Quel dé éliminer pour relancer ? (1-5)")
        if self.picking == FLIP:
            return Content("Quel dé retourner ? (1-5)")
        if self.picking == SIX:
            return Content("Quel 6 activer ? (1-5)")
        if state.must_stop:
            left = len(state.free())
            if state.special_used:
                return Content(f"Plus que {left} dés libres : arrête-toi (a).")
            return Content(f"{left} dés libres : spécial (r, s) ou arrêt (a).")
        thrown = len(state.free()) - len(self.keep) - 1
        if self.drop is None:
            if self.keep:
                return Content(f"Garder {len(self.keep)} · choisis le dé à éliminer, puis l.")
            return Content("1-5 : garder, puis éliminer · l : relancer")
        kept = f"garde {len(self.keep)}, " if self.keep else ""
        return Content(f"l : {kept}élimine un {state.dice[self.drop]}, relance {thrown} dés")

    def show_controls(self, state: SortieState) -> None:
        human = self.human_to_move(state) and not self.busy
        choosing = human and state.phase == CHOOSE
        special = choosing and not state.special_used and not self.picking
        shown = {
            "roll": human and state.phase == ROLL,
            "reroll": choosing and state.can_reroll and not self.picking,
            "stop": choosing and not self.picking,
            "flip": special,
            "six": special and bool(state.activatable()),
            "cancel": choosing and bool(self.picking),
        }
        for ident, visible in shown.items():
            self.query_one(f"#{ident}", Button).display = visible

    def guide(self, state: SortieState) -> Content:
        """The scoring reminder, or the choices of the open pick with what each would do."""
        if self.picking and state.phase == CHOOSE:
            return self.choices_text(state)
        lines = [
            Content.assemble(
                ("Points ", "bold"),
                f"1 : +1 · trois 1 : +{TRIPLE_ONE_POINTS} · 5 : -{FIVE_PENALTY}",
            ),
            Content(f"       6 : 0, activé +{ACTIVATED_SIX_POINTS} · 2, 3, 4 : 0"),
            Content.assemble(("Relance ", "bold"), "garde des dés, élimine-en un,"),
            Content(f"       lance les autres ({state.min_free - 1} dés au moins)"),
            Content.assemble(("Spécial ", "bold"), "1 fois par tour : retourner un dé"),
            Content("       (5 → 2, 6 → 1…) ou activer un 6"),
        ]
        return Content("\n").join(lines)

    def choices_text(self, state: SortieState) -> Content:
        head = {
            DROP: "Éliminer un dé, relancer les autres :",
            FLIP: "Retourner un dé (une fois par tour) :",
            SIX: "Activer un 6 (une fois par tour) :",
        }[self.picking]
        lines = [Content.styled(head, "bold")]
        for die in self.pickable(state):
            face = state.dice[die]
            if self.picking in (FLIP, SIX):
                action = Flip(die) if self.picking == FLIP else Activate(die)
                after = state.special_preview(action)
                stop = "arrêt forcé" if after.forced else "arrêt"
                change = f"{face} → {flipped(face)}" if self.picking == FLIP else "ce 6 activé"
                points = signed(after.value.points)
                text = f"{die + 1}  {change} ({signed(after.gain)})   {stop} : {points}"
            else:
                thrown = len(state.free()) - len(self.keep) - 1
                text = f"{die + 1}  élimine le {face}, relance {plural(thrown, 'dé')}"
            lines.append(Content(f"  {text}"))
        lines.append(Content.styled("Échap : annuler", "dim"))
        return Content("\n").join(lines)

    def turn_text(self, state: SortieState) -> str:
        seat = state.to_move()
        if seat is None:
            return "Partie terminée"
        head = f"Tour {state.round}" + (f"/{state.turn_limit}" if state.turn_limit else "")
        if state.seats == 1:
            return f"{head} · {state.players[seat]}"
        return f"{head} · Au tour de {state.players[seat]}"

    def seat_status(self, state: SortieState, seat: int) -> tuple[str, bool]:
        return str(state.totals[seat]), False

    def sheet(self, state: SortieState) -> SheetData:
        race, playing = state.race, state.to_move() is not None
        rows = []
        for number, row in enumerate(race.sheet):
            current = playing and number == len(race.sheet) - 1
            cells = tuple(
                signed(mark.points)
                if mark is not None
                else (self.app.glyphs.more if current and seat == race.current else "")
                for seat, mark in enumerate(row)
            )
            rows.append((f"T{number + 1}", cells))
        target = f"Objectif {state.target}"
        if state.seats == 1:
            record = self.solo_record()
            target = f"Record : {plural(record, 'tour')}" if record else target + " en peu de tours"
        elif state.turn_limit:
            target += f" · {state.turn_limit} tours max"
        totals = tuple(map(str, race.scores))
        return SheetData(state.players, tuple(rows), totals, race.starred(), target)

    def solo_record(self) -> int | None:
        profile = self.match.seats[0].profile
        if not profile:
            return None
        game = self.match.game.info.id
        return self.app.records.record(profile, game, lower_is_better=True).best

    @staticmethod
    def results_records(app, match) -> str:
        """The end screen's records (a hook of the results screen): a solo way out is
        measured in turns, the fewer the better; a race in points."""
        game = match.game.info.id
        lines = []
        for seat in match.seats:
            if not seat.profile:
                continue
            points = app.records.record(seat.profile, game)
            turns = app.records.record(seat.profile, game, lower_is_better=True)
            text = f"{seat.name} : {plural(points.played, 'partie')}, "
            text += plural(points.won, "victoire")
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
        detail = self.query_one("#detail", Static)
        if isinstance(event, DiceRolled):
            for i, die in enumerate(tray.dice):
                die.border_title = ""
                if i in event.rolled:
                    die.set_state()
            if event.eliminated is None:
                self.query_one("#captions", Static).update("")
            await tray.roll({i: event.faces[i] for i in event.rolled}, self.seconds(0.5))
            detail.update(Content(event.describe()))
        elif isinstance(event, DieFlipped):
            die = tray.dice[event.die]
            die.set_state(selected=True)
            await die.roll_to(event.after, self.seconds(0.3))
            die.set_state(kept=True)
            detail.update(Content(event.describe()))
            await self.pause(0.3)
        elif isinstance(event, SixActivated):
            tray.dice[event.die].set_state(kept=True)
            detail.update(Content(event.describe()))
            await self.pause(0.3)
        elif isinstance(event, TurnEnded):
            for die, status in zip(tray.dice, event.status, strict=False):
                die.set_state(void=status == ELIMINATED, kept=status == KEPT)
                die.border_title = ""
            words = [STATUS_WORDS[status] for status in event.status]
            line = "".join(w.center(SLOT - 1) + " " for w in words).rstrip()
            self.query_one("#captions", Static).update(Content(line))
            style = "bold reverse $success" if event.points > 0 else "bold reverse $error"
            if event.points == 0:
                style = "bold reverse"
            value.update(Content.styled(f"{event.player} : {signed(event.points)}", style))
            detail.update(Content(event.text))
            await self.count_up(event.total - event.points, event.total, self.show_total)
            await self.pause(0.4)
        elif isinstance(event, TargetReached):
            self.query_one("#hint", Static).update(Content(event.describe()))
            await self.pause(0.8)
        elif isinstance(event, TurnStarted):
            state = self.match.state
            seat = state.to_move()
            if seat is not None and self.match.seats[seat].bot:
                await self.pause(0.6)  # a bot throws next: let the verdict be read first

    def show_total(self, total: int) -> None:
        end = self.last.end
        name = end.player if end else ""
        self.query_one("#status", Static).update(Content.assemble((name, "bold"), f" : {total}"))

    # --- keys and clicks ---------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Show only the keys that make sense now; the hidden twins explain the others."""
        if action not in MOVES:
            return super().check_action(action, parameters)
        state = self.match.state
        if self.busy or not self.human_to_move(state):
            return False
        if action == "roll":
            return state.phase == ROLL
        if state.phase != CHOOSE:
            return False
        if action == "pick":
            return parameters[0] in self.pickable(state)
        if self.picking:
            return False
        if action == "reroll":
            return state.can_reroll
        if action == "stop":
            return True
        if action == "flip":
            return not state.special_used
        return bool(state.activatable())

    def keys_for(self, action: Action) -> list[str]:
        """From a board with no die marked: digits mark the dice to keep, l asks for the die
        to eliminate; r and s open the special's choice (s plays at once with one 6)."""
        digit = str(getattr(action, "die", 0) + 1)
        if isinstance(action, Roll):
            return ["l"]
        if isinstance(action, Stop):
            return ["a"]
        if isinstance(action, Flip):
            return ["r", digit]
        if isinstance(action, Activate):
            return ["s"] if len(self.match.state.activatable()) == 1 else ["s", digit]
        if isinstance(action, Reroll):
            return [str(i + 1) for i in action.keep] + ["l", str(action.eliminate + 1)]
        return super().keys_for(action)

    def action_anyway(self, action: str, *parameters: object) -> None:
        getattr(self, f"action_{action}")(*parameters)

    def play(self, action: Action) -> bool:
        before = len(self.match.actions)
        self.act(action)
        if len(self.match.actions) == before:
            return False
        for button in self.query("#actions > Button, #specials > Button"):
            button.display = False
        self.refresh_bindings()
        return True

    def playable(self) -> bool:
        """Whether a human may act now; a key during an animation only skips it."""
        if self.busy:
            self.skip()
            return False
        return self.human_to_move()

    def open_pick(self, kind: str | None) -> None:
        self.picking = kind
        self.render_state()

    @on(Button.Pressed, "#roll")
    def action_roll(self) -> None:
        if self.match.state.phase == CHOOSE:
            self.action_reroll()
        else:
            self.play(Roll())

    @on(Button.Pressed, "#reroll")
    def action_reroll(self) -> None:
        if not self.playable():
            return
        state = self.match.state
        if self.picking:
            return
        if self.drop is not None:
            self.play(Reroll(self.drop, self.keep))
        elif state.phase == CHOOSE and state.can_reroll:
            self.open_pick(DROP)
        else:
            self.play(Reroll(state.free()[0] if state.free() else 0))

    @on(Button.Pressed, "#stop")
    def action_stop(self) -> None:
        if self.picking:
            self.open_pick(None)
        self.play(Stop())

    def action_pick(self, die: int) -> None:
        if not self.playable():
            return
        state = self.match.state
        if self.picking:
            self.pick_for(die)
            return
        refusal = state.mark_refusal(die)
        if refusal:
            self.app.say(refusal, "warning")
            return
        # Each press moves the die on: free → keep → eliminate → free (keep is skipped
        # when no more dice may be kept).
        if die in self.keep:
            self.keep = tuple(i for i in self.keep if i != die)
            self.drop = die
        elif die == self.drop:
            self.drop = None
        elif len(self.keep) < state.max_keep:
            self.keep = tuple(sorted((*self.keep, die)))
        else:
            self.drop = die
        self.render_state()

    def pick_for(self, die: int) -> None:
        """A die chosen while a pick is open: eliminate it and reroll, flip or activate it."""
        state = self.match.state
        if die not in self.pickable(state):
            keep = "Ce dé est marqué « garder » : élimine un autre dé."
            refusal = {
                DROP: keep if die in self.keep else state.mark_refusal(die),
                FLIP: "Ce dé est éliminé : il ne peut pas être retourné.",
                SIX: "Seul un 6 peut être activé.",
            }[self.picking]
            self.app.say(refusal, "warning")
            return
        kind = self.picking
        if kind == DROP:
            action: Action = Reroll(die, self.keep)
        elif kind == FLIP:
            action = Flip(die)
        else:
            action = Activate(die)
        self.picking = None
        if not self.play(action):
            self.open_pick(kind)  # refused: the choice stays open, the notice says why

    @on(DiceTray.Picked)
    def die_clicked(self, message: DiceTray.Picked) -> None:
        self.action_pick(message.index)

    @on(Button.Pressed, "#flip")
    def action_flip(self) -> None:
        if not self.playable() or self.picking:
            return
        state = self.match.state
        if state.phase != CHOOSE or state.special_used:
            self.play(Flip(0))  # the engine says why not
            return
        self.open_pick(FLIP)

    @on(Button.Pressed, "#six")
    def action_six(self) -> None:
        if not self.playable() or self.picking:
            return
        state = self.match.state
        sixes = state.activatable()
        if state.phase != CHOOSE or state.special_used:
            self.play(Activate(0))  # the engine says why not
        elif not sixes:
            self.app.say("Aucun 6 à activer parmi tes dés.", "warning")
        elif len(sixes) == 1:
            self.play(Activate(sixes[0]))
        else:
            self.open_pick(SIX)

    @on(Button.Pressed, "#cancel")
    def cancel_clicked(self) -> None:
        self.open_pick(None)

    def action_leave(self) -> None:
        """Escape first closes an open choice, then leaves the match."""
        if self.picking:
            self.open_pick(None)
        else:
            super().action_leave()


SCREEN = SortieScreen
