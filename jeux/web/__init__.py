"""`jeux serve`: the collection in a web browser (the `web` extra), and its screenshot."""

MAX_TABS = 8
"""Tabs' games at once, by default: about 30 MB each, and a core each while they start. Here,
without the extra's imports, for the command's help."""
