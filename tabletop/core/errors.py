"""Errors shared by every game."""


class IllegalAction(Exception):
    """A refused action. Raised before the state is touched, so nothing changes.

    ``rule`` is the id of the rule in seeds/<game>.md that forbids the action,
    ``message`` says in plain words why, for the player who tried it.
    """

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"[{rule}] {message}")
        self.rule = rule
        self.message = message


class ContentError(Exception):
    """A game's asset file is missing or invalid; the message names file and entry."""
