"""A minimal LSP client for tests and benchmarks: ``jaxpure server`` as a subprocess, JSON-RPC
with Content-Length framing over its stdin/stdout, every wait bounded by a timeout."""

from __future__ import annotations

import json
import os
import queue
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

DEFAULT_TIMEOUT = 30.0


class ServerGone(Exception):
    pass


class LspClient:
    def __init__(self, cwd: Path, *args: str, env: dict[str, str] | None = None) -> None:
        command = [sys.executable, "-m", "jaxpure", "server", *args]
        # a file, not a pipe: a chatty server must never block on a full stderr pipe
        self._stderr = tempfile.TemporaryFile()
        self.process = subprocess.Popen(command, cwd=cwd, stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=self._stderr,
                                        env={**os.environ, **(env or {})})
        self.messages: queue.Queue[dict[str, Any] | None] = queue.Queue()
        self.backlog: list[dict[str, Any]] = []
        self._next_id = 0
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    # -- transport ---------------------------------------------------------------------
    def _read(self) -> None:
        stream = self.process.stdout
        assert stream is not None
        try:
            while True:
                headers: dict[str, str] = {}
                while True:
                    line = stream.readline()
                    if not line:
                        return
                    line = line.strip()
                    if not line:
                        break
                    name, _, value = line.decode("ascii").partition(":")
                    headers[name.strip().lower()] = value.strip()
                body = stream.read(int(headers["content-length"]))
                self.messages.put(json.loads(body))
        finally:
            self.messages.put(None)

    def send(self, message: dict[str, Any]) -> None:
        body = json.dumps({"jsonrpc": "2.0", **message}).encode("utf-8")
        assert self.process.stdin is not None
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()

    def notify(self, method: str, params: dict[str, Any] | None = None) -> None:
        self.send({"method": method, "params": params or {}})

    def request(self, method: str, params: dict[str, Any] | None = None,
                timeout: float = DEFAULT_TIMEOUT) -> Any:
        self._next_id += 1
        ident = self._next_id
        self.send({"id": ident, "method": method, "params": params or {}})
        reply = self.wait_for(lambda m: m.get("id") == ident and "method" not in m, timeout)
        if "error" in reply:
            raise AssertionError(f"{method} failed: {reply['error']}")
        return reply.get("result")

    def wait_for(self, wanted, timeout: float = DEFAULT_TIMEOUT) -> dict[str, Any]:
        """The first message (kept or new) for which ``wanted(message)`` is true."""
        for index, message in enumerate(self.backlog):
            if wanted(message):
                return self.backlog.pop(index)
        deadline = time.monotonic() + timeout
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError(f"no matching message within {timeout} s; got {self.backlog}")
            try:
                message = self.messages.get(timeout=remaining)
            except queue.Empty:
                continue
            if message is None:
                raise ServerGone(self.stderr())
            if wanted(message):
                return message
            self.backlog.append(message)

    def diagnostics(self, uri: str, version: int | None = None,
                    timeout: float = DEFAULT_TIMEOUT) -> list[dict[str, Any]]:
        def wanted(message: dict[str, Any]) -> bool:
            if message.get("method") != "textDocument/publishDiagnostics":
                return False
            params = message["params"]
            return params["uri"] == uri and (version is None or params.get("version") == version)
        return self.wait_for(wanted, timeout)["params"]["diagnostics"]

    # -- session -----------------------------------------------------------------------
    def initialize(self, root: Path, options: dict[str, Any] | None = None) -> dict[str, Any]:
        result = self.request("initialize", {
            "processId": os.getpid(), "rootUri": root.as_uri(),
            "workspaceFolders": [{"uri": root.as_uri(), "name": root.name}],
            "capabilities": {}, "initializationOptions": options or {}})
        self.notify("initialized")
        return result

    def open(self, path: Path, text: str, version: int = 1) -> str:
        uri = path.as_uri()
        self.notify("textDocument/didOpen", {"textDocument": {
            "uri": uri, "languageId": "python", "version": version, "text": text}})
        return uri

    def change(self, uri: str, text: str, version: int) -> None:
        self.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": version},
                                               "contentChanges": [{"text": text}]})

    def close(self, timeout: float = 10.0) -> int:
        """shutdown, exit, and the server's exit code."""
        try:
            self.request("shutdown", timeout=timeout)
            self.notify("exit")
            return self.process.wait(timeout=timeout)
        finally:
            self.kill()

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait(timeout=10)
        for stream in (self.process.stdin, self.process.stdout):
            if stream is not None:
                try:
                    stream.close()
                except OSError:
                    pass

    def stderr(self) -> str:
        if self.process.poll() is None:
            return "(server still running)"
        self._stderr.seek(0)
        return self._stderr.read().decode("utf-8", "replace")
