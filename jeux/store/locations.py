"""Where jeux keeps its files: the one place tests redirect (DESIGN.md §5)."""

from __future__ import annotations

import tempfile
from dataclasses import dataclass
from pathlib import Path

import platformdirs

from .jsonfile import StoreError, reason


@dataclass(frozen=True)
class Locations:
    config_dir: Path
    data_dir: Path

    @classmethod
    def default(cls) -> Locations:
        return cls(platformdirs.user_config_path("jeux"), platformdirs.user_data_path("jeux"))

    @classmethod
    def at(cls, config_dir: Path | str | None = None, data_dir: Path | str | None = None):
        """The defaults, with either folder overridden."""
        base = cls.default()
        return cls(
            Path(config_dir) if config_dir else base.config_dir,
            Path(data_dir) if data_dir else base.data_dir,
        )

    def check(self, create: bool = True) -> None:
        """Create both folders and make sure jeux may write there, before anything is played:
        a folder that cannot hold a save is refused up front rather than losing a match.
        Without `create` (a command that reads), a folder not made yet is judged by the one
        it would be made in, and nothing is left behind."""
        for folder, what in ((self.config_dir, "des joueurs"), (self.data_dir, "des parties")):
            try:
                if create:
                    folder.mkdir(parents=True, exist_ok=True)
                place = next(p for p in (folder, *folder.parents) if p.exists())
                with tempfile.TemporaryFile(dir=place):
                    pass
            except OSError as error:
                raise StoreError(
                    f"impossible d'écrire dans le dossier {what} {folder} ({reason(error)})."
                ) from None

    @property
    def players_file(self) -> Path:
        return self.config_dir / "players.json"

    @property
    def settings_file(self) -> Path:
        return self.config_dir / "settings.json"

    @property
    def database(self) -> Path:
        return self.data_dir / "jeux.sqlite3"
