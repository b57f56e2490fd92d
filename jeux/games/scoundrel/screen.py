"""Scoundrel on screen: the room of four cards, the weapon with its stack of slain monsters,
the health gauge, and the daily dungeon (one seed per day; the day's first attempt counts).

Runs are told apart by their match label: "daily:2026-11-29" for a profile's first attempt at
that day's dungeon, "daily-replay:2026-11-29" for later attempts, "" for free runs.
"""

from __future__ import annotations

import asyncio
import datetime as dt
from collections.abc import Sequence
from random import Random
from typing import Any

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.content import Content
from textual.widgets import Button, Static

from jeux.engine.cards import PlayingCard
from jeux.engine.core import Action, Event
from jeux.engine.match import Match, Seat
from jeux.engine.text import join_names, plural
from jeux.store.records import HINTED, Record, SavedMatch
from jeux.ui.game_screen import GameScreen
from jeux.ui.launch import ExtraStart, resume_match, start_match
from jeux.ui.screens.confirm import ConfirmScreen
from jeux.ui.screens.play.answer import AnswerScreen
from jeux.ui.widgets.card import Card, CardData
from jeux.ui.widgets.gauge import Gauge
from jeux.ui.widgets.hand import Hand
from jeux.ui.widgets.score_sheet import SheetData

from .game import GAME
from .rules import (
    MONSTER,
    OVER,
    POTION,
    ROOM_SIZE,
    Avoid,
    CardPreview,
    GameOver,
    MonsterFought,
    Pick,
    PotionDrunk,
    RoomAvoided,
    RoomDealt,
    ScoundrelState,
    WeaponEquipped,
    card_kind,
    card_name,
    the_card,
)
from .solver import QUESTION, Hint, answer, hint

GAME_ID = "scoundrel"
DAILY, DAILY_REPLAY = "daily:", "daily-replay:"
"""Label prefixes of a day's first attempt and of its replays (followed by the ISO date)."""
DAILY_SEED = "donjon-"
KIND_TITLES = {MONSTER: "Monstre", POTION: "Potion"}


# --- the daily dungeon --------------------------------------------------------------------


def today() -> dt.date:
    """The local date; tests replace it."""
    return dt.date.today()


def daily_seed(day: dt.date) -> str:
    """The seed of a day's dungeon, the same for everyone: 'donjon-2026-11-29'."""
    return f"{DAILY_SEED}{day.isoformat()}"


def daily_day(seed: int | str) -> dt.date | None:
    """The day whose dungeon a seed deals, None for any other seed."""
    if isinstance(seed, str) and seed.startswith(DAILY_SEED):
        try:
            return dt.date.fromisoformat(seed.removeprefix(DAILY_SEED))
        except ValueError:
            return None
    return None


def seed_refusal(seed: int | str, label: str) -> str:
    """Why a match may not start with this seed: today's and future daily dungeons are
    played only as daily dungeons, so nobody tries them beforehand."""
    day = daily_day(seed)
    if day is None or day < today() or label.startswith((DAILY, DAILY_REPLAY)):
        return ""
    if day == today():
        return "Cette graine est celle du donjon du jour : joue-le avec « Donjon du jour » (F6)."
    return "Cette graine est celle d'un donjon du jour à venir : choisis-en une autre."


def french_date(day: dt.date) -> str:
    return f"{day.day:02d}/{day.month:02d}/{day.year}"


def start_daily(app, seats: Sequence[Seat], options: dict[str, Any]) -> None:
    """Open today's dungeon for these seats: resume the attempt in progress, else start the
    first attempt (which counts), else a replay (which does not). Always the basic rules."""
    day = today()
    label = DAILY + day.isoformat()
    profile = next((seat.profile for seat in seats if seat.profile), "")
    tried = []
    if profile:
        tried = app.records.labelled_matches(GAME_ID, label, profile)
        tried += app.records.labelled_matches(GAME_ID, HINTED + label, profile)
    playing = {match_id for match_id, status in tried if status == "playing"}
    saved = next((m for m in app.records.unfinished() if m.id in playing), None)
    if saved is not None and resume_match(app, saved):
        app.say("Ton donjon du jour est en cours : tu reprends là où tu l'avais laissé.")
        return
    if saved is not None and app.records.in_use(saved.id):
        return  # played in another copy of jeux, as resume_match has said: start nothing
    basic = GAME.resolve_options({})
    if tried:
        label = DAILY_REPLAY + day.isoformat()
        app.say("Tu as déjà tenté le donjon du jour : ce rejeu ne compte pas dans ton palmarès.")
    elif GAME.resolve_options(options) != basic:
        app.say("Le donjon du jour se joue avec les règles de base, pour tout le monde.")
    start_match(app, GAME_ID, seats, basic, daily_seed(day), label)


def _best(record: Record) -> str:
    return "–" if record.best is None else str(record.best)


def record_lines(app, profile: str, name: str) -> list[str]:
    """A profile's history: free runs (replays included) and daily dungeons, kept apart."""
    free = app.records.record_outside(profile, GAME_ID, DAILY, HINTED)
    daily = app.records.record(profile, GAME_ID, DAILY)
    lines = [
        f"{name} : {plural(free.played, 'partie')} libre{'s' * (free.played > 1)}, "
        f"{plural(free.won, 'victoire')}, meilleur score {_best(free)}",
        f"Donjons du jour : {daily.played}, {plural(daily.won, 'victoire')}, "
        f"meilleur score {_best(daily)}",
    ]
    todays = app.records.record(profile, GAME_ID, DAILY + today().isoformat())
    if todays.played:
        lines[-1] += f" (aujourd'hui : {_best(todays)})"
    helped = app.records.record(profile, GAME_ID, HINTED)
    if helped.played:
        lines.append(
            f"Avec conseils (hors palmarès) : {helped.played}, "
            f"{plural(helped.won, 'victoire')}, meilleur score {_best(helped)}"
        )
    return lines


# --- the screen -----------------------------------------------------------------------------


def _hurt(damage: int) -> str:
    return f"-{damage}" if damage else "0"


class ScoundrelScreen(GameScreen):
    CSS_PATH = "screen.tcss"
    BINDINGS = [
        Binding("1", "pick(0)", "Jouer", key_display="1-4"),
        Binding("2", "pick(1)", show=False),
        Binding("3", "pick(2)", show=False),
        Binding("4", "pick(3)", show=False),
        Binding("a", "weapon", "Arme"),
        Binding("n", "barehanded", "Mains nues"),
        Binding("m", "barehanded", "Mains nues", show=False),
        Binding("f", "avoid", "Fuir la salle"),
        Binding("f", "avoid_anyway", show=False),
        Binding("h", "hint", "Conseil"),
        Binding("escape", "cancel", "Retour"),
        Binding("escape", "leave", "Menu"),
    ]
    """The hidden « f » works when fleeing is not allowed, so the engine says why. While a
    card waits for « arme » or « nu », Escape cancels it, and the footer says so."""

    def __init__(self, match: Match, match_id: int) -> None:
        super().__init__(match, match_id)
        self.pending: int | None = None
        """The slot of a monster chosen by key or click, waiting for: weapon or barehanded?"""
        self.label = ""
        self.advice: tuple[int, Hint] | None = None
        """The last hint, with the number of moves played when it was given."""

    # --- hooks for the shared setup and results screens ---------------------------

    @classmethod
    def seed_refusal(cls, seed: int | str, label: str) -> str:
        return seed_refusal(seed, label)

    @classmethod
    def setup_starts(cls, app) -> list[ExtraStart]:
        day = today()
        return [
            ExtraStart(
                "Donjon du jour",
                "f6",
                lambda seats, options: start_daily(app, seats, options),
                f"Le même donjon pour tout le monde le {french_date(day)} (graine "
                f"{daily_seed(day)}, règles de base) : seul ton premier essai compte.",
            )
        ]

    @classmethod
    def counted_run(cls, saved: SavedMatch) -> str:
        if saved.label.startswith(DAILY):
            return "Ce premier essai du donjon du jour comptera comme perdu."
        return ""

    @classmethod
    def results_starts(cls, app, match: Match) -> list[ExtraStart]:
        def replay(seats: Sequence[Seat], options: dict[str, Any]) -> None:
            day = daily_day(match.seed)
            label = DAILY_REPLAY + day.isoformat() if day else ""
            start_match(app, GAME_ID, seats, options, match.seed, label)

        def solve(seats: Sequence[Seat], options: dict[str, Any]) -> None:
            first = GAME.new([s.name for s in match.seats], match.options, Random(match.seed))
            app.push_screen(AnswerScreen(QUESTION, lambda: answer(first)))

        return [
            ExtraStart("Ce donjon", "d", replay),
            ExtraStart("Gagnable ?", "g", solve),
            *cls.setup_starts(app),
        ]

    @classmethod
    def results_records(cls, app, match: Match) -> str:
        lines = []
        for seat in match.seats:
            if not seat.profile:
                continue
            label = app.records.last_label(seat.profile, GAME_ID) or ""
            day = daily_day(match.seed)
            if label.startswith(HINTED):
                lines.append("Partie jouée avec des conseils : comptée à part.")
            elif day and label.startswith(DAILY):
                lines.append(f"Donjon du jour du {french_date(day)} : premier essai, il compte.")
            elif day and label.startswith(DAILY_REPLAY):
                lines.append(f"Rejeu du donjon du {french_date(day)} : hors palmarès.")
            lines += record_lines(app, seat.profile, seat.name)
        return "\n".join(lines)

    # --- layout ---------------------------------------------------------------------

    def compose_board(self) -> ComposeResult:
        yield Static(id="dungeon")
        yield Gauge(id="hp")
        yield Static(id="facts")
        yield Hand(*(Card(None, slot) for slot in range(ROOM_SIZE)), id="room")
        yield Static(id="prompt")
        with Horizontal(id="armory"):
            yield Card(None, id="weapon")
            yield Static(id="weapon-info")
        with Horizontal(id="actions"):
            yield Button("Fuir la salle (f)", id="avoid")
            yield Button("Arme (a)", id="with-weapon", variant="success")
            yield Button("Mains nues (n)", id="barehanded", variant="warning")
            yield Button("Retour (Échap)", id="cancel")

    def on_mount(self) -> None:
        self.label = self.app.records.label_of(self.match_id)
        for button in self.query("#actions > Button").results(Button):
            button.compact = True
            button.can_focus = False
        # Textual then runs GameScreen.on_mount too, which renders and starts the loop.

    @property
    def room_cards(self) -> list[Card]:
        return self.query_one("#room", Hand).cards

    # --- rendering ------------------------------------------------------------------

    def face(self, card: PlayingCard, preview: CardPreview | None = None) -> CardData:
        """A room card: rank and suit in the corners, its kind, what it would do now."""
        kind = card_kind(card)
        text = ""
        if preview is not None and kind == MONSTER:
            barehanded = _hurt(preview.damage_barehanded)
            if preview.damage_with_weapon is not None:
                text = f"arme {_hurt(preview.damage_with_weapon)} nu {barehanded}"
            elif self.match.state.weapon is not None:
                text = f"arme non nu {barehanded}"
            else:
                text = f"{barehanded} PV"
        elif preview is not None and kind == POTION:
            text = f"+{preview.heal} PV"
            if self.match.state.potion_used:
                text += " déjà bue"
            elif preview.heal == 0:
                text += " (plein)"
        elif preview is not None:
            text = "équiper"
        return CardData(
            card.label,
            self.app.glyphs.suits[card.suit],
            card.red,
            KIND_TITLES.get(kind, "Arme"),
            text,
        )

    def show_state(self, state: ScoundrelState) -> None:
        if self.pending is not None and len(state.picks_for(self.pending)) < 2:
            self.pending = None
        self.query_one("#dungeon", Static).update(Content(self.dungeon_text()))
        self.query_one("#hp", Gauge).show(
            "PV", state.hp, state.max_hp, state.hp <= state.max_hp // 4
        )
        self.query_one("#facts", Static).update(Content(self.facts_text(state)))
        previews = {p.slot: p for p in state.previews()}
        for slot, widget in enumerate(self.room_cards):
            card = state.room[slot]
            if card is None:
                self.show_card(widget, CardData(), "", empty=True)
            else:
                chosen = self.pending == slot
                widget.set_class(chosen, "-selected")
                widget.set_class(not chosen and state.phase != OVER, "-selectable")
                caption = f">{slot + 1}<" if chosen else f"[{slot + 1}]"
                self.show_card(widget, self.face(card, previews.get(slot)), caption)
        self.query_one("#prompt", Static).update(self.prompt(state))
        self.show_weapon(state)
        pending = self.pending is not None
        self.query_one("#actions").display = True
        for button, shown in (
            ("#avoid", state.can_avoid and not pending),
            ("#with-weapon", pending),
            ("#barehanded", pending),
            ("#cancel", pending),
        ):
            self.query_one(button, Button).display = shown

    @staticmethod
    def show_card(widget: Card, data: CardData | None, caption: str, empty: bool = False) -> None:
        widget.card = data
        widget.caption = caption
        widget.set_class(empty, "-empty")
        if empty or data is None:
            widget.remove_class("-selected", "-selectable")

    def dungeon_text(self) -> str:
        day = daily_day(self.match.seed)
        if self.label.startswith(HINTED):
            where = f"Donjon du {french_date(day)}" if day else "Partie libre"
            return f"{where} · avec conseils : à part"
        if day and self.label.startswith(DAILY):
            return f"Donjon du jour du {french_date(day)} : il compte"
        if day and self.label.startswith(DAILY_REPLAY):
            return f"Rejeu du donjon du {french_date(day)} : hors palmarès"
        return f"Partie libre · graine {self.match.seed}"

    def facts_text(self, state: ScoundrelState) -> str:
        potion = "déjà bue" if state.potion_used else "possible"
        avoid = "possible" if state.can_avoid else "non"
        return f"Pioche {state.deck_count} · potion {potion} · fuite {avoid}"

    def prompt(self, state: ScoundrelState) -> Content:
        if state.phase == OVER:
            return Content("")
        if self.advice is not None and self.advice[0] == len(self.match.actions):
            hint = self.advice[1]
            keys = " puis ".join(self.keys_for(hint.action))
            return Content.assemble(("Conseil", "bold"), f" ({keys}) : {hint.reason}")
        if self.pending is not None:
            card = state.room[self.pending]
            armed = state.damage_with_weapon(card)
            return Content.assemble(
                (card_name(card), "bold"),
                f" : a = avec l'arme ({_hurt(armed)} PV), n = à mains nues "
                f"({_hurt(card.rank)} PV). Échap : annuler.",
            )
        left = state.cards_to_resolve
        slots = [str(slot + 1) for slot, card in enumerate(state.room) if card]
        if len(slots) == ROOM_SIZE:
            keys = "touches 1 à 4"
        else:
            keys = f"touche{'s' * (len(slots) > 1)} {join_names(slots)}"
        if state.last_room:
            every = "la dernière carte" if left == 1 else f"les {left} cartes"
            text = f"Dernière salle : joue {every} ({keys})."
        else:
            text = (
                f"Joue {plural(left, 'carte')} sur {len(slots)} ({keys}) : celle qui reste "
                "ouvre la salle suivante."
            )
        if state.last_avoided and state.resolved_this_room == 0 and state.deck_count:
            text += " Pas de fuite, la salle d'avant a été fuie."
        if state.potion_used and any(p.kind == POTION for p in state.previews()):
            text += " Potion déjà bue ici, une 2e ne soignerait pas."
        return Content(text)

    def show_weapon(self, state: ScoundrelState) -> None:
        widget = self.query_one("#weapon", Card)
        info = self.query_one("#weapon-info", Static)
        suits = self.app.glyphs.suits
        weapon = state.weapon
        if weapon is None:
            self.show_card(widget, CardData(title="Aucune", text="arme"), "", empty=True)
            info.update(
                Content(
                    f"Pas d'arme : chaque monstre se combat à mains nues. Prends un "
                    f"{suits['carreau']} pour t'équiper."
                )
            )
            return
        bound = state.bound_to
        text = "libre" if bound is None else f"liée {bound}"
        data = CardData(weapon.label, suits[weapon.suit], weapon.red, "Arme", text)
        self.show_card(widget, data, "arme")
        slain = Content.assemble(
            "Pile : ",
            *((f"{card.label}{suits[card.suit]} ", "bold") for card in state.slain),
        )
        if not state.slain:
            slain = Content("Pile : aucun monstre tué")
        if bound is None:
            rule = "Libre : frappe n'importe quel monstre."
        else:
            limit = f"de moins de {bound}" if state.strict_binding else f"de {bound} ou moins"
            rule = f"Liée à {bound} : ne frappe que les monstres {limit}."
        legend = "Cartes : « arme » avec l'arme, « nu » à mains nues."
        info.update(
            Content.assemble(
                (f"Arme : {card_name(weapon)}", "bold"), "\n", slain, "\n", rule, "\n", legend
            )
        )

    def turn_text(self, state: ScoundrelState) -> str:
        if state.phase == OVER:
            return "Partie terminée"
        left = state.cards_to_resolve
        cards = "carte" if left == 1 else "cartes"
        room = "dernière salle" if state.last_room else f"salle {state.room_number}"
        return f"{state.player} · {room} · {left} {cards} à jouer"

    def seat_status(self, state: ScoundrelState, seat: int) -> tuple[str, bool]:
        return f"{state.hp}/{state.max_hp} PV", state.phase == OVER and not state.won

    def sheet(self, state: ScoundrelState) -> SheetData:
        rows = []
        for record in state.rooms:
            if record.avoided:
                value = "fuie"
            else:
                value = f"{record.hp_after} PV ({record.hp_after - record.hp_before:+d})"
            rows.append((f"Salle {record.number}", (value,)))
        target = f"graine {self.match.seed}"
        if state.phase == OVER and state.won:
            target = f"{self.app.glyphs.star} donjon traversé"
            if state.potion_bonus_won:
                rows.append(("Potion", (f"+{state.potion_bonus_won}",)))
        elif state.phase == OVER:
            target = "PV moins monstres restants"
            rows.append(("Monstres", (f"-{state.monsters_left}",)))
        total = str(state.score) if state.phase == OVER else f"{state.hp} PV"
        leaders = frozenset({0}) if state.won else frozenset()
        return SheetData(state.players, tuple(rows), (total,), leaders, target)

    # --- animation ------------------------------------------------------------------

    async def animate_event(self, event: Event) -> None:
        cards = self.room_cards
        self.query_one("#actions").display = False  # back with the next show_state
        if isinstance(event, RoomDealt):
            last = " (la dernière)" if event.last_room else ""
            self.query_one("#prompt", Static).update(Content(f"Salle {event.number}{last}…"))
            for slot in event.dealt_slots:
                self.show_card(cards[slot], CardData(), "", empty=True)
            self.query_one("#facts", Static).update(Content(f"Pioche {event.deck_left}"))
            for slot in event.dealt_slots:
                card = event.room[slot]
                self.show_card(cards[slot], self.face(card), f"[{slot + 1}]")
                await cards[slot].deal(self.seconds(0.18))
        elif isinstance(event, RoomAvoided):
            await asyncio.gather(
                *(c.flip_to(None, self.seconds(0.3)) for c in cards if not c.has_class("-empty"))
            )
            for widget in cards:
                self.show_card(widget, CardData(), "", empty=True)
        elif isinstance(event, MonsterFought | PotionDrunk | WeaponEquipped):
            await self.resolve(event)
        elif isinstance(event, GameOver):
            text = (
                f"Victoire ! {event.player} sort du donjon : score {event.score}."
                if event.won
                else f"{event.player} succombe dans le donjon : score {event.score}."
            )
            self.query_one("#prompt", Static).update(Content.styled(text, "bold"))
            self.add_class("-won" if event.won else "-dead")
            await self.pause(1.2)

    async def resolve(self, event: MonsterFought | PotionDrunk | WeaponEquipped) -> None:
        """The chosen card stands out, takes effect, then leaves the room."""
        widget = self.room_cards[event.slot]
        self.query_one("#prompt", Static).update(Content(event.describe()))
        widget.remove_class("-selectable")
        widget.add_class("-selected")
        await self.pause(0.15)
        state = self.match.state
        if isinstance(event, MonsterFought | PotionDrunk):
            self.query_one("#hp", Gauge).show(
                "PV", event.hp, state.max_hp, event.hp <= state.max_hp // 4
            )
        if isinstance(event, WeaponEquipped):
            suits = self.app.glyphs.suits
            data = CardData(
                event.card.label, suits[event.card.suit], event.card.red, "Arme", "libre"
            )
            weapon = self.query_one("#weapon", Card)
            weapon.remove_class("-empty")
            await weapon.flip_to(data, self.seconds(0.25))
        if isinstance(event, PotionDrunk) and event.blocked:
            self.app.say(event.describe())
        await widget.flip_to(None, self.seconds(0.15))
        self.show_card(widget, CardData(), "", empty=True)

    # --- input ----------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("weapon", "barehanded"):
            return self.pending is not None
        if action == "avoid":
            return self.match.state.can_avoid and self.pending is None
        if action == "hint":
            return self.match.state.phase != OVER
        if action in ("cancel", "leave"):
            return (self.pending is not None) == (action == "cancel")
        return super().check_action(action, parameters)

    def keys_for(self, action: Action) -> list[str]:
        if isinstance(action, Avoid):
            return ["f"]
        state = self.match.state
        keys = [str(action.slot + 1)]
        if len(state.picks_for(action.slot)) == 2:
            keys.append("a" if action.weapon else "n")
        return [*keys, "o"] if state.kills(action) else keys

    def choose(self, slot: int) -> None:
        """A card picked by key or click: played at once, or held for weapon or barehanded."""
        picks = self.match.state.picks_for(slot)
        if len(picks) == 2 and not self.busy:
            self.pending = None if self.pending == slot else slot
            self.render_state()
        elif len(picks) < 2:
            self.pending = None
            self.attempt(picks[0] if picks else Pick(slot))
        else:
            self.skip()  # a choice between weapon and fists waits for the room it is made in

    def attempt(self, action: Action) -> None:
        """Play a move; one that would kill asks first, once the board shows it."""
        state = self.match.state
        if not state.kills(action):
            self.act(action)
            return
        if self.busy:
            self.skip()
            return
        card = the_card(state.room[action.slot])
        question = (
            f"{card[0].upper()}{card[1:]} t'infligerait {state.damage_of(action)} PV et il ne "
            f"t'en reste que {state.hp} : tu mourrais. Le combattre quand même ?"
        )
        self.app.push_screen(ConfirmScreen(question), lambda yes: yes and self.act(action))

    def action_pick(self, slot: int) -> None:
        self.choose(slot)

    def on_hand_picked(self, message: Hand.Picked) -> None:
        message.stop()
        self.choose(message.index)

    def on_card_clicked(self, message: Card.Clicked) -> None:
        message.stop()  # the weapon card: nothing to do

    def fight(self, weapon: bool) -> None:
        if self.pending is None:
            return
        slot, self.pending = self.pending, None
        self.attempt(Pick(slot, weapon=weapon))

    @on(Button.Pressed, "#with-weapon")
    def action_weapon(self) -> None:
        self.fight(True)

    @on(Button.Pressed, "#barehanded")
    def action_barehanded(self) -> None:
        self.fight(False)

    def action_avoid(self) -> None:
        self.pending = None
        self.act(Avoid())

    action_avoid_anyway = action_avoid

    @on(Button.Pressed, "#avoid")
    def avoid_pressed(self) -> None:
        self.action_avoid()

    def action_hint(self) -> None:
        """Ask for a hint: the run is marked as helped, for good."""
        self.label = self.app.records.mark_hinted(self.match_id)
        self.query_one("#prompt", Static).update(Content("Conseil : recherche…"))
        self.think_hint(len(self.match.actions), self.match.state.view(0))

    @work(thread=True, exclusive=True, group="hint")
    def think_hint(self, played: int, view: ScoundrelState) -> None:
        self.app.call_from_thread(self.show_hint, played, hint(view))

    def show_hint(self, played: int, advice: Hint) -> None:
        self.advice = (played, advice)
        self.render_state()

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        self.pending = None
        self.render_state()


SCREEN = ScoundrelScreen
