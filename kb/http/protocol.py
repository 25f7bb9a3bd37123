"""uvicorn's HTTP protocol with a deadline for a request's headers.

uvicorn closes a connection that stays idle ``timeout_keep_alive`` seconds after an answer,
but any byte received stops that clock, and a new connection has none: a client that opens
connections and sends nothing, or a header line now and then, holds them open for ever. Here
each request's headers must be complete within ``HEADER_SECONDS`` of the connection opening or
the previous answer; otherwise the connection is closed.
"""

from __future__ import annotations

import asyncio
from typing import Any

from uvicorn.protocols.http.h11_impl import H11Protocol

from kb.core import settings

HEADER_SECONDS = settings.setting("header_seconds").default  # 10 s
# `mtgkb serve --header-timeout` reaches each worker process through the environment (kb.http.server).
HEADER_SECONDS_VARIABLE = settings.variable("header_seconds")


class HeaderDeadline:
    """Mixed into a uvicorn protocol class (h11 or httptools): both have these hooks."""

    header_seconds = HEADER_SECONDS
    _header_timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: Any) -> None:
        self.header_seconds = settings.value("header_seconds")
        super().connection_made(transport)  # type: ignore[misc]
        self._arm_header_timer()

    def data_received(self, data: bytes) -> None:
        super().data_received(data)  # type: ignore[misc]
        cycle = getattr(self, "cycle", None)
        if cycle is not None and not cycle.response_complete:
            self._disarm_header_timer()  # the headers are in: the request runs

    def on_response_complete(self) -> None:
        super().on_response_complete()  # type: ignore[misc]
        if not self.transport.is_closing():  # type: ignore[attr-defined]
            self._arm_header_timer()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm_header_timer()
        super().connection_lost(exc)  # type: ignore[misc]

    def _arm_header_timer(self) -> None:
        self._disarm_header_timer()
        loop = asyncio.get_running_loop()
        self._header_timer = loop.call_later(self.header_seconds, self._headers_too_slow)

    def _disarm_header_timer(self) -> None:
        if self._header_timer is not None:
            self._header_timer.cancel()
            self._header_timer = None

    def _headers_too_slow(self) -> None:
        self._header_timer = None
        cycle = getattr(self, "cycle", None)
        if cycle is None or cycle.response_complete:
            self.transport.close()  # type: ignore[attr-defined]


class TimedH11Protocol(HeaderDeadline, H11Protocol):
    """uvicorn's h11 protocol with the header deadline."""


try:  # httptools' protocol (a C parser: several times faster than h11) when it is installed
    from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
except ImportError:  # pragma: no cover - httptools comes with uvicorn[standard]
    TimedProtocol: type[asyncio.Protocol] = TimedH11Protocol
else:

    class TimedHttpToolsProtocol(HeaderDeadline, HttpToolsProtocol):
        """uvicorn's httptools protocol with the header deadline."""

    TimedProtocol = TimedHttpToolsProtocol
