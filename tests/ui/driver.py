"""The shared Pilot driver (DESIGN.md §7, layer 3): one way to play any game on its screen.

The game's own bot chooses every move, from the view of the seat to move, seeded as the
screen seeds its robots: a match played on the engine and the same match played on the screen
end alike, so most of it is played on the engine (cheap) and only its last moves by keys.
Where a human's move carries typed text (a spell's word, a story line), the text is hostile.

What `GameScreen.keys_for(action)` must name: every key from the board as it stands until
the move is played, a dialog the move opens included (a confirmation, a target to pick); not
the handoff, nor the Entrée that carries on after a reveal the whole table watches: the driver
passes those itself, checking them on the way.
"""

from __future__ import annotations

import dataclasses
import re
import time

from textual import events
from textual.pilot import Pilot
from textual.screen import Screen
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import Button

from jeux.engine.core import DEFAULT_LEVEL, Action
from jeux.engine.match import Match
from jeux.ui.game_screen import GameScreen
from jeux.ui.screens.play.handoff import HandoffScreen
from jeux.ui.screens.play.results import ResultsScreen
from jeux.ui.widgets.footer import KeysFooter
from jeux.ui.widgets.score_sheet import ScoreSheet
from jeux.ui.widgets.seat_picker import SeatPicker

SETTLE_SECONDS = 60
"""How long animations and robots may take before a screen counts as stuck (a loaded
machine is slow, and a stuck screen must fail, not hang)."""

HOSTILE_TEXT = "[/] [@click=app.quit]x"
"""Typed by the humans wherever the bot typed something: markup that crashes or links."""


def next_move(match: Match) -> Action:
    """What the game's bot plays now for the seat to move, seeded and levelled as
    `GameScreen.think`; for a human seat, its typed text made hostile (robots play on screen
    exactly as here)."""
    seat = match.state.to_move()
    level = match.seats[seat].level or DEFAULT_LEVEL
    bot = match.game.bot(f"{match.seed}:{len(match.actions)}", level)
    action = bot.choose(match.state.view(seat))
    if match.seats[seat].bot:
        return action
    typed = {
        f.name: HOSTILE_TEXT
        for f in dataclasses.fields(action)
        if "free_text" in f.metadata and getattr(action, f.name)
    }
    return dataclasses.replace(action, **typed).cleaned()


def finish_on_engine(match: Match) -> list[Action]:
    """Every action of the match played to its end as the driver plays it, the match left
    untouched."""
    ahead = Match(match.game, match.seed, match.seats, match.options, list(match.actions))
    while not ahead.over:
        ahead.play(next_move(ahead))
    return ahead.actions


def cut_before_last_human_moves(match: Match, full: list[Action], moves: int) -> int:
    """How many actions of `full` to play on the engine so that the humans' last `moves`
    decisions (and the robots' moves between them) are left for the keys."""
    ended = Match(match.game, match.seed, match.seats, match.options, full)
    human = [i for i, p in enumerate(ended.played) if not match.seats[p.seat].bot]
    return max(len(match.actions), human[-moves] if len(human) >= moves else 0)


def drawn(screen: Screen) -> list[Strip]:
    """The screen as the terminal shows it, one strip of styled text per row."""
    return screen._compositor.render_strips()


def screen_lines(screen: Screen) -> list[str]:
    """The screen as the terminal shows it, one string per row."""
    return ["".join(s.text for s in strip) for strip in drawn(screen)]


async def board_lines(pilot: Pilot, game: GameScreen) -> list[str]:
    """The game's board as shown (notices cleared first: they may cover it)."""
    pilot.app.clear_notifications()
    await pilot.pause()
    board = game.query_one("#board").region
    strips = game._compositor.render_strips()[board.y : board.bottom]
    return ["".join(s.text for s in strip.crop(board.x, board.right)) for strip in strips]


def links(screen: Screen, strips: list[Strip] | None = None) -> list[str]:
    """Text drawn as a clickable markup link: player text must never become one."""
    return [
        s.text
        for strip in strips or drawn(screen)
        for s in strip
        if s.style and s.style.meta and "@click" in s.style.meta
    ]


def assert_shown_literally(screen: Screen, names: list[str]) -> None:
    """Each name is on screen as typed (the badges clip long names: their first cells then),
    and nothing on screen is a link: markup in a name would have been eaten or made live."""
    strips = drawn(screen)
    text = "\n".join("".join(s.text for s in strip) for strip in strips)
    for name in names:
        assert name[:8] in text, f"{name!r} is not shown literally on {type(screen).__name__}"
    assert not links(screen, strips), f"links on {type(screen).__name__}: {links(screen)}"


def cells(strip: Strip, start: int, end: int) -> str:
    """The text of a row between two columns of the terminal."""
    return "".join(s.text for s in strip.crop(start, end))


def cut_footer_keys(screen: Screen, strips: list[Strip]) -> list[str]:
    """The footer's keys shown without their whole key and words: past the screen's edge,
    or under another key (the palette's, docked on the right)."""
    cut = []
    for footer in screen.query(KeysFooter):
        row = strips[footer.region.y]
        for key in footer.keys():  # those it has room for: the others are in « Touches »
            start = footer.region.x + key.start
            said = f"{key.key_display} {key.description}".strip()
            drawn = cells(row, start, start + key.width).split()
            if " ".join(drawn) != said or start + key.width > footer.region.right:
                cut.append(f"footer « {said} »")
    return cut


def cut_sheet_words(sheet: ScoreSheet, strips: list[Strip]) -> list[str]:
    """A score sheet's title and subtitle not shown whole, a column's head cut at the
    sheet's edge (a whole column scrolled out of view is not cut), or its first column (the
    rows' labels, the seats' names) out of view."""
    area = sheet.region
    cut = [
        f"sheet title « {title} »"
        for title, y in ((sheet.border_title, area.y), (sheet.border_subtitle, area.bottom - 1))
        if title and str(title) not in cells(strips[y], area.x, area.right)
    ]
    widths = [c.get_render_width(sheet) for c in sheet.ordered_columns]
    fixed = sum(widths[: sheet.fixed_columns])
    start, scroll = 0, round(sheet.scroll_x)
    for index, (column, width) in enumerate(zip(sheet.ordered_columns, widths, strict=True)):
        left = start if index < sheet.fixed_columns else start - scroll
        end = left + width - sheet.cell_padding  # the padding after the words may be hidden
        inside = left >= (0 if index < sheet.fixed_columns else fixed) and end <= sheet.size.width
        outside = end <= fixed or left >= sheet.size.width
        if not inside and (index == 0 or not outside):
            cut.append(f"sheet column « {column.label.plain or index} »")
        start += width
    return cut


def cut_words(screen: Screen) -> list[str]:
    """Whatever the screen shows cut for want of width: footer keys, score sheets' words."""
    strips = drawn(screen)
    sheets = [s for s in screen.query(ScoreSheet) if shown(s)]
    return cut_footer_keys(screen, strips) + [
        cut for sheet in sheets for cut in cut_sheet_words(sheet, strips)
    ]


async def assert_nothing_cut(pilot: Pilot) -> None:
    """Every footer key and its words, every score sheet's title, heads and labels shown
    whole (notices cleared first: they may cover a sheet)."""
    pilot.app.clear_notifications()
    await pilot.pause()
    screen = pilot.app.screen
    assert not cut_words(screen), f"{type(screen).__name__} at {screen.size}: {cut_words(screen)}"


def game_screen(pilot: Pilot) -> GameScreen:
    return next(s for s in reversed(pilot.app.screen_stack) if isinstance(s, GameScreen))


KEY_NAMES = {"Entrée": "enter", "Échap": "escape"}
LABEL = re.compile(r"(?P<words>.+) \((?P<key>[^()]+)\)")
"""A button's label: its words, then the key in brackets."""


def shown(widget: Widget) -> bool:
    return all(node.display for node in widget.ancestors_with_self if isinstance(node, Widget))


def footer_words(game: GameScreen) -> dict[str, str]:
    """What the footer says for each key it shows alone (« 1-9 Cartes » names a list)."""
    keys = game.query_one(KeysFooter).keys()
    return {k.key: k.description for k in keys if "-" not in k.key_display}


def assert_footer_says_what_the_buttons_say(game: GameScreen) -> None:
    """Each key a button on the board shows is, if the footer shows it, named there in the
    button's words."""
    footer = footer_words(game)
    for button in game.query_one("#board").query(Button):
        label = LABEL.fullmatch(str(button.label))
        if not shown(button) or label is None:
            continue
        key = KEY_NAMES.get(label["key"], label["key"])
        said = footer.get(key, label["words"])
        assert said == label["words"], (
            f"{type(game).__name__}: footer {key} {said}, button {label[0]}"
        )


def undo_shown(game: GameScreen) -> bool:
    return any(key.action == "undo" for key in game.query_one(KeysFooter).keys())


async def settle(pilot: Pilot, game: GameScreen) -> None:
    """Wait until someone must act: a human to move on a still board, the handoff, or any
    other screen (the results, the rules)."""
    deadline = time.monotonic() + SETTLE_SECONDS
    while time.monotonic() < deadline:
        await pilot.pause()
        if pilot.app.screen is not game:
            return
        seat = game.match.state.to_move()
        if not game.busy and seat is not None and not game.match.seats[seat].bot:
            return
    raise AssertionError(f"{type(game).__name__} never waited for a player")


async def pass_handoff(pilot: Pilot, game: GameScreen) -> None:
    """The handoff hides the board and names the human to move, literally; Entrée passes it."""
    handoff = pilot.app.screen
    assert isinstance(handoff, HandoffScreen)
    assert not game.query_one("#table").display and game.shown_seat is None
    match = game.match
    assert handoff.player == match.state.players[match.state.to_move()]
    assert_shown_literally(handoff, [handoff.player])
    await pilot.press("enter")
    await settle(pilot, game)


def open_picker(game: GameScreen) -> SeatPicker | None:
    return next((p for p in game.query(SeatPicker) if shown(p)), None)


def another_seat_key(picker: SeatPicker, key: str) -> str:
    """A seat key of the picker other than `key`, one it would take: a second choice made
    by quick fingers (the same key again where there is no other)."""
    allowed = [str(c.seat + 1) for c in picker.choices.values() if c.allowed]
    others = [seat_key for seat_key in allowed if seat_key != key]
    return others[0] if others else key


async def press_quickly(pilot: Pilot, *keys: str) -> None:
    """Send the keys at once, none waiting for the one before to be handled, as a player
    pressing them within a fraction of a second; then wait for the app to settle."""
    for key in keys:
        event = events.Key(key, key if len(key) == 1 else None)
        event.set_sender(pilot.app)
        pilot.app.post_message(event)
    await pilot.pause()


async def press_for(pilot: Pilot, game: GameScreen, action: Action) -> None:
    """Press the keys the screen names for `action` and check they played exactly it. The
    last key of a seat picker comes with a second seat key at once: the picker takes the
    first choice only, however quickly the second follows."""
    count = len(game.match.actions)
    keys = game.keys_for(action)
    await pilot.press(*keys[:-1])
    picker = open_picker(game)
    if keys and picker is not None:
        await press_quickly(pilot, keys[-1], another_seat_key(picker, keys[-1]))
    else:
        await pilot.press(*keys[-1:])
    await settle(pilot, game)
    played = game.match.actions[count : count + 1]
    now = f" ({type(pilot.app.screen).__name__} open)" if pilot.app.screen is not game else ""
    assert played == [action], f"{type(game).__name__}: {keys} played {played}, not {action}{now}"


async def play_by_keys(pilot: Pilot, game: GameScreen, action: Action) -> None:
    """Play `action` by keys; undo must be offered exactly when the match allows it, and
    take the match, on screen and saved, back to its earlier form."""
    match = game.match
    assert undo_shown(game) == bool(match.undoable())
    before, board = match.to_saved(), await board_lines(pilot, game)
    assert_footer_says_what_the_buttons_say(game)
    await press_for(pilot, game, action)
    if pilot.app.screen is not game:
        return
    assert undo_shown(game) == bool(match.undoable())
    assert not links(game)
    if match.undoable():  # the last action is then this one: no robot played since
        await pilot.press("u")
        await settle(pilot, game)
        assert match.to_saved() == before == pilot.app.records.unfinished()[0].saved
        assert await board_lines(pilot, game) == board, "undo left the board unlike before"
        await press_for(pilot, game, action)


async def play_human_moves(pilot: Pilot, game: GameScreen, moves: int = -1) -> None:
    """Play by keys, passing the handoffs, until `moves` human moves are made (all of them
    by default, to the results); robots play on their own meanwhile."""
    await settle(pilot, game)
    await assert_nothing_cut(pilot)
    while moves and not isinstance(pilot.app.screen, ResultsScreen):
        if isinstance(pilot.app.screen, HandoffScreen):
            await pass_handoff(pilot, game)
        elif pilot.app.screen is not game:
            raise AssertionError(f"{type(pilot.app.screen).__name__} waits for a key")
        elif game.shown_seat is None:  # the whole table looks at a reveal: Entrée carries on
            await pilot.press("enter")
            await settle(pilot, game)
        else:
            await play_by_keys(pilot, game, next_move(game.match))
            moves -= 1
        await assert_nothing_cut(pilot)
