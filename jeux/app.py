"""JeuxApp: built by `make_app`, so the command, the tests and the screenshots build it alike."""

from __future__ import annotations

import gc
import os
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.filter import LineFilter
from textual.screen import Screen

from .store.jsonfile import StoreError
from .store.locations import Locations
from .store.profiles import Profiles, Settings
from .store.records import Claim, Records
from .ui.french import PALETTE_TOOLTIP, Palette, frenchify_select_menus, keep_french_spaces
from .ui.glyphs import ASCII, UNICODE, AsciiFilter, Glyphs

if TYPE_CHECKING:
    from .store.tables import Sitting, Tables

MIN_WIDTH, MIN_HEIGHT = 80, 24
ANIMATION_SCALE = {"full": 1.0, "reduced": 0.35, "none": 0.0}
TEXTUAL_LEVEL_SCALE = {"none": 0.0, "basic": 0.35}
ROBOT_PAUSE = {"slow": 1.4, "normal": 0.7, "fast": 0.2}


class JeuxApp(App):
    CSS_PATH = Path(__file__).with_name("app.tcss")
    TITLE = "jeux"
    BINDINGS = [
        Binding("ctrl+c", "quit", "Quitter", show=False, priority=True),
        Binding("ctrl+q", "quit", "Quitter", show=False, priority=True),
        Binding(
            "ctrl+p",
            "command_palette",
            "palette",
            show=False,
            priority=True,
            tooltip=PALETTE_TOOLTIP,
        ),
    ]

    def __init__(
        self,
        locations: Locations,
        seed: int | str | None = None,
        animations: str | None = None,
        start_game: str | None = None,
        door: str = "",
        join_code: str = "",
    ) -> None:
        super().__init__()
        frenchify_select_menus()
        keep_french_spaces()
        self.locations = locations
        self.settings = Settings.load(locations.settings_file)
        if animations in ANIMATION_SCALE:
            self.settings.animations = animations
        self.profiles = Profiles(locations.players_file)
        self.profiles.on_problem = lambda problem: self.say(problem, "warning", timeout=10)
        self.records = Records(locations.database)
        self.records.on_failure = lambda message: self.say(message, "error", timeout=10)
        self.fixed_seed = seed
        """The launch's seed, for the first match begun only (see `start_match`)."""
        self.start_game = start_game
        self._too_small = False
        self.claims: dict[int, Claim] = {}
        """The matches this copy of jeux plays, by id: held while their screen is open."""
        self.door = door
        """How a player reached this copy of jeux to join a shared table (`jeux join`:
        "terminal", "web", "ssh"), "" for a copy of jeux of one's own. A copy opened
        through a door shows one table and nothing else: no menu, no players, no settings."""
        self.join_code = join_code
        self.use_command_palette = not door  # its settings are the host's
        self.sitting: Sitting | None = None
        """This copy's places at a shared table, while it sits at one."""
        self._tables: Tables | None = None
        self._ascii_filter = AsciiFilter()

    # --- shared facts for screens and widgets ------------------------------------------

    @property
    def glyphs(self) -> Glyphs:
        return ASCII if self.settings.ascii else UNICODE

    @property
    def animation_scale(self) -> float:
        """How long animations last, 0 to 1; TEXTUAL_ANIMATIONS can only shorten them."""
        scale = ANIMATION_SCALE[self.settings.animations]
        env = os.environ.get("TEXTUAL_ANIMATIONS", "").lower()
        return min(scale, TEXTUAL_LEVEL_SCALE.get(env, 1.0))

    @property
    def robot_pause(self) -> float:
        """Seconds a robot's move stays on screen before the next move: the robots' pace,
        or none at all with animations off."""
        return ROBOT_PAUSE[self.settings.robot_pace] if self.animation_scale else 0.0

    def save_settings(self) -> None:
        """Apply the settings, and keep them if the file can be written (else say so: they
        stay to be written with the next change)."""
        try:
            problem = self.settings.save(self.locations.settings_file)
        except StoreError as error:
            self.say(str(error), "error", timeout=10)
        else:
            if problem:
                self.say(problem, "warning", timeout=10)
        self.theme = self.settings.theme
        self.animation_level = "none" if self.animation_scale == 0 else "full"
        for screen in self.screen_stack:  # redrawn with or without the ASCII filter
            for widget in screen.walk_children(with_self=True):
                widget.refresh()

    def get_line_filters(self) -> Sequence[LineFilter]:
        filters = super().get_line_filters()
        return [*filters, self._ascii_filter] if self.settings.ascii else filters

    def claim(self, match_id: int) -> bool:
        """Hold a match for this copy of jeux; False when another copy is playing it."""
        if match_id not in self.claims:
            claim = self.records.claim(match_id)
            if claim is None:
                return False
            self.claims[match_id] = claim
        return True

    @property
    def tables(self) -> Tables:
        """The shared tables, opened at the first use: the menu's start does not pay for them."""
        if self._tables is None:
            from .store.tables import Tables

            self._tables = Tables(self.records)
        return self._tables

    def release_closed_matches(self, _screen: object = None) -> None:
        """Let go of the matches whose screen has closed (called on every change of screen),
        and of the shared table once no screen of it is left."""
        open_ids = {getattr(screen, "match_id", None) for screen in self.screen_stack}
        for match_id in [m for m in self.claims if m not in open_ids]:
            self.claims.pop(match_id).release()
        if self.sitting is not None:
            # Later: « Rejouer » closes the results before it opens the next match.
            self.call_after_refresh(self.leave_table_if_left)

    def leave_table_if_left(self) -> None:
        """Let go of the shared table once no screen of it is left."""
        at_table = any(getattr(screen, "sitting", None) for screen in self.screen_stack)
        if self.sitting is not None and not at_table:
            self.sitting.leave()
            self.sitting = None
            if self.door:
                self.exit()  # a door leads to one table: leaving it is leaving jeux

    def write_unwritten(self, _screen: object = None) -> None:
        """Try again, on every change of screen, the moves and results a full disk refused;
        say so once they are written (a failure was told when it happened)."""
        if not self.records.unwritten:
            return
        try:
            self.records.retry()
        except StoreError:
            return
        self.say("Les parties en attente sont enregistrées.")

    def hand_over(self, path: Path) -> None:
        """A file written for the player also downloads in a browser tab (`jeux serve`): the
        player may sit at another machine than the one that holds jeux's folders."""
        if self.is_web:
            self.deliver_text(path, save_filename=path.name)

    def say(self, text: str, severity: str = "information", timeout: float = 4) -> None:
        """Notify with literal text: names and file names are never read as markup. Said
        again while still shown, a notice takes the place of the first (a key pressed ten
        times in vain stacks no ten notices)."""
        text = str(text)
        for shown in [n for n in self._notifications if n.message == text]:
            self._unnotify(shown, refresh=False)
        self.notify(text, severity=severity, timeout=timeout, markup=False)

    def say_written(self, what: str, path: Path) -> None:
        """A file just written, said with its folder and its name each on a line of their
        own (a toast would cut a long path anywhere), the home folder as « ~ »."""
        folder = str(path.parent)
        home = str(Path.home())
        if folder == home or folder.startswith(home + os.sep):
            folder = "~" + folder.removeprefix(home)
        self.say(f"{what} dans\n{folder}{os.sep}\n{path.name}", timeout=8)

    # --- Textual's command palette, in French -------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "command_palette":
            return self.use_command_palette
        return True

    def action_command_palette(self) -> None:
        if self.use_command_palette and not Palette.is_open(self):
            self.push_screen(Palette())

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        """Textual's own commands, in French; its theme list gives way to our settings."""
        from .ui.screens.keys import KeysScreen
        from .ui.screens.start.settings import SettingsScreen

        if not isinstance(screen, SettingsScreen):
            yield SystemCommand(
                "Paramètres",
                "Animations, coups des robots, thème, symboles simples",
                lambda: self.push_screen(SettingsScreen()),
            )
        if not isinstance(screen, KeysScreen):
            yield SystemCommand(
                "Touches",
                "Toutes les touches de cet écran",
                lambda: self.push_screen(KeysScreen(screen)),
            )
        if screen.maximized is not None:
            yield SystemCommand("Rétablir", "Rendre au panneau sa taille", screen.action_minimize)
        elif screen.focused is not None and screen.focused.allow_maximize:
            yield SystemCommand(
                "Agrandir", "Le panneau choisi en plein écran", screen.action_maximize
            )
        yield SystemCommand(
            "Quitter", "Quitter jeux (la partie en cours est enregistrée)", self.exit
        )

    # --- life cycle ------------------------------------------------------------------

    def get_default_screen(self) -> Screen:
        """The menu is the first screen: no blank screen is drawn before it; through a door,
        the screen that asks for a table's code, and nothing behind it."""
        if self.door:
            from .ui.screens.table.join import JoinScreen

            return JoinScreen(self.join_code)
        from .ui.screens.start.menu import MenuScreen

        return MenuScreen()

    def on_mount(self) -> None:
        if self.settings.theme != self.theme and self.settings.theme in self.available_themes:
            self.theme = self.settings.theme  # only when it differs: a theme change restyles all
        self.animation_level = "none" if self.animation_scale == 0 else "full"
        for problem in (self.settings.problem, self.profiles.problem, self.records.problem):
            if problem:
                self.say(problem, "warning", timeout=10)
        self.screen_change_signal.subscribe(self, self.release_closed_matches, immediate=True)
        self.screen_change_signal.subscribe(self, self.write_unwritten, immediate=True)
        if self.start_game:
            from .ui.screens.start.setup import SetupScreen

            self.push_screen(SetupScreen(self.start_game))
        self.call_after_refresh(self._check_size)
        self.call_after_refresh(gc.enable)  # off while starting, see __main__

    def watch_app_focus(self, focus: bool) -> None:
        """A browser tab (`jeux serve`) starts blurred, so the first screen takes no focus and
        typing would go nowhere: once the tab has the focus, the screen takes it as it would
        have (Textual only gives back a focus that a blur took away)."""
        if focus and self.is_web:  # a terminal's focus comes back as Textual restores it
            self.screen._update_auto_focus()

    def on_unmount(self) -> None:
        """Leaving: a last try at what is unwritten, then let go of every match and of the
        database (the system would at exit, but not in tests)."""
        try:
            self.records.retry()
        except StoreError:
            pass  # nowhere left to say it: the match stays in « Reprendre » as last written
        for claim in self.claims.values():
            claim.release()
        self.claims.clear()
        if self.sitting is not None:
            self.sitting.leave()
            self.sitting = None
        self.records.close()

    def on_resize(self) -> None:
        self.call_after_refresh(self._check_size)

    def _check_size(self) -> None:
        from .ui.screens.too_small import TooSmallScreen

        small = self.size.width < MIN_WIDTH or self.size.height < MIN_HEIGHT
        if small and not self._too_small:
            self._too_small = True
            self.push_screen(TooSmallScreen())
        elif not small and self._too_small:
            self._too_small = False
            if isinstance(self.screen, TooSmallScreen):
                self.pop_screen()


def make_app(
    config_dir: Path | str | None = None,
    data_dir: Path | str | None = None,
    seed: int | str | None = None,
    animations: str | None = None,
    start_game: str | None = None,
    door: str = "",
    join_code: str = "",
) -> JeuxApp:
    """Raises StoreError, in French, when a folder cannot hold jeux's files."""
    locations = Locations.at(config_dir, data_dir)
    locations.check()
    return JeuxApp(locations, seed, animations, start_game, door, join_code)
