"""Starting and resuming matches: the one path from setup, menu and results into a game.

The engine (`jeux.engine.match`) is imported where a match is opened or described, not with
this module: the menu, which imports it, paints without the engine."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from random import SystemRandom
from typing import TYPE_CHECKING, Any

from jeux.catalog import GAMES, load_game, load_screen
from jeux.engine.text import de, join_names, plural
from jeux.store.jsonfile import StoreError
from jeux.store.records import Record, SavedMatch

if TYPE_CHECKING:
    from jeux.engine.match import Match, Seat


@dataclass(frozen=True)
class ExtraStart:
    """Another way into a game that its screen class offers to the setup and results screens
    (e.g. Scoundrel's daily dungeon): a button and a key there; `run(seats, options)` opens
    the match itself (with its own seed and label, or by resuming one)."""

    label: str
    key: str
    run: Callable[[Sequence[Seat], dict[str, Any]], None]
    help: str = ""

    @property
    def button_label(self) -> str:
        """'Donjon du jour (F6)', 'Rejouer ce donjon (d)'."""
        key = self.key.upper() if self.key[1:].isdigit() else self.key
        return f"{self.label} ({key})"


def screen_hook(game_id: str, name: str) -> Any:
    """An optional hook of a game's screen class used by the shared screens, or None.

    Known hooks: `setup_starts(app) -> list[ExtraStart]`,
    `results_starts(app, match) -> list[ExtraStart]`, `results_records(app, match) -> str`,
    `counted_run(saved: SavedMatch) -> str`: why forgetting this unfinished match still counts
    it as lost (e.g. a daily dungeon's first attempt), '' when it does not."""
    try:
        return getattr(load_screen(game_id), name, None)
    except ImportError:
        return None


def saved_records(app, match: Match, lower_is_better: bool = False) -> Iterator[tuple[str, Record]]:
    """For a `results_records` hook: the name and record at this game of each seat a saved
    player holds, in seat order."""
    for seat in match.seats:
        if seat.profile:
            record = app.records.record(
                seat.profile, match.game.info.id, lower_is_better=lower_is_better
            )
            yield seat.name, record


def played_text(record: Record, wins: bool = True) -> str:
    """'3 parties, 2 victoires' ('3 parties' without `wins`)."""
    played = plural(record.played, "partie")
    return f"{played}, {plural(record.won, 'victoire')}" if wins else played


def new_seed() -> int:
    return SystemRandom().randrange(1_000_000_000)  # as `secrets` does, without its imports


def seed_refusal(game_id: str, seed: int | str | None, label: str = "") -> str:
    """Why a game refuses this seed (e.g. a daily dungeon still to come), or ""."""
    hook = screen_hook(game_id, "seed_refusal")
    return hook(seed, label) if hook and seed is not None else ""


def start_match(
    app,
    game_id: str,
    seats: Sequence[Seat],
    options: dict[str, Any],
    seed: int | str | None = None,
    label: str = "",
    shared: bool = False,
    here: Sequence[str] = (),
) -> None:
    """Create, record and open a match; `shared`: at a new shared table (its table screen
    first), its places `here` played on this screen, or at the app's table when it has one
    (« Rejouer » there). The seed given at launch (`jeux play … --seed`) plays the first
    match begun, and only that one."""
    from jeux.engine.match import Match

    if seed is None:
        seed = app.fixed_seed if app.fixed_seed is not None else new_seed()
    if refusal := seed_refusal(game_id, seed, label):
        app.say(refusal, "warning")
        return
    match = Match(load_game(game_id), seed, tuple(seats), options)
    try:
        match_id = app.records.start(match.to_saved(), label)
    except StoreError as error:  # a match that could not be kept is not begun
        app.say(f"Partie non commencée : {error}", "error", timeout=10)
        return
    app.fixed_seed = None
    app.claim(match_id)
    screen = load_screen(game_id)(match, match_id)
    if app.sitting is not None:  # the next match of a shared table: same places, same codes
        app.tables.move_on(app.sitting.table.id, match_id)
        app.sitting.move_on(match_id)
        screen.sit(app.sitting)
    elif shared:
        if not open_table(app, screen, app.tables.create(match_id, match.seats), here or None):
            return
    app.push_screen(screen)
    if shared:
        show_table(app, screen)


def open_table(app, screen, table, players: Sequence[str] | None = None) -> bool:
    """Host a shared table from this copy of jeux, its screen playing `players` (by default
    the first human only: the others join from their own screens)."""
    from jeux.store.tables import player_of

    if players is None:
        humans = [player_of(seat) for seat in screen.match.seats if not seat.bot]
        players = humans[:1]
    sitting = app.tables.open(table, players)
    if sitting is None:
        app.say(IN_USE, "warning")
        return False
    app.sitting = sitting
    screen.sit(sitting)
    return True


def show_table(app, screen) -> None:
    """Over a match's screen, its shared table's: the codes, who is connected, how to join."""
    from .screens.table.host import TableScreen

    app.push_screen(TableScreen(screen))


IN_USE = "Cette partie est ouverte dans une autre fenêtre de jeux : termine-la ou quitte-la là-bas."


def resume_match(app, saved: SavedMatch) -> bool:
    """Replay a saved match and open it, unless another copy of jeux is playing it; a match
    that no longer replays is set aside."""
    from jeux.engine.match import Match, ReplayError

    if not app.claim(saved.id):
        app.say(IN_USE, "warning")
        return False
    try:
        game = load_game(saved.game)
        match = Match.from_saved(game, saved.saved)
    except (ReplayError, ImportError) as error:
        app.release_closed_matches()
        app.records.set_broken(saved.id)
        if isinstance(error, ReplayError) and saved.saved.get("version") != game.version:
            why = "elle a été commencée avec une version précédente des règles"
        else:
            why = f"elle ne se rejoue plus ({error})"
        app.say(f"Cette partie ne peut plus être reprise : {why}. Elle est mise de côté.", "error")
        return False
    screen = load_screen(saved.game)(match, saved.id)
    table = app.tables.of_match(saved.id)
    if table is not None and not open_table(app, screen, table):
        app.release_closed_matches()
        return False
    app.push_screen(screen)
    if table is not None:
        show_table(app, screen)
    return True


def next_at_table(app, results, match_id: int) -> None:
    """A joined screen follows its table to the match the host started (« Rejouer »)."""
    from jeux.engine.match import Match, ReplayError

    sitting = app.sitting
    sitting.move_on(match_id)
    try:
        match = Match.from_saved(load_game(results.match.game.info.id), sitting.latest().saved)
    except (ReplayError, AttributeError, StoreError):
        return  # not written whole yet: the results screen looks again
    app.switch_screen(load_screen(match.game.info.id)(match, match_id).sit(sitting))


def join_table(app, sitting) -> bool:
    """Open the match of a table at the place a code gave (the code already checked): only
    that place's view, or the spectators'."""
    from jeux.engine.match import Match, ReplayError

    try:
        stored = app.records.stored(sitting.match_id)
        match = Match.from_saved(load_game(stored.saved["game"]), stored.saved)
    except (ReplayError, ImportError, KeyError, AttributeError, StoreError):
        sitting.leave()
        app.say("La partie de cette table ne se rejoue pas ici.", "error")
        return False
    app.sitting = sitting
    app.push_screen(load_screen(match.game.info.id)(match, sitting.match_id).sit(sitting))
    return True


def progress_text(saved: SavedMatch) -> str:
    """Where an unfinished match stands, from its replay: the state's own `progress()` when it
    has one ("salle 4"), and whose turn it is when several play; '' if it no longer replays."""
    from jeux.engine.match import Match, ReplayError

    try:
        match = Match.from_saved(load_game(saved.game), saved.saved)
    except (ReplayError, ImportError):
        return ""
    state = match.state
    own = state.progress() if hasattr(state, "progress") else ""
    seat = state.whose_turn()
    several = seat is not None and len(match.seats) > 1
    turn = f"au tour {de(match.seats[seat].name)}" if several else ""
    return " · ".join(text for text in (own, turn) if text)


def forget_match(app, saved: SavedMatch, done: Callable[[], None]) -> None:
    """Ask, then take an unfinished match out of « Reprendre »; a run that counts stays counted."""
    from .screens.confirm import ConfirmScreen

    if app.records.in_use(saved.id):
        app.say(IN_USE, "warning")
        return
    hook = screen_hook(saved.game, "counted_run")
    counted = hook(saved) if hook else ""

    def forget(yes: bool | None) -> None:
        if yes:
            try:
                app.records.abandon(saved.id, counted=bool(counted))
            except StoreError as error:
                app.say(f"Partie gardée : {error}", "error", timeout=10)
            else:
                app.say("Partie retirée de « Reprendre ».")
        done()

    title = GAMES[saved.game].title
    question = (
        f"Oublier la partie « {title} » de {join_names(saved.names)} ? "
        "Elle ne pourra plus être reprise."
    )
    app.push_screen(ConfirmScreen(f"{question} {counted}".strip()), forget)
