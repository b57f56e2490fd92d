"""The shared table's own screens: the host's table (codes, who is connected, how to join) and
the screen that asks a joining player for their code."""
