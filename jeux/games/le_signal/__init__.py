"""Le Signal: a solo d20 story game, with challenge and Sixième Signe modes (RULINGS.md §12)."""
