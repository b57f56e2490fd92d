"""The app's screens outside a game, sorted by what they serve: `start/` (menu, setup, players,
settings), `play/` (over a match: handoff, answer, results), `around/` (history, statistics,
journals); here the modals any of them opens (a yes/no question, a game's rules, the terminal
too small)."""
