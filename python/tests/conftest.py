"""Shared fixtures: the lilucb command and the C++ reference helper, named by ctest's environment
(LILUCB_CLI, LILUCB_REFERENCE; python/CMakeLists.txt).  A missing variable fails the test that
needs it: nothing is skipped silently."""

import json
import os
import subprocess

import pytest


def _tool(var):
    path = os.environ.get(var)
    assert path and os.access(path, os.X_OK), f"{var} must name an executable (set by ctest), got {path!r}"
    return path


@pytest.fixture(scope="session")
def cli_path():
    return _tool("LILUCB_CLI")


@pytest.fixture(scope="session")
def cli(cli_path):
    """cli(*args) -> the JSON object `lilucb args... --json` prints."""

    def call(*args):
        out = subprocess.run([cli_path, *map(str, args), "--json"], check=True, capture_output=True, text=True)
        return json.loads(out.stdout)

    return call


@pytest.fixture(scope="session")
def cli_error(cli_path):
    """cli_error(*args) -> the one line `lilucb args...` prints on stderr; asserts exit status 2."""

    def call(*args):
        out = subprocess.run([cli_path, *map(str, args)], capture_output=True, text=True)
        assert out.returncode == 2, (out.returncode, out.stderr)
        lines = out.stderr.splitlines()
        assert len(lines) == 1, out.stderr
        return lines[0]

    return call


@pytest.fixture(scope="session")
def reference_values():
    out = subprocess.run([_tool("LILUCB_REFERENCE")], check=True, capture_output=True, text=True)
    rows = [json.loads(line) for line in out.stdout.splitlines()]
    assert len(rows) > 1000
    return rows
