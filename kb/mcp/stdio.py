"""`mtgkb mcp` over stdio, with an answer to every line that is not a JSON-RPC message.

The SDK's stdio transport (``mcp`` 2.3) drops such a line without a word, even when it carries an
``id``, and offers no hook for it through ``MCPServer``. So the lines are read here first, and the
SDK's transport, started as usual by ``MCPServer.run_stdio_async``, reads and writes pipes in place
of the process's stdin and stdout:

- a line that is not JSON is answered with a JSON-RPC parse error (-32700, ``id`` null);
- JSON that is not a JSON-RPC message as the SDK reads it is answered with an invalid request
  error (-32600) with the line's ``id`` when it has a usable one, else ``id`` null;
- a blank line is skipped; every other line goes to the SDK unchanged.

Two threads carry the lines: one from stdin to the SDK, one from the SDK to stdout, which writes
each answer whole, so that an error answer never lands inside one of the SDK's. The SDK still
turns fd 0 and fd 1 away while it serves (stray output goes to stderr), and both are restored
after it.
"""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Callable
from typing import Any, BinaryIO

from mcp.types import INVALID_REQUEST, PARSE_ERROR, jsonrpc_message_adapter
from pydantic import ValidationError

FLUSH_SECONDS = 10.0  # for the SDK's last answers to reach stdout after it stops


def reply_to(line: bytes) -> tuple[bool, dict[str, Any] | None]:
    """Whether ``line`` goes on to the SDK, and the error that answers it when it does not."""
    text = line.strip()
    if not text:
        return False, None
    try:
        found = json.loads(text)
    except ValueError as error:  # not JSON, or not UTF-8
        return False, _error(None, PARSE_ERROR, "Parse error", str(error))
    try:
        jsonrpc_message_adapter.validate_json(text, by_name=False)
    except ValidationError as error:
        asked = found.get("id") if isinstance(found, dict) else None
        usable = isinstance(asked, (str, int)) and not isinstance(asked, bool)
        detail = "; ".join(f"{'.'.join(str(p) for p in item['loc'])}: {item['msg']}" for item in error.errors()[:5])
        return False, _error(
            asked if usable else None, INVALID_REQUEST, "Invalid Request", detail or "not a JSON-RPC 2.0 message"
        )
    return True, None


def _error(message_id: str | int | None, code: int, message: str, detail: str) -> dict[str, Any]:
    return {"jsonrpc": "2.0", "id": message_id, "error": {"code": code, "message": message, "data": detail}}


def serve_checked_stdio(run: Callable[[], None]) -> None:
    """Run ``run()`` (the SDK's stdio server) with fd 0 and fd 1 on pipes that this function feeds from
    stdin, checked line by line, and empties to stdout."""
    saved_in, saved_out = os.dup(0), os.dup(1)
    to_sdk, from_sdk = os.pipe(), os.pipe()
    source = os.fdopen(os.dup(0), "rb")
    wire = os.fdopen(os.dup(1), "wb")
    lock = threading.Lock()

    def send(data: bytes) -> None:
        with lock:
            wire.write(data)
            wire.flush()

    os.dup2(to_sdk[0], 0)
    os.dup2(from_sdk[1], 1)
    os.close(to_sdk[0])
    os.close(from_sdk[1])
    sink = os.fdopen(to_sdk[1], "wb")
    answers = os.fdopen(from_sdk[0], "rb")
    inward = threading.Thread(target=_carry_in, args=(source, sink, send), name="mtgkb-stdin", daemon=True)
    outward = threading.Thread(target=_carry_out, args=(answers, send), name="mtgkb-stdout", daemon=True)
    inward.start()
    outward.start()
    try:
        run()
    finally:
        os.dup2(saved_in, 0)  # closes the SDK's ends of the pipes: the carrier threads see their end
        os.dup2(saved_out, 1)
        os.close(saved_in)
        os.close(saved_out)
        outward.join(FLUSH_SECONDS)
        wire.close()


def _carry_in(source: BinaryIO, sink: BinaryIO, send: Callable[[bytes], None]) -> None:
    """stdin to the SDK, line by line; the lines that are no message are answered here. The SDK's
    stdin ends with ours."""
    try:
        with source, sink:
            for line in source:
                forward, error = reply_to(line)
                if error is not None:
                    send(json.dumps(error, ensure_ascii=False, separators=(",", ":")).encode() + b"\n")
                if forward:
                    sink.write(line if line.endswith(b"\n") else line + b"\n")
                    sink.flush()
    except (BrokenPipeError, ValueError, OSError):  # the SDK stopped reading: the server ends
        pass


def _carry_out(answers: BinaryIO, send: Callable[[bytes], None]) -> None:
    """The SDK's answers to stdout, each line whole."""
    try:
        with answers:
            for line in answers:
                send(line)
    except (BrokenPipeError, OSError, ValueError):  # stdout closed by the client
        pass
