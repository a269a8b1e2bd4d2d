"""Play by words: every game as a conversation in a plain terminal (docs/play-by-words.md).

Lines out, typed commands in, nothing drawn: for screen readers, braille displays and any
terminal. A user of the table interface (core.table) through one adapter (``seat``)."""
