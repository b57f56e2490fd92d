"""The shared seat picker on its own: number keys, clicks, refusals said aloud, Escape."""

from textual.app import App, ComposeResult
from textual.binding import Binding

from jeux.ui.widgets.seat_picker import SeatChoice, SeatPicker

HOSTILE = "[@click=app.quit]x[/]"
CHOICES = (
    SeatChoice(0, "Lina", "toi", "Choisis un autre joueur que toi."),
    SeatChoice(1, HOSTILE, "12 pts"),
    SeatChoice(2, "Zoé", "éliminée", "Zoé est éliminée."),
    SeatChoice(3, "Tom", "3 pts"),
)


class Table(App):
    BINDINGS = [Binding("escape", "menu", "Menu"), Binding("3", "die(3)", "Dé 3")]

    def __init__(self) -> None:
        super().__init__()
        self.heard: list[object] = []

    def compose(self) -> ComposeResult:
        yield SeatPicker()

    def on_seat_picker_picked(self, message: SeatPicker.Picked) -> None:
        self.heard.append(message.seat)

    def on_seat_picker_cancelled(self) -> None:
        self.heard.append("annulé")

    def action_menu(self) -> None:
        self.heard.append("menu")

    def action_die(self, index: int) -> None:
        self.heard.append(f"dé {index}")


def notices(app) -> list[str]:
    return [n.message for n in app._notifications]


def footer(app) -> dict[str, str]:
    return {
        key: b.binding.description
        for key, b in app.screen.active_bindings.items()
        if b.binding.show and b.enabled
    }


async def test_number_keys_choose_allowed_seats_and_explain_the_others():
    app = Table()
    async with app.run_test(size=(60, 12), notifications=True) as pilot:
        picker = app.query_one(SeatPicker)
        assert not picker.is_open
        picker.show("Guerre : qui attaquer ?", CHOICES)
        await pilot.pause()
        assert picker.is_open and picker.has_focus
        # The footer offers only the allowed seats, and Escape cancels instead of leaving.
        shown = footer(app)
        assert shown["escape"] == "Retour" and {"2", "4"} <= set(shown)
        assert not {"1", "3"} & set(shown)
        await pilot.press("1", "3", "7", "2")
        await pilot.pause()
        assert app.heard == [1]  # the picker's keys shadow the table's "3"
        assert notices(app) == [
            "Choisis un autre joueur que toi.",
            "Zoé est éliminée.",
            "Il n'y a pas de joueur 7 à cette table.",
        ]
        assert not picker.is_open  # closed with its choice
        picker.action_choose(3)  # a key that reached it before it closed
        await pilot.pause()
        assert app.heard == [1]
        picker.show("Guerre : qui attaquer ?", CHOICES)
        await pilot.pause()
        await pilot.press("4", "escape")
        await pilot.pause()
        assert app.heard == [1, 3, "menu"]
        picker.show("Guerre : qui attaquer ?", CHOICES)
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert app.heard[-1] == "annulé"


async def test_clicks_choose_or_explain_and_names_are_shown_literally():
    app = Table()
    async with app.run_test(size=(60, 12), notifications=True) as pilot:
        picker = app.query_one(SeatPicker)
        picker.show("Avec qui ?", CHOICES)
        await pilot.pause()
        lines = list(picker.query(".seat-line"))
        assert str(lines[1].render()).startswith(f"2 {HOSTILE} · 12 pts")
        assert lines[0].has_class("-refused") and not lines[1].has_class("-refused")
        await pilot.click(lines[2])
        await pilot.click(lines[1])
        await pilot.pause()
        picker.show("Avec qui ?", CHOICES)
        await pilot.pause()
        await pilot.click("#picker-cancel")
        await pilot.pause()
        assert app.heard == [1, "annulé"]
        assert notices(app) == ["Zoé est éliminée."]
        assert app.is_running  # the hostile name was not a link


async def test_hidden_the_picker_gives_its_keys_back():
    app = Table()
    async with app.run_test(size=(60, 12)) as pilot:
        picker = app.query_one(SeatPicker)
        picker.show("Avec qui ?", CHOICES)
        await pilot.pause()
        picker.show("Avec qui ?", CHOICES[:2])  # redrawn with fewer seats
        await pilot.pause()
        assert len(picker.query(".seat-line")) == 2
        picker.hide()
        await pilot.pause()
        assert not picker.is_open and app.focused is None
        await pilot.press("3", "escape")
        await pilot.pause()
        assert app.heard == ["dé 3", "menu"]
