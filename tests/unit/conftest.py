"""The unit tier's promise, kept by the tests themselves: a unit test that starts a process or opens an internet
socket fails, saying which tier it belongs in."""

from __future__ import annotations

import os
import socket
import subprocess

import pytest

MOVE = "belongs in tests/tools (real analyzers) or tests/e2e (CLI, servers, processes)"


@pytest.fixture(autouse=True)
def _no_process_no_network(monkeypatch):
    def refuse_process(*args, **kwargs):
        raise AssertionError(f"a unit test started a process: it {MOVE}")

    real_connect, real_bind = socket.socket.connect, socket.socket.bind

    def internet_only(real):
        def guarded(sock, address):
            if sock.family in (socket.AF_INET, socket.AF_INET6):
                raise AssertionError(f"a unit test opened a network socket: it {MOVE}")
            return real(sock, address)
        return guarded

    monkeypatch.setattr(subprocess.Popen, "_execute_child", refuse_process)
    monkeypatch.setattr(os, "fork", refuse_process)
    monkeypatch.setattr(socket.socket, "connect", internet_only(real_connect))
    monkeypatch.setattr(socket.socket, "bind", internet_only(real_bind))
