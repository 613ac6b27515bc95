"""The error types of the protocol: every message is a sentence a person can act on."""

from __future__ import annotations


class AuctionhouseError(Exception):
    """Base of every error this package raises on purpose."""


class IllegalMove(AuctionhouseError):
    """A move broke a rule; the state it was applied to is unchanged.

    `rule` is the ruling id (e.g. "MA-9") where one exists, else a short rule name.
    """

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"{rule}: {message}")
        self.rule = rule
        self.reason = message

    def __reduce__(self):  # pickled as made (a worker process's error reaches its parent whole)
        return (type(self), (self.rule, self.reason))


class OptionError(AuctionhouseError):
    """Bad game options or player count, named in the message."""


class SetupError(AuctionhouseError):
    """An explicit setup (a written-out deal) that does not fit the game."""


class RecordError(AuctionhouseError):
    """A record that cannot be read or replayed; the message names the move and the reason."""
