"""The shared table on screen, one copy of jeux driven by Pilot and the other seats played by
this test through the store as their own screens would (another process's saves): the host's
table screen, moves followed within the follow loop, nobody else's hand on this screen,
the robots' moves kept once, the table closing and reopening."""

from jeux.catalog import load_game
from jeux.engine.core import DEFAULT_LEVEL
from jeux.engine.match import Match, Seat
from jeux.games.deck_menteur.screen import DeckMenteurScreen
from jeux.store.records import Records
from jeux.store.tables import Tables, shown_code
from jeux.ui.launch import join_table, resume_match, start_match
from jeux.ui.screens.play.results import ResultsScreen
from jeux.ui.screens.table.host import TableScreen

from ..ui.driver import screen_lines
from ..ui.test_deck_menteur_pilot import told_to_others

GAME = "deck_menteur"


class OtherScreen:
    """A seat played elsewhere: what its own copy of jeux does, without a screen."""

    def __init__(self, app, code: str) -> None:
        self.tables = Tables(Records(app.records.path))  # a connection of its own
        self.sitting = self.tables.join(self.tables.admit(code, "test"), "terminal")
        stored = self.sitting.latest()
        self.match = Match.from_saved(app.screen_stack[1].match.game, stored.saved)

    def catch_up(self) -> None:
        if news := self.sitting.news():
            self.adopt(news.saved)

    def play_if_mine(self) -> bool:
        """Its own seat's move, as its robot would choose it, and the robots' moves as any
        screen of the table may play them; True if it played and its save was kept (for a
        robot's move, the host's screen may have saved the same move first)."""
        self.catch_up()
        seat = self.match.state.to_move()
        if seat is None:
            return False
        robot = self.match.seats[seat]
        if seat not in self.sitting.seats and not robot.bot:
            return False
        level = robot.level or DEFAULT_LEVEL
        bot = self.match.game.bot(f"{self.match.seed}:{len(self.match.actions)}", level)
        self.match.play(bot.choose(self.match.state.view(seat)))
        if self.sitting.push(self.match.to_saved()):
            return True
        assert robot.bot  # only a robot's move is played by two screens at once
        self.adopt(self.sitting.latest().saved)
        return False

    def adopt(self, saved: dict) -> None:
        """The table's match: played on from this one, or rebuilt when it does not continue."""
        if self.match.catch_up(saved) is None:
            self.match = Match.from_saved(self.match.game, saved)


def seats(app) -> list[Seat]:
    lina, marc = app.profiles.create("Lina"), app.profiles.create("Marc")
    return [Seat(lina.name, lina.id), Seat(marc.name, marc.id), Seat("Robot 1", bot=True)]


async def open_table(pilot, seed=3):
    app = pilot.app
    start_match(app, GAME, seats(app), {}, seed=seed, shared=True)
    await pilot.pause()
    assert isinstance(app.screen, TableScreen)
    return app.screen


def assert_only_linas_hand(game: DeckMenteurScreen) -> None:
    """Lina's screen draws her hand, and nothing of Marc's is told or drawn."""
    state = game.match.state
    if state.to_move() is None:
        return
    assert game.shown_seat == 0
    assert [c.card for c in game.hand_row.cards] == [game.face(c.card) for c in state.hands[0]]
    assert not told_to_others(game, 0)


async def test_the_host_sees_codes_and_who_is_connected(app_factory):
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        table_screen = await open_table(pilot)
        codes = table_screen.sitting.table.codes
        lines = "\n".join(screen_lines(table_screen))
        marc = app.screen_stack[1].match.seats[1].profile
        assert shown_code(codes[marc]) in lines and "pas encore là" in lines
        assert "jeux join CODE" in lines
        other = OtherScreen(app, codes[marc])
        while "par un terminal" not in "\n".join(screen_lines(table_screen)):
            await pilot.pause(0.05)
        other.sitting.leave()
        while "pas encore là" not in "\n".join(screen_lines(table_screen)):
            await pilot.pause(0.05)


async def test_two_screens_play_a_match_to_the_results_each_seeing_its_own_hand(app_factory):
    app = app_factory()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        table_screen = await open_table(pilot)
        game = table_screen.game_screen
        marc = OtherScreen(app, table_screen.sitting.table.codes[game.match.seats[1].profile])
        await pilot.press("escape")
        for _ in range(3000):
            await pilot.pause()
            if isinstance(app.screen, ResultsScreen):
                break
            if game.busy:
                continue
            assert_only_linas_hand(game)
            if marc.play_if_mine():
                continue
            if game.match.state.to_move() == 0 and not game.busy:
                state = game.match.state
                action = game.match.game.bot(len(game.match.actions)).choose(state.view(0))
                await pilot.press(*game.keys_for(action))
        else:
            raise AssertionError("the match did not reach its results")
        marc.catch_up()
        assert marc.match.actions == game.match.actions  # both screens saw the same match
        stored = app.records.stored(game.match_id)
        assert stored.status == "finished"
        assert len({p.seat for p in game.match.played}) == 3  # each seat played, robot too


async def test_a_host_who_leaves_closes_the_table_and_its_resume_reopens_it(app_factory):
    app = app_factory()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        table_screen = await open_table(pilot)
        game = table_screen.game_screen
        codes = table_screen.sitting.table.codes
        marc = OtherScreen(app, codes[game.match.seats[1].profile])
        assert marc.tables.is_open(marc.sitting.table.id)
        await pilot.press("escape", "escape", "o")  # the table screen, then the match
        await pilot.pause()
        while app.sitting is not None:
            await pilot.pause(0.05)
        assert not marc.tables.is_open(marc.sitting.table.id)
        assert resume_match(app, app.records.unfinished()[0])
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert app.screen.sitting.table.codes == codes  # the same codes again
        assert marc.tables.is_open(marc.sitting.table.id)


async def test_a_joined_screen_follows_its_host_to_the_results_and_to_the_next_match(app_factory):
    """This copy of jeux is Marc's, joined by his code; the host's screen is played here through
    a connection of its own, all seats by robots' rules, and then chooses « Rejouer »."""
    app = app_factory()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        host_tables = Tables(Records(app.records.path))
        match = Match(load_game(GAME), 5, tuple(seats(app)), {})
        match_id = host_tables.records.start(match.to_saved())
        table = host_tables.create(match_id, match.seats)
        host = host_tables.open(table, [match.seats[0].profile])
        marc = app.tables.join(app.tables.admit(table.codes[match.seats[1].profile], "test"), "")
        assert join_table(app, marc)
        await pilot.pause()
        while not match.over:
            seat = match.state.to_move()
            bot = match.game.bot(f"{match.seed}:{len(match.actions)}")
            match.play(bot.choose(match.state.view(seat)))
            assert host.push(match.to_saved())
        while "L'hôte peut relancer" not in "\n".join(screen_lines(app.screen)):
            await pilot.pause(0.05)  # the results, as a joined screen says them
        assert isinstance(app.screen, ResultsScreen) and app.screen.joined
        again = Match(load_game(GAME), 6, match.seats, {})
        again_id = host_tables.records.start(again.to_saved())
        host_tables.move_on(table.id, again_id)
        while not isinstance(app.screen, DeckMenteurScreen) or not app.screen.is_mounted:
            await pilot.pause(0.05)
        while "Manche 1" not in "\n".join(screen_lines(app.screen)):
            await pilot.pause(0.05)  # the next match drawn, before the app closes
        assert app.screen.match_id == again_id and app.screen.sitting.seats == {1}
        host.leave()
