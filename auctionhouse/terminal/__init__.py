"""One person against bots in the terminal, seeing exactly what their seat may see."""

from .session import TerminalGame

__all__ = ["TerminalGame"]
