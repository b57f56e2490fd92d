"""Le Jeu des Trois Couronnes on screen: three dice, the Couronne, the Seigneur and the
Peuple set aside in order, the value of the throw in the rules' words, the scoring table,
and War and Alliance with their targets, chances and cooldowns."""

from __future__ import annotations

import asyncio
import time

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.content import Content
from textual.widgets import Button, Input, Static

from jeux.engine.core import Action, Event, IllegalAction
from jeux.engine.text import de, percent, plural
from jeux.ui.game_screen import GameScreen
from jeux.ui.widgets.dice_tray import DiceTray
from jeux.ui.widgets.game_field import GameField
from jeux.ui.widgets.score_sheet import SheetData
from jeux.ui.widgets.seat_picker import SeatChoice, SeatPicker

from .present import LEGEND, sheet_rows
from .rules import (
    ALLIANCE,
    ALLIANCE_BET,
    ALLIANCE_CHANCE,
    ALLIANCE_GAIN,
    ANSWER,
    DICE,
    MAX_THROWS,
    OFF,
    ROLES,
    ROLLING,
    ROUNDS,
    START,
    STORY_LIMIT,
    WAR,
    WAR_BET,
    WAR_CHANCE,
    WAR_STEAL,
    AllianceProposed,
    AllianceRefused,
    AllianceResolved,
    AnswerAlliance,
    DeclareWar,
    DiceLocked,
    DiceRolled,
    KingdomDeclined,
    KingdomProclaimed,
    PowerExcess,
    ProposeAlliance,
    Roll,
    Stop,
    TroisCouronnesState,
    WarDeclared,
    WarResolved,
    faces_text,
    signed,
)

DICE_KEYS = Binding.Group("Dés", compact=True)
GATED = {"roll", "pick", "stop", "story", "war", "alliance", "answer"}
_UNREAD = object()


class StoryField(GameField):
    """The optional story line: Escape leaves the field, not the match, and the footer says so."""

    BINDINGS = [Binding("escape", "leave", "Fermer le récit")]


class TroisCouronnesScreen(GameScreen):
    CSS_PATH = "screen.tcss"
    BINDINGS = [
        # Shown in the footer only when they make sense (see `check_action`)…
        Binding("l", "roll", "Lancer"),
        Binding("space", "roll", "Lancer", show=False),
        Binding("1", "pick(0)", "Dé 1", group=DICE_KEYS),
        Binding("2", "pick(1)", "Dé 2", group=DICE_KEYS),
        Binding("3", "pick(2)", "Dé 3", group=DICE_KEYS),
        Binding("a", "stop", "Arrêter"),
        Binding("r", "story", "Récit"),
        Binding("g", "war", "Guerre"),
        Binding("p", "alliance", "Alliance"),
        Binding("o", "answer(True)", "Oui"),
        Binding("n", "answer(False)", "Non"),
        # …and these hidden twins answer the same keys out of place with a French notice.
        Binding("l", "anyway('roll')", show=False),
        Binding("1", "anyway('pick', 0)", show=False),
        Binding("2", "anyway('pick', 1)", show=False),
        Binding("3", "anyway('pick', 2)", show=False),
        Binding("a", "anyway('stop')", show=False),
        Binding("r", "anyway('story')", show=False),
        Binding("g", "anyway('war')", show=False),
        Binding("p", "anyway('alliance')", show=False),
        Binding("o", "anyway('answer', True)", show=False),
        Binding("n", "anyway('answer', False)", show=False),
    ]

    def __init__(self, match, match_id: int) -> None:
        super().__init__(match, match_id)
        self.pending: tuple[int, ...] = ()
        """Dice the player picked to set aside at the next throw (a selection, not a rule)."""
        self._pending_for: tuple[int, int, int] | None = None
        self.choosing: str | None = None
        """WAR or ALLIANCE while the player picks a target."""
        self._best: object = _UNREAD
        self.suggested = ""
        """The story put in the field by its key, while the player has not changed it."""

    # --- layout ------------------------------------------------------------------

    def compose_board(self) -> ComposeResult:
        yield Static(id="status")
        yield DiceTray(DICE, id="dice")
        yield Static(id="value")
        yield Static(id="hint")
        with Horizontal(id="actions"):
            yield self._button("Lancer (l)", "roll", "primary")
            yield self._button("Relancer (l)", "reroll", "primary")
            yield self._button("Arrêter (a)", "stop", "success")
            yield self._button("Récit (r)", "story")
            yield self._button("Guerre (g)", "war", "error")
            yield self._button("Alliance (p)", "alliance", "warning")
            yield self._button("Oui (o)", "yes", "success")
            yield self._button("Non (n)", "no", "error")
        yield StoryField(
            placeholder="Récit facultatif (r)",
            id="story-text",
            max_length=STORY_LIMIT,
            compact=True,
        )
        yield Static(id="guide")
        yield SeatPicker(id="targets")

    @staticmethod
    def _button(label: str, ident: str, variant: str = "default") -> Button:
        button = Button(label, id=ident, variant=variant, compact=True)
        button.can_focus = False  # keys are the moves; a click must not leave focus behind
        return button

    # --- what is shown ------------------------------------------------------------

    def show_state(self, state: TroisCouronnesState) -> None:
        key = (state.round, state.current, state.throw_no)
        if key != self._pending_for:
            self._pending_for = key
            human = self.decides_here(state) and state.phase == ROLLING
            self.pending = state.suggested_lock() if human else ()
        if state.phase != START or not self.decides_here(state):
            self.choosing = None
        self.show_dice(state)
        self.show_lines(state)
        self.show_controls(state)
        self.show_guide(state)
        self.refresh_bindings()

    def show_dice(self, state: TroisCouronnesState) -> None:
        tray = self.query_one(DiceTray)
        rethrow = state.phase == ROLLING and state.throw_no < MAX_THROWS
        human = self.decides_here(state)
        lockable = state.lockable(self.pending) if human else ()
        for i, die in enumerate(tray.dice):
            die.value = state.dice[i] if state.dice else 0
            role = state.role_of(i) if state.dice else None
            key = str(i + 1) if rethrow and human else ""
            if not state.dice:
                die.set_state(void=True)
                key, caption = "", ""
            elif role:
                die.set_state(kept=True)
                key, caption = "gardé", role
            elif i in self.pending:
                die.set_state(selected=True)
                caption = ROLES[len(state.locks) + self.pending.index(i)]
            elif i in lockable:
                die.set_state(selectable=True)
                caption = "garder ?"
            else:
                die.set_state()
                caption = ""
            die.border_title = key
            die.caption = caption

    def show_lines(self, state: TroisCouronnesState) -> None:
        value, hint = self.stake_lines(state)
        self.query_one("#status", Static).update(self.status_text(state))
        self.query_one("#value", Static).update(value)
        self.query_one("#hint", Static).update(hint)

    def status_text(self, state: TroisCouronnesState) -> Content:
        seat, current = state.to_move(), state.current
        if seat is None:
            return Content("")
        if state.phase == ANSWER:
            return Content(" · ").join(
                Content(f"{state.players[s]} : {state.scores[s]}") for s in (current, seat)
            )
        parts = [f"Score {state.scores[current]}", f"lancer {state.throw_no}/{MAX_THROWS}"]
        if state.seats == 1:
            best = self.personal_best()
            parts.append(f"record {best}" if best is not None else "pas encore de record")
        elif state.complete_kingdoms[current]:
            parts.append(f"6-5-4 ×{state.complete_kingdoms[current]}")
        if state.decline != OFF:
            parts.append("déclinant")
        return Content(" · ".join(parts))

    def stake_lines(self, state: TroisCouronnesState) -> tuple[Content, Content]:
        """The two lines under the dice: what is at stake now, and what the keys would do."""
        seat, current = state.to_move(), state.current
        if seat is None:
            return Content(""), Content("")
        human = self.decides_here(state)
        if state.phase == ANSWER:
            proposer, partner = state.players[current], state.players[seat]
            return (
                Content.assemble((proposer, "bold"), " propose une alliance à ", (partner, "bold")),
                Content.assemble("Décision de ", (partner, "bold $warning"), " : ")
                + Content("o oui · n non" if human else "réflexion…"),
            )
        if state.phase == START:
            if not human:
                ask = Content(self.waiting_text(state))
            elif state.special_used:
                ask = Content("Et maintenant, ton tour de royaume : l")
            elif self.choosing:
                what = "Guerre" if self.choosing == WAR else "Alliance"
                allowed = state.war_targets() if self.choosing == WAR else state.alliance_partners()
                keys = ", ".join(str(s + 1) for s in allowed)
                ask = Content(f"{what} : choisis un royaume (touche {keys})")
            elif state.seats == 1:
                ask = Content("Lance les dés (l) pour bâtir ton royaume.")
            else:
                ask = Content("Royaume (l), guerre (g) ou alliance (p) ?")
            return ask, self.last_turn_text(state)
        found = state.kingdom_now()
        change = state.stop_change()
        text = f"Arrêt : {signed(change)} → {state.scores[current] + change}"
        if state.throw_no < MAX_THROWS:
            count = DICE - len(state.locks) - len(self.pending)
            text += f" · Relance : {plural(count, 'dé')}"
        else:
            text += " · 3e lancer fait"
        value = Content.styled(f"{self.app.glyphs.turn} {found.label}", "bold $accent")
        return value, Content(text)

    def last_turn_text(self, state: TroisCouronnesState) -> Content:
        if not state.turns:
            if state.seats == 1:
                return Content(f"{ROUNDS} manches pour bâtir le plus beau royaume.")
            return Content(f"{ROUNDS} manches · à égalité, le plus de 6-5-4")
        last = state.turns[-1]
        if state.seats == 1:
            return Content(f"Tour précédent : {last.label} {signed(last.points)}")
        return Content.assemble(
            (state.players[last.seat], "bold"), f" · {last.label} {signed(last.points)}"
        )

    def show_controls(self, state: TroisCouronnesState) -> None:
        human = self.decides_here(state)
        phase = state.phase
        specials = human and state.specials_open() and not self.choosing
        shown = {
            "roll": human and phase == START and not self.choosing,
            "reroll": human and phase == ROLLING,
            "stop": human and phase == ROLLING,
            "story": human and phase == ROLLING,
            "war": specials,
            "alliance": specials,
            "yes": human and phase == ANSWER,
            "no": human and phase == ANSWER,
        }
        for ident, visible in shown.items():
            self.query_one(f"#{ident}", Button).display = visible
        self.query_one("#reroll", Button).disabled = not state.lock_choices()
        self.button_words = {"l": "Relancer" if phase == ROLLING else "Lancer"}
        story = self.query_one("#story-text", StoryField)
        story.display = human and phase == ROLLING
        suggestion = state.story_suggestion()
        story.placeholder = f"Récit (r) : {suggestion}" if suggestion else "Récit facultatif (r)"
        if story.value and story.value == self.suggested:  # untouched: it follows the dice
            self.suggested = suggestion
            story.rewrite(suggestion)

    def show_guide(self, state: TroisCouronnesState) -> None:
        guide = self.query_one("#guide", Static)
        picker = self.query_one(SeatPicker)
        guide.display = not self.choosing
        if self.choosing:
            picker.show(self.picker_title(), self.target_choices(state))
            return
        picker.hide()
        if state.phase == ANSWER:
            guide.update(self.alliance_question(state))
        elif self.decides_here(state) and state.specials_open():
            guide.update(self.specials_text(state))
        else:
            guide.update(self.bonus_table(state))

    def bonus_table(self, state: TroisCouronnesState) -> Content:
        found = state.kingdom_now()
        head = f"  {'Dés finaux':<14} {'Royaume':<18} {'Points':>6}"
        lines = [Content.styled(head, "bold underline")]
        for row in state.bonus_table():
            text = f"{row.dice:<14} {row.name:<18} {row.effect:>6}"
            if found is not None and found.name == row.name:
                lines.append(Content.styled(f"{self.app.glyphs.turn} {text}", "bold reverse"))
            else:
                lines.append(Content(f"  {text}"))
        return Content("\n").join(lines)

    def specials_text(self, state: TroisCouronnesState) -> Content:
        me = state.current
        others = [s for s in range(state.seats) if s != me]
        head = (
            "Avant le 1er lancer, en plus du tour :"
            if state.special_plus_turn
            else "Avant le 1er lancer, au choix :"
        )
        lines = [
            Content.styled(head, "bold"),
            Content.assemble(("l", "bold"), "  Royaume : jusqu'à 3 lancers."),
            Content.assemble(("g", "bold"), f"  Guerre : mise {WAR_BET}, un seul lancer."),
            Content(f"   Deux 4 ou 5 ({percent(WAR_CHANCE)}) : tu prends {WAR_STEAL} ;"),
            Content("   sinon ta mise va à la cible."),
        ]
        war = state.war_targets()
        protected = [s for s in others if state.war_protected(s)]
        line = Content("   Cibles : ") + self.names(state, war)
        if protected:
            line += Content(" · à l'abri : ") + self.names(state, protected)
        lines.append(line)
        lines.append(
            Content.assemble(
                ("p", "bold"), f"  Alliance : mise {ALLIANCE_BET} chacun·e, un lancer."
            )
        )
        lines.append(
            Content(
                f"   Un 6 ({percent(ALLIANCE_CHANCE)}) : +{ALLIANCE_GAIN} chacun·e ; "
                f"sinon -{ALLIANCE_BET}."
            )
        )
        if state.alliance_resting(me):
            lines.append(Content("   Pas cette manche (déjà proposée avant)."))
        else:
            partners = state.alliance_partners()
            lines.append(Content("   Avec : ") + self.names(state, partners))
        return Content("\n").join(lines)

    def names(self, state: TroisCouronnesState, seats: list[int]) -> Content:
        if not seats:
            return Content("personne")
        clip = self.app.glyphs.clip
        return Content(", ").join(Content(clip(state.players[s], 10)) for s in seats)

    def alliance_question(self, state: TroisCouronnesState) -> Content:
        proposer = state.players[state.current]
        partner = state.players[state.partner]
        lines = [
            Content.assemble("Décision de ", (partner, "bold reverse"), " :"),
            Content.assemble((proposer, "bold"), " te propose une alliance."),
            Content(f"Oui (o) : chacun·e mise {ALLIANCE_BET}, puis un seul lancer"),
            Content(f"des trois dés. Au moins un 6 ({percent(ALLIANCE_CHANCE)}) :"),
            Content(f"+{ALLIANCE_GAIN} chacun·e ; sinon -{ALLIANCE_BET} chacun·e."),
            Content("Non (n) : ") + Content(proposer) + Content(" joue un tour normal."),
        ]
        if state.special_plus_turn:
            lines.append(Content("Dans les deux cas, le tour normal suit."))
        return Content("\n").join(lines)

    def picker_title(self) -> Content:
        if self.choosing == WAR:
            return Content(f"Guerre (mise {WAR_BET}) : qui attaquer ?")
        return Content(f"Alliance (mise {ALLIANCE_BET} chacun·e) : avec qui ?")

    def target_choices(self, state: TroisCouronnesState) -> list[SeatChoice]:
        """Every seat, with the engine's reason when the War or Alliance cannot aim at it."""
        war = self.choosing == WAR
        legal = state.legal_actions()
        choices = []
        for seat, name in enumerate(state.players):
            action = DeclareWar(seat) if war else ProposeAlliance(seat)
            refusal = "" if action in legal else state.refusal(action)
            if seat == state.current:
                detail = "toi"
            elif war and state.war_protected(seat):
                detail = f"{state.scores[seat]} pts · à l'abri (guerre en M{state.round - 1})"
            else:
                detail = f"{state.scores[seat]} pts" + (" · impossible" if refusal else "")
            choices.append(SeatChoice(seat, name, detail, refusal))
        return choices

    def personal_best(self) -> int | None:
        """The solo player's best recorded score (read once, and again once the match ends)."""
        if self._best is _UNREAD or self.match.over:
            profile = self.match.seats[0].profile
            record = self.app.records.record(profile, self.match.game.info.id) if profile else None
            self._best = record.best if record else None
        return self._best

    def turn_text(self, state: TroisCouronnesState) -> str:
        seat = state.to_move()
        if seat is None:
            return "Partie terminée"
        head = f"Manche {state.round}/{ROUNDS}"
        if state.phase == ANSWER:
            return f"{head} · Alliance : à {state.players[seat]} de décider"
        if state.seats == 1:
            return f"{head} · {state.players[seat]}"
        return f"{head} · Au tour {de(state.players[seat])}"

    def seat_status(self, state: TroisCouronnesState, seat: int) -> tuple[str, bool]:
        status = str(state.scores[seat])
        if state.seats > 1 and state.to_move() is not None and state.war_protected(seat):
            status += " abri"
        return status, False

    def sheet(self, state: TroisCouronnesState) -> SheetData:
        if state.seats == 1:
            best = self.personal_best()
            legend = f"Record : {best}" if best is not None else "Pas encore de record"
        else:
            legend = LEGEND
        return SheetData(
            state.players,
            sheet_rows(state, self.app.glyphs.more),
            tuple(map(str, state.scores)),
            state.leaders(),
            legend,
        )

    # --- animation ---------------------------------------------------------------

    async def pause(self, base: float) -> None:
        """Hold a result on screen for a moment; a key cuts it short."""
        end = time.monotonic() + self.seconds(base)
        while not self.skipping and time.monotonic() < end:
            await asyncio.sleep(0.03)

    async def animate_event(self, event: Event) -> None:
        tray = self.query_one(DiceTray)
        value = self.query_one("#value", Static)
        hint = self.query_one("#hint", Static)
        if isinstance(event, DiceLocked):
            for index, role in zip(event.dice, event.roles, strict=True):
                tray.dice[index].set_state(kept=True)
                tray.dice[index].border_title = "gardé"
                tray.dice[index].caption = role
        elif isinstance(event, DiceRolled):
            for index in event.rolled:
                tray.dice[index].set_state()
                tray.dice[index].border_title = ""
                tray.dice[index].caption = ""
            await tray.roll({i: event.dice[i] for i in event.rolled}, self.seconds(0.5))
            value.update(Content.styled(f"{self.app.glyphs.turn} {event.label}", "bold $accent"))
        elif isinstance(event, KingdomProclaimed):
            value.update(
                Content.styled(f"{event.name} : {signed(event.points)}", "bold reverse $success")
            )
            hint.update(
                Content(f"« {event.story} »") if event.story else Content(f"Total : {event.total}")
            )
            await self.pause(0.9)
        elif isinstance(event, PowerExcess | KingdomDeclined):
            hint.update(Content(event.describe()))
            await self.pause(0.9)
        elif isinstance(event, WarDeclared | AllianceProposed | AllianceRefused):
            value.update(Content(event.describe()))
            await self.pause(0.5)
        elif isinstance(event, WarResolved | AllianceResolved):
            await self.special_throw(event)

    async def special_throw(self, event: WarResolved | AllianceResolved) -> None:
        tray = self.query_one(DiceTray)
        war = isinstance(event, WarResolved)
        for die in tray.dice:
            die.set_state()
            die.border_title = die.caption = ""
        await tray.roll(dict(enumerate(event.faces)), self.seconds(0.5))
        for die, counts in zip(tray.dice, event.counted, strict=True):
            die.set_state(selected=counts)
            die.caption = "compte" if counts else ""
        if war:
            word = "Victoire" if event.success else "Défaite"
        else:
            word = "Alliance réussie" if event.success else "Alliance ratée"
        style = "bold reverse $success" if event.success else "bold reverse $error"
        self.query_one("#value", Static).update(
            Content.styled(f"{faces_text(event.faces)} : {word}", style)
        )
        self.query_one("#hint", Static).update(Content(event.describe()))
        await self.pause(1.2)

    # --- keys and clicks -------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Show only the keys that make sense now; the hidden twins explain the others."""
        if action not in GATED:
            return super().check_action(action, parameters)
        state = self.match.state
        if self.busy or self.choosing or not self.decides_here(state):
            return False
        legal = state.legal_actions()
        if action == "roll":
            return any(isinstance(a, Roll) for a in legal)
        if action == "pick":
            return bool(state.lock_choices())
        if action in ("stop", "story"):
            return any(isinstance(a, Stop) for a in legal)
        if action in ("war", "alliance"):
            return state.specials_open()
        return any(isinstance(a, AnswerAlliance) for a in legal)

    def keys_for(self, action: Action) -> list[str]:
        state = self.match.state
        if isinstance(action, Roll):
            if state.phase == START:
                return ["l"]
            unpick = [str(die + 1) for die in reversed(self.pending)]  # the last first
            return [*unpick, *(str(die + 1) for die in action.lock), "l"]
        if isinstance(action, Stop):
            return ["r", "home", "ctrl+k", *action.story, "enter"] if action.story else ["a"]
        if isinstance(action, DeclareWar):
            return ["g", str(action.target + 1)]
        if isinstance(action, ProposeAlliance):
            return ["p", str(action.partner + 1)]
        if isinstance(action, AnswerAlliance):
            return ["o" if action.accept else "n"]
        return super().keys_for(action)

    def play(self, action: Action) -> None:
        """Play a human's action (see `GameScreen.act`); once it is under way, the controls
        step aside for the animation."""
        self.choosing = None
        self.act(action)
        if not self.busy:
            self.render_state()  # refused: the board is as it was, the notice says why
            return
        for button in self.query("#actions > Button"):
            button.display = False
        self.query_one("#story-text", Input).display = False
        self.query_one(SeatPicker).hide()
        guide = self.query_one("#guide", Static)
        guide.display = True
        if not isinstance(action, Roll | Stop):
            guide.update("")
        self.refresh_bindings()

    def action_anyway(self, action: str, *parameters: object) -> None:
        getattr(self, f"action_{action}")(*parameters)

    def ready(self) -> bool:
        """Whether a key that only changes the board (a die picked, a list opened) counts:
        not during an animation (the key ends it) nor while a robot plays."""
        return not self.busy and self.decides_here(self.match.state)

    @on(Button.Pressed, "#roll")
    @on(Button.Pressed, "#reroll")
    def action_roll(self) -> None:
        state = self.match.state
        self.play(Roll(self.pending if state.phase == ROLLING else ()))

    @on(Button.Pressed, "#stop")
    def action_stop(self) -> None:
        field = self.query_one("#story-text", Input)
        story = field.value if self.match.state.phase == ROLLING else ""
        self.play(Stop(story))
        if self.busy:
            field.value = self.suggested = ""

    def action_pick(self, die: int) -> None:
        if self.choosing:  # the picker lost the focus to a click: its keys still count
            self.query_one(SeatPicker).action_choose(die)
            return
        if not self.ready():
            return
        try:
            self.pending = self.match.state.toggle_lock(self.pending, die)
        except IllegalAction as refusal:
            self.app.say(str(refusal), "warning")
            return
        self.render_state()

    @on(DiceTray.Picked)
    def die_clicked(self, message: DiceTray.Picked) -> None:
        self.action_pick(message.index)

    @on(Button.Pressed, "#story")
    def action_story(self) -> None:
        if not self.ready():
            return
        state = self.match.state
        if state.phase != ROLLING:
            self.app.say("Le récit accompagne la proclamation : lance d'abord les dés.", "warning")
            return
        field = self.query_one("#story-text", Input)
        if not field.value:
            field.value = self.suggested = state.story_suggestion()
        field.focus()
        field.cursor_position = len(field.value)

    @on(Input.Submitted, "#story-text")
    def story_done(self) -> None:
        self.set_focus(None)
        self.action_stop()

    @on(Button.Pressed, "#war")
    def action_war(self) -> None:
        self.choose(WAR)

    @on(Button.Pressed, "#alliance")
    def action_alliance(self) -> None:
        self.choose(ALLIANCE)

    def choose(self, kind: str) -> None:
        """Open the seat picker, or say why this special action is out of reach."""
        if not self.ready():
            return
        state = self.match.state
        allowed = state.war_targets() if kind == WAR else state.alliance_partners()
        if not allowed:
            self.app.say(state.closed_refusal(kind == WAR), "warning")
            return
        self.choosing = kind
        self.render_state()

    @on(SeatPicker.Picked)
    def target_picked(self, message: SeatPicker.Picked) -> None:
        war = self.choosing == WAR
        self.play(DeclareWar(message.seat) if war else ProposeAlliance(message.seat))

    @on(SeatPicker.Cancelled)
    def cancel_choice(self) -> None:
        self.choosing = None
        self.render_state()

    def action_answer(self, accept: bool) -> None:
        self.play(AnswerAlliance(accept))

    @on(Button.Pressed, "#yes")
    def yes_clicked(self) -> None:
        self.action_answer(True)

    @on(Button.Pressed, "#no")
    def no_clicked(self) -> None:
        self.action_answer(False)

    def action_leave(self) -> None:
        """Escape closes the seat picker first (should it have lost the focus), then leaves."""
        if self.choosing:
            self.cancel_choice()
        else:
            super().action_leave()


SCREEN = TroisCouronnesScreen
