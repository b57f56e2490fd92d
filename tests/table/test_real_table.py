"""The shared table for real: copies of jeux in tmux on one data folder, the host's set up
through its setup screen, the others joined with `jeux join CODE` read off the host's table
screen. Each seat keys its own moves on its own screen; every capture of a screen is checked
against the match as saved (DESIGN.md §10): no card hidden from that seat is ever on it."""

from __future__ import annotations

import os
import signal

from jeux.catalog import load_game
from jeux.cli.tmux import Terminal, Terminals
from jeux.engine.match import Match, Seat
from jeux.games.coffre_et_cle import present as coffre_text
from jeux.games.coffre_et_cle.rules import NEUTRE, TRESOR, Designate, Pass, Vote

from .real import (
    STEP,
    Folders,
    Seen,
    deck_keys,
    face_of,
    latest_match,
    leaks,
    needs_tmux,
    no_doors,
    short_deck_move,
    turn_line,
)

pytestmark = needs_tmux
RESULTS = "partie terminée"


class Screens:
    """The table's screens, by seat; every capture is checked before it is used."""

    def __init__(self, folders: Folders) -> None:
        self.folders = folders
        self.by_seat: dict[int, Terminal] = {}
        self.captures = 0

    def checked(self, seat: int, screen: str) -> str:
        """`screen`, captured on `seat`'s terminal, after checking it against the match as
        saved since (a screen never runs ahead of the database)."""
        match, _ = latest_match(self.folders)
        self.captures += 1
        if not match.over:
            found = leaks(screen, Seen(match).forbidden(seat))
            assert not found, f"seat {seat} sees {found} of another's cards:\n{screen}"
        return screen

    def wait_for(self, seat: int, text: str, what: str) -> str:
        terminal = self.by_seat[seat]
        return terminal.wait_for(lambda s: text in self.checked(seat, s), STEP, what)

    def play(self, seat: int, keys: list[str]) -> Match:
        """Key a move on its seat's screen, once that screen shows the match where it stands;
        the match as saved once the move is."""
        before, _ = latest_match(self.folders)
        heading = turn_line(before)
        self.wait_for(seat, heading, f"« {heading} » before keying {keys}")
        self.by_seat[seat].keys(*keys)
        for other in self.by_seat:
            self.checked(other, self.by_seat[other].screen())
        return self.await_move(seat, len(before.actions), f"the move {keys} saved")

    def await_move(self, seat: int, actions: int, what: str) -> Match:
        """The match once a move beyond `actions` is saved, watching `seat`'s screen."""

        def saved(screen: str) -> bool:
            self.checked(seat, screen)
            return len(latest_match(self.folders)[0].actions) > actions

        self.by_seat[seat].wait_for(saved, STEP, what)
        return latest_match(self.folders)[0]


def join(terminals: Terminals, folders: Folders, name: str, code: str) -> Terminal:
    return terminals.open(name, folders.jeux("join", code))


# --- Deck menteur ------------------------------------------------------------------------

DECK_SEATS = (Seat("Lina", "a"), Seat("Marc", "b"))


def short_deck_seed(rounds: range) -> int:
    """A seed whose match, played by `short_deck_move`, lasts this many rounds."""
    game = load_game("deck_menteur")
    for seed in range(1, 1000):
        match = Match(game, seed, DECK_SEATS, {})
        while not match.over:
            match.play(short_deck_move(match))
        if len(match.actions) // 3 in rounds:
            return seed
    raise AssertionError("no seed gives so short a match")


def test_deck_menteur_to_the_results_each_seat_on_its_screen_and_a_killed_one_rejoins(
    folders, terminals
):
    seed = short_deck_seed(range(3, 5))
    with no_doors(folders):
        host, codes = folders.host_table(terminals, "deck_menteur", seed, ["Lina", "Marc"])
        screens = Screens(folders)
        screens.by_seat = {0: host, 1: join(terminals, folders, "marc", codes["Marc"])}
        match, _ = latest_match(folders)
        assert [s.name for s in match.seats] == ["Lina", "Marc"]
        killed = False
        while not match.over:
            if len(match.actions) == 4 and not killed:  # mid-round 2, Marc's screen dies
                killed = True
                rejoin_after_kill(terminals, folders, screens, codes["Marc"], match)
            action = short_deck_move(match)
            match = screens.play(match.state.to_move(), deck_keys(match, action))
        for seat in screens.by_seat:
            screens.wait_for(seat, RESULTS, "the results")
    assert killed and screens.captures > 20


def rejoin_after_kill(terminals, folders, screens: Screens, code: str, match: Match) -> None:
    """Marc's jeux killed with -9, then `jeux join` again with his code: the same place, at
    the same point, his hand as it was."""
    marc = screens.by_seat[1]
    os.kill(marc.pid(), signal.SIGKILL)
    again = join(terminals, folders, "marc-encore", code)
    screens.by_seat[1] = again
    heading, hand = turn_line(match), [face_of(c) for c in match.state.hands[1].cards]

    def back(screen: str) -> bool:
        screens.checked(1, screen)
        return heading in screen and all(face in screen for face in hand)

    again.wait_for(back, STEP, f"Marc's screen back at « {heading} », with his hand {hand}")


# --- Le Coffre et la Clé -----------------------------------------------------------------

COFFRE_NAMES = ["Lina", "Marc", "Zoé"]
COFFRE_SEATS = (*(Seat(n, n) for n in COFFRE_NAMES), Seat("Robot 1", bot=True))


def treasure_first_seed() -> int:
    """A seed dealing the Treasure to the first seat (Lina): she looks, passes and
    designates a Neutral at once, which opens the final vote."""
    game = load_game("coffre_et_cle")
    for seed in range(1, 1000):
        if Match(game, seed, COFFRE_SEATS, {}).state.hands[0].role == TRESOR:
            return seed
    raise AssertionError("no seed deals the Treasure to the first seat")


def test_le_coffre_et_la_cle_final_vote_each_on_its_screen(folders, terminals):
    seed = treasure_first_seed()
    with no_doors(folders):
        host, codes = folders.host_table(terminals, "coffre_et_cle", seed, COFFRE_NAMES, robots=1)
        screens = Screens(folders)
        screens.by_seat = {0: host}
        for seat, name in ((1, "Marc"), (2, "Zoé")):
            screens.by_seat[seat] = join(terminals, folders, name.lower(), codes[name])
        match, _ = latest_match(folders)
        assert [s.name for s in match.seats] == [*COFFRE_NAMES, "Robot 1"]
        neutral = next(s for s in (1, 2, 3) if match.state.hands[s].role == NEUTRE)
        screens.wait_for(0, turn_line(match), "Lina's turn")
        screens.by_seat[0].keys("r")  # a peek at her card, on her screen alone
        screens.wait_for(0, "Ta carte : Trésor", "Lina's peek at her card")
        screens.play(0, ["p"])
        screens.play(0, ["d", str(neutral)])
        match, _ = latest_match(folders)
        assert match.actions[-1] == Designate(neutral)
        while not match.over:
            seat = match.state.to_move()
            if match.seats[seat].bot:  # the robot's vote, played by some screen
                match = screens.await_move(0, len(match.actions), "the robot's vote")
                continue
            target = 2 if seat == 1 else 1  # each votes for another human
            number = coffre_text.targets(match.state, seat).index(target) + 1
            match = screens.play(seat, [str(number)])
            assert match.actions[-1] == Vote(target)
        for seat in screens.by_seat:
            screens.wait_for(seat, RESULTS, "the results")
    assert Pass() in match.actions
