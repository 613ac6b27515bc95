"""JSON from clients, parsed strictly (RFC 8259): no NaN or Infinity, no number too large for a
double, no whole number of over MAX_DIGITS digits, no lone surrogate in a string, nesting at most
MAX_DEPTH deep. Python's own parser takes the first two (and a deep enough nesting overflows its
stack, and its refusal of a long whole number names an interpreter setting); anything downstream
that stores, compares or echoes such values could only fail with a 500 or a dropped connection."""

from __future__ import annotations

import json
import math
from typing import Any

from fastapi import Request
from fastapi.routing import APIRoute

MAX_DEPTH = 32  # HTTP bodies and WebSocket messages need 4 at most
# a whole number's digits at most (Python's default limit on reading one, said in words here): a
# Q.E. bid has no upper limit in the rules, but what a client sends has one
MAX_DIGITS = 4300


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"the number {text[:20]} is too large")
    return value


def _whole(text: str) -> int:
    digits = len(text) - text.startswith("-")
    if digits > MAX_DIGITS:
        raise ValueError(f"a whole number has at most {MAX_DIGITS} digits here, not {digits}")
    return int(text)


_DECODER = json.JSONDecoder(parse_constant=_no_constant, parse_float=_finite, parse_int=_whole)


def loads(text: str | bytes) -> Any:
    """The value `text` holds, or ValueError with a sentence saying what is wrong."""
    if isinstance(text, bytes):
        text = text.decode("utf-8")  # UnicodeDecodeError is a ValueError
    try:
        value = _DECODER.decode(text)
    except RecursionError:
        raise ValueError(f"JSON is nested at most {MAX_DEPTH} deep here") from None
    _check(value)
    return value


def _check(value: Any) -> None:
    stack = [(value, 0)]
    while stack:
        v, depth = stack.pop()
        if isinstance(v, str):
            if not v.isascii():
                try:
                    v.encode("utf-8")
                except UnicodeEncodeError:
                    raise ValueError("a string holds a lone surrogate (\\ud800-\\udfff)") from None
        elif isinstance(v, (list, dict)):
            if depth >= MAX_DEPTH:
                raise ValueError(f"JSON is nested at most {MAX_DEPTH} deep here")
            items = [*v.keys(), *v.values()] if isinstance(v, dict) else v
            stack.extend((item, depth + 1) for item in items)


class _StrictRequest(Request):
    async def json(self) -> Any:
        if not hasattr(self, "_json"):
            body = await self.body()
            try:
                self._json = loads(body)
            except json.JSONDecodeError:
                raise
            except ValueError as e:  # FastAPI answers a JSONDecodeError with a 422
                raise json.JSONDecodeError(str(e), "", 0) from None
        return self._json


class StrictJSONRoute(APIRoute):
    """A route whose JSON body is parsed by `loads` (a refused body gets FastAPI's 422)."""

    def get_route_handler(self):
        handler = super().get_route_handler()

        async def strict_handler(request: Request):
            return await handler(_StrictRequest(request.scope, request.receive))

        return strict_handler
