"""Shared widgets on their own: dice, cards, gauge, score sheet, handoff, footer."""

from textual.app import App, ComposeResult
from textual.binding import Binding

from jeux.ui.glyphs import ASCII, UNICODE
from jeux.ui.screens.play.handoff import HandoffScreen
from jeux.ui.widgets.card import Card, CardData, CardFace
from jeux.ui.widgets.dice_tray import DiceTray
from jeux.ui.widgets.die import DieFace
from jeux.ui.widgets.footer import KeysFooter
from jeux.ui.widgets.game_log import GameLog
from jeux.ui.widgets.hand import Hand
from jeux.ui.widgets.score_sheet import ScoreSheet, SheetData

from .driver import cut_sheet_words, drawn, screen_lines

ACE = CardData("A", "♠", False)
QUEEN = CardData("D", "♥", True, "Dame", "soigne 12")


class Bench(App):
    glyphs = UNICODE

    def __init__(self, *widgets) -> None:
        super().__init__()
        self.widgets = widgets

    def compose(self) -> ComposeResult:
        yield from self.widgets


def test_die_faces_have_the_right_pips_and_width():
    for value in range(1, 7):
        lines = DieFace(value, 6, "o", None).lines()
        assert "".join(lines).count("o") == value
        assert {len(line) for line in lines} == {5}
    assert DieFace(17, 20, "o", None).lines()[1].strip() == "17"


def test_card_faces_keep_their_width_face_up_back_and_mid_flip():
    for card in (ACE, QUEEN, None):
        for squeeze in (0, 2, 5):
            lines = CardFace(card, 11, 6, ASCII.back, squeeze).lines()
            assert len(lines) == 6 and {len(line) for line in lines} == {11}
    face = CardFace(ACE, 11, 6, "%").lines()
    assert face[0].startswith("A♠") and face[-1].endswith("A♠")
    assert any("Dame" in line for line in CardFace(QUEEN, 11, 6, "%").lines())


async def test_card_flips_deals_and_reports_clicks():
    card = Card(None, index=2)
    app = Bench(card)
    clicked = {}

    def hook(message):  # a message is seen once per node it bubbles through
        if isinstance(message, Card.Clicked):
            clicked[id(message)] = message.card.index

    async with app.run_test(size=(40, 12), message_hook=hook) as pilot:
        assert card.has_class("-back")
        await card.flip_to(ACE, 0.1)
        assert card.card == ACE and not card.has_class("-back") and card._squeeze == 0
        await card.deal(0.1)
        assert card.styles.offset.x.value == 0
        await pilot.pause()
        await pilot.click(Card)
        await pilot.pause()
        assert list(clicked.values()) == [2]


async def test_hand_reuses_cards_and_reports_picks():
    hand = Hand()
    app = Bench(hand)
    picked = {}

    def hook(message):
        if isinstance(message, Hand.Picked):
            picked[id(message)] = message.index

    async with app.run_test(size=(80, 12), message_hook=hook) as pilot:
        await hand.show([ACE, QUEEN, None], ["1", "2", "3"])
        first = hand.cards[0]
        await hand.show([QUEEN, ACE])
        assert len(hand.cards) == 2 and hand.cards[0] is first and first.card == QUEEN
        await pilot.click(Card, offset=(2, 2))
        await pilot.pause()
        assert list(picked.values()) == [0]


async def test_dice_tray_rolls_to_the_given_faces_and_skips():
    tray = DiceTray(3)
    app = Bench(tray)
    async with app.run_test() as pilot:
        await tray.roll({0: 6, 2: 1}, 0)
        assert [d.value for d in tray.dice] == [6, 0, 1]
        rolling = tray.dice[1].roll_to(4, 5.0)
        tray.settle()
        await rolling
        assert tray.dice[1].value == 4 and not tray.dice[1].has_class("-tumbling")
        await pilot.pause()


async def test_score_sheet_marks_the_leader_and_shows_names_literally():
    sheet = ScoreSheet()
    app = Bench(sheet)
    async with app.run_test(size=(60, 12)):
        data = SheetData(("[red]x", "Marc"), (("Tour 1", ("3", "5")),), ("3", "5"), frozenset({1}))
        sheet.show(data)
        assert sheet.row_count == 2
        assert str(sheet.get_cell_at((1, 2))) == "★ 5"
        assert str(sheet.columns[list(sheet.columns)[1]].label) == "[red]x"


EIGHT = ("Zoé", "Robot 1", "Lina", "Marc", "Bartholomew", "Robot 2", "Éloïse", "Jo")


def rounds(count: int, seats: int) -> tuple[tuple[str, tuple[str, ...]], ...]:
    return tuple((f"T{r + 1}", tuple(str(50 * r + s) for s in range(seats))) for r in range(count))


class Panel(App):
    """The sheet in a box as wide as a game screen's side panel."""

    AUTO_FOCUS = ""
    CSS = "Vertical { width: 34; height: 13; }"

    def compose(self) -> ComposeResult:
        from textual.containers import Vertical

        with Vertical():
            yield ScoreSheet()


async def test_score_sheet_turns_to_a_row_per_seat_when_columns_would_not_fit():
    app = Panel()
    async with app.run_test(size=(80, 24)) as pilot:
        sheet = app.query_one(ScoreSheet)
        sheet.show(SheetData(EIGHT, rounds(12, 8), tuple("1000" for _ in EIGHT)))
        await pilot.pause()
        assert sheet.row_count == 8  # every seat has its row, all in view
        assert sheet.scrollable_content_region.height >= 9
        assert [str(sheet.get_cell_at((seat, 0))) for seat in range(8)] == [
            "Zoé",
            "Robot 1",
            "Lina",
            "Marc",
            "Bartholom…",
            "Robot 2",
            "Éloïse",
            "Jo",
        ]
        assert str(sheet.get_cell_at((0, 1))) == "1000"  # the total beside the name,
        heads = [str(c.label) for c in sheet.ordered_columns[2:]]
        assert heads == ["T12", "T11"]  # then the newest rounds that fit whole
        assert sheet.max_scroll_x == 0 and not cut_sheet_words(sheet, drawn(app.screen))
        assert "Tab" in str(sheet.border_title)
        sheet.focus()
        await pilot.press("right", "right", "left")  # the arrows scroll the focused sheet,
        heads = [str(c.label) for c in sheet.ordered_columns[2:]]
        assert heads == ["T11", "T10"]  # by whole rounds
        await pilot.press(*["right"] * 12)
        assert str(sheet.ordered_columns[-1].label) == "T1"  # down to the first round
        assert not cut_sheet_words(sheet, drawn(app.screen))
        await pilot.press("escape")
        assert app.focused is None  # and Escape gives the keys back to the game

        sheet.show(SheetData(EIGHT[:2], rounds(3, 2), ("100", "101")))
        await pilot.pause()
        assert sheet.row_count == 4 and len(sheet.columns) == 3  # two seats: a column each


async def test_score_sheet_leaves_rounds_still_to_play_out():
    app = Panel()
    async with app.run_test(size=(80, 24)) as pilot:
        sheet = app.query_one(ScoreSheet)
        played = rounds(1, 4) + tuple((f"M{r}", ("",) * 4) for r in range(2, 8))
        sheet.show(SheetData(EIGHT[:4], played, ("0",) * 4))
        await pilot.pause()
        assert [str(c.label) for c in sheet.ordered_columns] == ["", "Total", "T1"]


async def test_score_sheet_keeps_the_parts_of_its_target_that_fit_whole():
    app = Panel()
    async with app.run_test(size=(80, 24)) as pilot:
        sheet = app.query_one(ScoreSheet)
        target = "Trois 6 : la fin · record 199 jours"  # 35 cells, under a sheet of 34
        sheet.show(SheetData(("Odile",), rounds(2, 1), ("2 jours",), target=target))
        await pilot.pause()
        assert sheet.border_subtitle == "Trois 6 : la fin"
        assert not cut_sheet_words(sheet, drawn(app.screen))


async def test_score_sheet_highlights_what_changed():
    sheet = ScoreSheet()
    app = Bench(sheet)
    async with app.run_test(size=(60, 12)):
        sheet.show(SheetData(("Lina", "Marc"), rounds(1, 2), ("0", "1")))
        sheet.show(SheetData(("Lina", "Marc"), rounds(2, 2), ("50", "1")))
        cell = sheet.get_cell_at  # rows T1, T2, Total; column 0 is the label
        assert "reverse" not in str(cell((0, 1)).style)
        assert "reverse" in str(cell((1, 1)).style) and "reverse" in str(cell((2, 1)).style)
        assert "reverse" not in str(cell((2, 2)).style)


async def test_game_log_keeps_the_newest_line_in_view_when_it_shrinks():
    log = GameLog()
    app = Bench(log)
    async with app.run_test(size=(40, 20)) as pilot:
        log.narrate(f"Ligne {n}" for n in range(40))
        await pilot.pause()
        assert log.scroll_y == log.max_scroll_y > 0
        log.styles.height = 6
        await pilot.pause()
        await pilot.pause()
        assert log.scroll_y == log.max_scroll_y


async def test_handoff_hides_the_table_until_the_player_confirms():
    app = Bench()
    async with app.run_test() as pilot:
        closed = []
        app.push_screen(HandoffScreen("[b]Lina"), closed.append)
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen) and app.screen.is_modal is False
        await pilot.press("enter")
        assert closed == [True]  # True: ready; False would be « back to the menu »


def test_clipping_counts_cells_not_characters():
    assert UNICODE.clip("Lina", 10) == "Lina"
    assert UNICODE.clip("Bartholomew", 6) == "Barth…"
    clipped = ASCII.clip("🎲🎲🎲🎲", 5)
    assert clipped.endswith(".") and len(clipped) == 3  # two dice of two cells, then the mark


async def test_every_players_colour_reads_on_its_badge_in_every_theme(app_factory):
    """WCAG AA (4.5:1) for each badge's text, on the colours drawn: each of the eight
    players' colours, for the seat to move (on the accent's tan in the default theme) and
    the others, in every theme the settings offer (an ANSI theme's colours are the
    terminal's)."""
    from textual.color import Color

    from jeux.engine.match import Seat
    from jeux.store.profiles import COLORS
    from jeux.ui.launch import start_match
    from jeux.ui.widgets.player_badge import MIN_CONTRAST, PlayerBadge, contrast

    assert contrast(Color(255, 255, 255), Color(0, 0, 0)) == 21
    app = app_factory(players=[f"J{n}" for n in range(len(COLORS))])
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert {p.color for p in app.profiles.players} == set(COLORS)
        seats = [Seat(p.name, p.id) for p in app.profiles.players]
        start_match(app, "le_5000", seats, {}, seed=1)
        await pilot.pause()
        game = app.screen
        badges = list(game.query(PlayerBadge))
        poor = []
        for theme in sorted(app.available_themes):
            app.theme = theme
            for active in (True, False):
                for badge in badges:
                    badge.set_status("3000", active=active)
                await pilot.pause()
                strips = drawn(game)
                for badge in badges:
                    area = badge.region
                    for segment in strips[area.y].crop(area.x, area.right):
                        fg, bg = segment.style.color, segment.style.bgcolor
                        if segment.text.strip() and fg and fg.triplet and bg and bg.triplet:
                            ratio = contrast(Color.from_rich_color(fg), Color.from_rich_color(bg))
                            if ratio < MIN_CONTRAST:
                                poor.append((theme, active, badge.color, segment.text, ratio))
        assert not poor, poor


class FooterBench(App):
    BINDINGS = [
        Binding("f1", "say('règles')", "Règles", tooltip="Les règles du jeu"),
        Binding("l", "say('lancer')", "Lancer"),
        Binding("a", "say('arrêter')", "Arrêter"),
        *(Binding(k, f"say('dé {k}')", f"Dé {k}", group=Binding.Group("Dés")) for k in "123"),
        Binding("x", "say('long')", "Des mots bien trop longs pour la place qui reste"),
    ]
    said: list[str] = []

    def compose(self) -> ComposeResult:
        yield KeysFooter()

    def action_say(self, word: str) -> None:
        self.said.append(word)

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        return None if parameters == ("arrêter",) else True  # shown, but not playable now


async def test_footer_keys_answer_the_mouse_and_give_way_from_the_right():
    app = FooterBench()
    async with app.run_test(size=(60, 5)) as pilot:
        footer = app.query_one(KeysFooter)
        keys = {key.description or key.key: key for key in footer.keys()}
        assert list(keys) == ["Règles", "Lancer", "Arrêter", "1", "2", "3", "palette"]
        row = screen_lines(app.screen)[-1]
        assert row.startswith(" f1 Règles  l Lancer  a Arrêter  123 Dés ")
        assert row.endswith("▏^p palette ")  # the last key had no room: gone whole

        await pilot.hover(KeysFooter, offset=(keys["Règles"].start + 1, 0))
        assert footer.tooltip == "Les règles du jeu"
        for name in ("Règles", "2", "Arrêter"):
            await pilot.click(KeysFooter, offset=(keys[name].start, 0))
        assert app.said == ["règles", "dé 2"]  # a key not playable now plays nothing
