"""`jeux serve`: the collection in a web browser (the `web` extra), and its screenshot."""
