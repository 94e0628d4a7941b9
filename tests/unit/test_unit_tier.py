"""tests/unit/conftest.py refuses processes and internet sockets in the unit tier, and names the tiers to use."""

from __future__ import annotations

import socket
import subprocess

import pytest


def test_a_process_fails_a_unit_test():
    with pytest.raises(AssertionError, match="started a process: it belongs in tests/tools"):
        subprocess.run(["true"], check=False)


def test_a_network_socket_fails_a_unit_test_and_a_local_one_does_not():
    with pytest.raises(AssertionError, match="opened a network socket"):
        socket.create_connection(("127.0.0.1", 9), timeout=1)
    left, right = socket.socketpair()  # what asyncio's event loop opens for itself
    left.close(), right.close()
