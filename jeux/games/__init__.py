"""One package per game: rules.py (pure engine), screen.py (Textual), regles.md (French rules)."""
