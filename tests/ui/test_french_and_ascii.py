"""Textual's own words in French, French spacing at line wraps, and the ASCII setting."""

import html
import re
import unicodedata

from rich.cells import cell_len
from rich.console import Console
from rich.text import Text
from textual.command import CommandList
from textual.widgets import Input, Select

from jeux.engine.match import Seat
from jeux.ui.french import Palette, keep_french_spaces
from jeux.ui.glyphs import ASCII, UNICODE, ascii_table, to_ascii
from jeux.ui.launch import start_match
from jeux.ui.screens.start.settings import SettingsScreen, theme_label
from jeux.ui.widgets.die import DieFace
from tests.settle import wait_until


def screen_text(app) -> str:
    """What the terminal shows, as text."""
    svg = app.export_screenshot()
    text = "".join(html.unescape(t) for t in re.findall(r"<text[^>]*>([^<]*)</text>", svg))
    return text.replace("\u00a0", " ")


def symbols(text: str) -> set[str]:
    """Characters beyond ASCII that are not letters (accents are fine in ASCII mode)."""
    return {ch for ch in text if ord(ch) > 127 and not unicodedata.category(ch).startswith("L")}


async def test_command_palette_speaks_french(app_factory):
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+p")
        await pilot.pause()
        assert isinstance(app.screen, Palette)
        assert app.screen.query_one(Input).placeholder == "Cherche une commande…"
        commands = app.screen.query_one(CommandList)
        prompts = [
            str(commands.get_option_at_index(i).prompt) for i in range(commands.option_count)
        ]
        assert any("Paramètres" in p for p in prompts) and any("Quitter" in p for p in prompts)
        await pilot.press(*"zzz")
        await wait_until(
            pilot, lambda: Palette._NO_MATCHES in commands._id_to_option, "« Aucune commande »"
        )
        nothing = commands.get_option(Palette._NO_MATCHES)
        assert "Aucune commande ne correspond" in str(nothing.prompt.renderable)


async def test_select_menus_and_theme_names_are_french(app_factory):
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(SettingsScreen())
        await pilot.pause()
        app.screen.query_one("#theme", Select).focus()
        await pilot.press("enter")
        await pilot.pause()
        text = screen_text(app)
        assert "Fermer la liste" in text and "Dismiss" not in text
        assert "Textual sombre" in text and "textual-dark" not in text
    assert theme_label("atom-one-light") == "Atom One clair"


def test_guillemets_and_colons_stay_with_their_words_at_a_wrap():
    keep_french_spaces()
    console = Console(width=40)
    for width in range(12, 40):  # wide enough for « Effondré » : a longer word is folded
        for line in Text("Lina révèle la salle « Pont Effondré » : -3.").wrap(console, width):
            words = str(line).split()
            assert words[0] not in ("»", ":") and words[-1] != "«"


def test_ascii_filter_keeps_every_width_and_pairs_guillemets():
    assert to_ascii("« Reprendre » 5 → 2 · −1 ★") == "<<Reprendre>> 5 > 2 - -1 ^"
    assert to_ascii("╭─╮│╰╯▔▁█░") == "+-+|++-_#-"
    assert to_ascii("╔═╗║╚╝┏━┓") == "+=+|+++-+"  # chosen (double) stays apart from the rest
    assert to_ascii("Éloïse, ça") == "Éloïse, ça"
    assert to_ascii("Marc réfléchit…  ") == "Marc réfléchit..." and to_ascii("a…b") == "a.b"
    for code, replacement in ascii_table().items():
        assert cell_len(chr(code)) == cell_len(replacement) == 1 and replacement.isascii()


def test_d20_big_digits_have_an_ascii_font():
    for value in (0, 7, 20):
        for glyphs in (UNICODE, ASCII):
            lines = DieFace(value, 20, glyphs.pip, None, True, glyphs.big_digits).lines()
            assert len({cell_len(line) for line in lines}) == 1
    ascii_lines = DieFace(18, 20, "o", None, True, ASCII.big_digits).lines()
    assert all(line.isascii() for line in ascii_lines) and "".join(ascii_lines).strip()
    assert ASCII.star != "*"  # robots wear « * »


async def test_ascii_setting_leaves_no_symbol_on_screen(app_factory):
    app = app_factory()
    app.settings.ascii = True
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert not symbols(screen_text(app))
        seats = [Seat("Zoé"), Seat("Robot 1", bot=True)]
        start_match(app, "le_capitaine", seats, {})
        await pilot.pause()
        await pilot.press("l")
        await pilot.pause()
        assert not symbols(screen_text(app))
        app.settings.ascii = False
        app.save_settings()
        await pilot.pause()
        assert symbols(screen_text(app))  # the setting is undone at once


async def test_the_palette_lists_every_key_of_the_screen_in_french(app_factory):
    from jeux.screenshots import demo_match, open_match
    from jeux.ui.screens.keys import KeysScreen, key_lines

    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        commands = [c.title for c in app.get_system_commands(app.screen)]
        assert "Touches" in commands
        assert ("f5", "Statistiques des joueurs") in key_lines(app.screen)
        await open_match(app, demo_match("le_5000", 3))
        await pilot.pause()
        keys = dict(key_lines(app.screen))
        assert keys["l"] == "Lancer" and keys["f1"] == "Règles"
        assert not any("Focus" in what or "Copy" in what for what in keys.values())
        await app.push_screen(KeysScreen(app.screen))
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, KeysScreen)
