"""The host's view of a shared table: each player's code, who is connected, how to join."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from jeux.engine.core import LEVELS
from jeux.store.tables import SPECTATORS, Sitting, player_of, shown_code

from ...game_screen import GameScreen

DOOR_NAMES = {"ici": "cet écran", "terminal": "un terminal", "web": "un navigateur", "ssh": "SSH"}
SPECTATORS_ROW = "spectateurs"
REFRESH_SECONDS = 1.0
"""How often the list says again who is connected."""


class TableScreen(ModalScreen[None]):
    """Over the host's board: a line per seat (its code, or « ici » for a seat played on
    this screen, and whether someone is connected), the spectators' code and the ways in."""

    BINDINGS = [
        Binding("enter", "toggle_here", "Ici / ailleurs"),
        Binding("escape", "close", "À la partie"),
        Binding("t", "close", "", show=False),
    ]

    def __init__(self, game_screen: GameScreen) -> None:
        super().__init__()
        self.game_screen = game_screen
        self.sitting: Sitting = game_screen.sitting

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="table-dialog"):
            yield Static(id="table-title")
            yield OptionList(id="places")
            with Horizontal(id="ways-in"):
                yield Static(id="ways")
                yield Static(id="qr")
        yield Footer()

    def on_mount(self) -> None:
        self.refresh_places()
        self.set_interval(REFRESH_SECONDS, self.refresh_places)

    def refresh_places(self) -> None:
        match = self.game_screen.match
        title = f"Table partagée · {match.game.info.title}"
        self.query_one("#table-title", Static).update(Content.styled(title, "bold"))
        places = self.query_one("#places", OptionList)
        highlighted = places.highlighted
        connected = self.sitting.tables.connected(self.sitting.table)
        codes = self.sitting.table.codes
        places.clear_options()
        for seat in match.seats:
            player = player_of(seat)
            places.add_option(Option(self.place_line(seat, player, codes, connected), player))
        code = shown_code(codes[SPECTATORS])
        spectators = Content.assemble(
            f"{'Spectateurs':<18}", (f"{code:<12}", "bold"), "voient ce que tous voient"
        )
        places.add_option(Option(spectators, id=SPECTATORS_ROW))
        places.highlighted = highlighted if highlighted is not None else 0
        self.query_one("#ways", Static).update(Content(self.ways_text()))

    def place_line(self, seat, player: str, codes: dict, connected: dict) -> Content:
        name = self.app.glyphs.clip(seat.name, 17)
        if seat.bot:
            level = LEVELS.get(seat.level, "")
            return Content(f"{name:<18}{'—':<12}robot {level}".rstrip())
        code = shown_code(codes[player]) if player in codes else "—"
        if player in self.sitting.players:
            state = Content.styled("● ici, sur cet écran", "$success")
        elif player in connected:
            door = DOOR_NAMES.get(connected[player], "un écran")
            state = Content.styled(f"● par {door}", "$success")
        else:
            state = Content.styled("○ pas encore là", "$text-muted")
        return Content.assemble(f"{name:<18}", (f"{code:<12}", "bold"), state)

    def ways_text(self) -> str:
        lines = ["Pour rejoindre, chacun sur son écran, avec son code :"]
        lines.append("  un terminal de cet ordinateur : jeux join CODE")
        return "\n".join(lines)

    def action_toggle_here(self) -> None:
        """The highlighted player plays on this screen, or on their own (with their code)."""
        option = self.query_one("#places", OptionList).highlighted_option
        player = option.id if option else None
        seats = {player_of(s): s for s in self.game_screen.match.seats}
        if player not in seats or seats[player].bot:
            return
        if player in self.sitting.players:
            self.sitting.give_up(player)
        elif not self.sitting.take([player], "ici"):
            self.app.say(f"{seats[player].name} joue déjà sur son écran.", "warning")
            return
        self.game_screen.seats_changed()
        self.refresh_places()

    def action_close(self) -> None:
        self.dismiss()

    @on(OptionList.OptionSelected, "#places")
    def place_chosen(self) -> None:
        self.action_toggle_here()
