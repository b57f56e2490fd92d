"""The host's view of a shared table: each player's code, who is connected, how to join."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.content import Content
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from jeux.engine.core import LEVELS
from jeux.store.tables import SPECTATORS, Sitting, player_of, shown_code
from jeux.web import doors

from ...game_screen import GameScreen
from ...widgets.footer import KeysFooter
from ...widgets.qr import QrCode

DOOR_NAMES = {"ici": "cet écran", "terminal": "un terminal", "web": "un navigateur", "ssh": "SSH"}
SPECTATORS_ROW = "spectateurs"
REFRESH_SECONDS = 1.0
"""How often the list says again who is connected (and where the doors listen)."""
NAME_CELLS = 16


class TableScreen(Screen[None]):
    """Over the host's board, the whole screen: a line per seat (its code, « ici » for a
    seat played on this screen, whether someone is connected), the spectators' code, and the
    ways in (a browser's address and its QR code, SSH, a terminal of this computer)."""

    DEFAULT_CSS = """
    TableScreen { layout: vertical; }
    TableScreen #table-title { padding: 0 1; text-style: bold; }
    TableScreen #places { height: auto; max-height: 11; margin: 0 1; }
    TableScreen #ways-in { height: 1fr; margin: 1 1 0 1; }
    TableScreen #ways { width: 1fr; }
    TableScreen QrCode { margin: 0 0 0 2; }
    """
    BINDINGS = [
        Binding("enter", "toggle_here", "Jouer ici / ailleurs"),
        Binding("escape", "close", "À la partie"),
        Binding("f6", "close", "À la partie", show=False),
    ]

    def __init__(self, game_screen: GameScreen) -> None:
        super().__init__()
        self.game_screen = game_screen
        self.sitting: Sitting = game_screen.sitting

    def compose(self) -> ComposeResult:
        yield Static(id="table-title")
        yield OptionList(id="places")
        with Horizontal(id="ways-in"):
            yield Static(id="ways")
            yield QrCode(id="qr")
        yield KeysFooter()

    def on_mount(self) -> None:
        doors.open_doors(self.app.locations)
        self.refresh_places()
        self.set_interval(REFRESH_SECONDS, self.refresh_places)

    def refresh_places(self) -> None:
        match = self.game_screen.match
        title = f"Table partagée · {match.game.info.title} — un code par joueur"
        self.query_one("#table-title", Static).update(Content(title))
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
            f"{'Spectateurs':<{NAME_CELLS + 1}}",
            (f"{code:<11}", "bold"),
            ("voient ce que tous voient", "$text-muted"),
        )
        places.add_option(Option(spectators, id=SPECTATORS_ROW))
        places.highlighted = highlighted if highlighted is not None else 0
        self.show_ways(doors.running(self.app.locations))

    def place_line(self, seat, player: str, codes: dict, connected: dict) -> Content:
        name = f"{self.app.glyphs.clip(seat.name, NAME_CELLS):<{NAME_CELLS + 1}}"
        if seat.bot:
            level = LEVELS.get(seat.level, "")
            return Content.assemble(name, f"{'—':<11}", (f"robot {level}".rstrip(), "$text-muted"))
        code = shown_code(codes[player]) if player in codes else "—"
        if player in self.sitting.players:
            state = Content.styled("● ici, sur cet écran", "$success")
        elif player in connected:
            door = DOOR_NAMES.get(connected[player], "un écran")
            state = Content.styled(f"● par {door}", "$success")
        else:
            state = Content.styled("○ pas encore là", "$text-muted")
        return Content.assemble(name, (f"{code:<11}", "bold"), state)

    def show_ways(self, open_doors: doors.Doors | None) -> None:
        lines = [Content("Pour rejoindre, chacun·e avec son code, sur son écran :")]
        if open_doors and open_doors.web_url:
            lines.append(Content.assemble("  navigateur  ", (open_doors.web_url, "bold")))
        if open_doors and open_doors.ssh_command:
            lines.append(Content.assemble("  SSH         ", (open_doors.ssh_command, "bold")))
        lines.append(Content.assemble("  ce PC       ", ("jeux join CODE", "bold")))
        if not doors.available():
            lines.append(
                Content.styled(
                    "Navigateur et SSH : installe l'option web de jeux (README).", "$text-muted"
                )
            )
        elif open_doors is None:
            lines.append(Content.styled("Ouverture des portes navigateur et SSH…", "$text-muted"))
        self.query_one("#ways", Static).update(Content("\n").join(lines))
        self.query_one(QrCode).show(open_doors.web_url if open_doors else "")

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
