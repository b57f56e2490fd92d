"""Pure game engines: no Textual, no Rich, randomness only from an injected rng."""
