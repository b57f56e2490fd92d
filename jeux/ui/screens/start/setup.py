"""Before a match: who plays, in which order, with which variants and seed."""

from __future__ import annotations

import random

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.widgets import Button, Input, Label, Select, Static

from jeux.catalog import GAMES, load_game
from jeux.engine.core import DEFAULT_LEVEL, LEVELS
from jeux.engine.match import Seat
from jeux.engine.text import players_range, robot_names
from jeux.store.profiles import NAME_LIMIT, ProfileError

from ...launch import ExtraStart, screen_hook, seed_refusal, start_match
from ...widgets.footer import KeysFooter
from ...widgets.limited_input import LimitedInput
from ...widgets.player_picker import PlayerPicker
from ..extra_starts import ExtraStartsScreen

RANDOM_ORDER, LIST_ORDER = "random", "list"
ONE_SCREEN, SHARED_TABLE = "one", "shared"


class SetupForm(VerticalScroll, can_focus=False):
    """The setup's fields, scrolled to whichever has the focus: the form itself takes none,
    or Tab would stop on it showing nothing and Space would tick no one."""


class SetupScreen(ExtraStartsScreen):
    BINDINGS = [
        Binding("f5", "play", "Jouer"),
        Binding("f1", "rules", "Règles"),
        Binding("escape", "app.pop_screen", "Retour"),
    ]

    def __init__(self, game_id: str) -> None:
        super().__init__()
        self.game = load_game(game_id)
        self.info = GAMES[game_id]
        self.extra_starts: list[ExtraStart] = []
        """Other ways to start offered by the game's screen (its `setup_starts` hook)."""

    def compose(self) -> ComposeResult:
        info = self.info
        last = self.app.settings.setups.get(info.id, {})
        bots = last.get("bots") if last.get("bots") in range(info.max_players) else 0
        order = last.get("order") if last.get("order") in (RANDOM_ORDER, LIST_ORDER) else None
        yield Static(
            Content.assemble((info.title, "bold"), f" · {info.players_label}"), id="setup-title"
        )
        with SetupForm(id="setup"):
            if info.max_players == 1:
                count = "un joueur"
            elif info.min_players == info.max_players:  # a duel: one human and a robot will do
                count = f"{info.max_players}, robots compris"
            else:
                count = f"de {info.min_players} à {info.max_players} joueurs"
            yield Label(f"Joueurs ({count}) — Espace ou Entrée pour cocher")
            yield PlayerPicker(id="players")
            with Horizontal(classes="row"):
                yield LimitedInput(
                    placeholder="Nouveau joueur…",
                    id="new-name",
                    max_length=NAME_LIMIT,
                    select_on_focus=False,  # the letters typed on the list stay
                )
                yield Button("Ajouter", id="add")
            if info.max_players > 1:
                with Horizontal(classes="row"):
                    yield Label("Robots", classes="field")
                    yield Select(
                        [(str(n), n) for n in range(info.max_players)],
                        value=bots,
                        allow_blank=False,
                        id="bots",
                    )
                if self.game.levels:
                    yield Vertical(*self.level_rows(bots, last.get("levels", [])), id="levels")
                with Horizontal(classes="row"):
                    yield Label("Ordre", classes="field")
                    yield Select(
                        [("Aléatoire", RANDOM_ORDER), ("Ordre de la liste", LIST_ORDER)],
                        value=order or RANDOM_ORDER,
                        allow_blank=False,
                        id="order",
                    )
                with Horizontal(classes="row"):
                    yield Label("Écrans", classes="field")
                    yield Select(
                        [
                            ("Un seul écran, qu'on se passe", ONE_SCREEN),
                            ("Table partagée : chacun·e son écran", SHARED_TABLE),
                        ],
                        value=SHARED_TABLE if last.get("screens") == SHARED_TABLE else ONE_SCREEN,
                        allow_blank=False,
                        id="screens",
                    )
            for option in self.game.options:
                with Horizontal(classes="row"):
                    yield Label(option.label, classes="field")
                    yield Select(
                        [(c.label, i) for i, c in enumerate(option.choices)],
                        value=[c.value for c in option.choices].index(option.default),
                        allow_blank=False,
                        id=f"opt-{option.key}",
                    )
                if option.help:
                    yield Static(Content(option.help), classes="help")
            with Horizontal(classes="row"):
                yield Label("Graine", classes="field")
                yield Input(placeholder="facultative", id="seed", max_length=40)
            yield Static(
                "La même graine redonne les mêmes dés et les mêmes cartes.", classes="help"
            )
            yield Button("Jouer (F5)", id="play", variant="primary")
            hook = screen_hook(self.info.id, "setup_starts")
            self.extra_starts = list(hook(self.app)) if hook else []
            for start, button in zip(self.extra_starts, self.extra_start_buttons(), strict=True):
                yield button
                if start.help:
                    yield Static(Content.styled(start.help, "$text-muted"))
        yield KeysFooter()

    def level_rows(self, bots: int, levels: list[str]) -> list[Horizontal]:
        """A level to choose for each robot, the last ones chosen first."""
        offered = [(LEVELS[key], key) for key in self.game.levels]
        rows = []
        for n in range(bots):
            level = levels[n] if n < len(levels) and levels[n] in self.game.levels else None
            select = Select(
                offered,
                value=level or DEFAULT_LEVEL,
                allow_blank=False,
                classes="level",
            )
            rows.append(
                Horizontal(
                    Label(f"Niveau du robot {n + 1}", classes="field"), select, classes="row"
                )
            )
        return rows

    @on(Select.Changed, "#bots")
    async def robots_changed(self, event: Select.Changed) -> None:
        if self.game.levels:
            levels, box = self.levels(), self.query_one("#levels")
            await box.remove_children()
            await box.mount(*self.level_rows(event.value, levels))

    def levels(self) -> list[str]:
        return [select.value for select in self.query("Select.level")]

    def on_mount(self) -> None:
        self.app.profiles.reload()  # the players another copy of jeux made meanwhile too
        self.fill_players(self.app.records.last_profiles(self.info.id))
        empty = not self.app.profiles.players
        self.query_one("#new-name" if empty else "#players").focus()

    def fill_players(self, also: list[str] = ()) -> None:
        picker = self.query_one(PlayerPicker)
        picker.show(self.app.profiles.players, [*picker.chosen, *also])

    def on_player_picker_typed(self, event: PlayerPicker.Typed) -> None:
        """A name typed on the list goes to the new player's field, from its first letter."""
        field = self.query_one("#new-name", Input)
        field.focus()
        field.insert_text_at_cursor(event.text)

    @on(Input.Submitted, "#new-name")
    @on(Button.Pressed, "#add")
    def add_player(self) -> None:
        field = self.query_one("#new-name", Input)
        try:
            profile = self.app.profiles.create(field.value)
        except ProfileError as error:
            self.app.say(str(error), "warning")
            return
        field.value = ""
        self.fill_players([profile.id])

    def seats(self, seed: int | str | None) -> list[Seat] | None:
        """The seats chosen, or None after telling the player what is missing. A random order
        follows the seed when there is one, so that a seed replays the same match."""
        chosen = [self.app.profiles.get(pid) for pid in self.query_one(PlayerPicker).chosen]
        seats = [Seat(p.name, p.id) for p in chosen if p]
        if self.info.max_players > 1:
            bots = self.query_one("#bots", Select).value
            levels = self.levels() if self.game.levels else [""] * bots
            labels = [LEVELS.get(level, "") for level in levels]
            names = robot_names(labels, [s.name for s in seats])
            seats += [
                Seat(name, bot=True, level=level) for name, level in zip(names, levels, strict=True)
            ]
            if self.query_one("#order", Select).value == RANDOM_ORDER:
                random.Random(None if seed is None else f"ordre:{seed}").shuffle(seats)
        low, high = self.info.min_players, self.info.max_players
        if not any(not s.bot for s in seats):
            self.app.say("Coche au moins un joueur (ou crée-le ci-dessus).", "warning")
        elif len(seats) < low and self.info.max_players > 1:
            self.app.say(
                f"{self.info.title} se joue {players_range(low, high)} : coche un autre "
                "joueur, ou ajoute un robot (Robots).",
                "warning",
            )
        elif not low <= len(seats) <= high:
            self.app.say(
                f"{self.info.title} se joue {players_range(low, high)}, pas à {len(seats)}.",
                "warning",
            )
        else:
            return seats
        return None

    def remember(self) -> None:
        """Keep the robots, their levels and the order chosen, to offer them next time."""
        if self.info.max_players > 1:
            setup = {
                "bots": self.query_one("#bots", Select).value,
                "order": self.query_one("#order", Select).value,
                "screens": self.query_one("#screens", Select).value,
            }
            if self.game.levels:
                setup["levels"] = self.levels()
            self.app.settings.setups[self.info.id] = setup
            self.app.save_settings()

    def options(self) -> dict:
        return {
            o.key: o.choices[self.query_one(f"#opt-{o.key}", Select).value].value
            for o in self.game.options
        }

    @on(Button.Pressed, "#play")
    def action_play(self) -> None:
        text = self.query_one("#seed", Input).value.strip()
        seed = (int(text) if text.isdigit() else text) if text else self.app.fixed_seed
        if refusal := seed_refusal(self.info.id, seed):
            self.app.say(refusal, "warning")
            return
        seats = self.seats(seed)
        if seats is None:
            return
        self.remember()
        self.app.pop_screen()
        shared = self.info.max_players > 1 and self.query_one("#screens", Select).value
        host = self.query_one(PlayerPicker).chosen[:1]  # the first player ticked keeps this screen
        start_match(
            self.app,
            self.info.id,
            seats,
            self.options(),
            seed,
            shared=shared == SHARED_TABLE,
            here=host,
        )

    def action_extra_start(self, index: int) -> None:
        seats = self.seats(self.app.fixed_seed)
        if seats is None:
            return
        self.remember()
        self.app.pop_screen()
        self.extra_starts[index].run(seats, self.options())

    def action_rules(self) -> None:
        from ..rules import RulesScreen

        self.app.push_screen(RulesScreen(self.info.id))
