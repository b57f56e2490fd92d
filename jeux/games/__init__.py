"""One package per game: rules.py (pure engine), game.py (its declaration: options, robot levels,
how a match begins), bots.py (robots), screen.py (Textual), regles.md (French rules)."""
