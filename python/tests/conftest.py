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
def same_refusal():
    """same_refusal(line, error, cli_args): the CLI's line states the Python error's refusal.

    Either the line is the library's message (the CLI passed the value on), prefixed by the
    options given for the parameter it names (`--alpha: ...delta = 0.05...`), or the CLI refused
    it first, naming the option as typed with the value it was given (`--alpha = 2`): the
    command names its options, the module its arguments, so the texts differ there."""

    def check(line, error, cli_args):
        args = list(map(str, cli_args))
        if line == "lilucb: error: " + str(error):
            return True
        head, sep, rest = line.partition(": " + str(error))
        named = head[len("lilucb: error: "):].split(", ") if head.startswith("lilucb: error: ") else []
        if sep and not rest and named and all(n in args for n in named):
            return True
        return any(a.startswith("--") and i + 1 < len(args) and f"{a} = {args[i + 1]}" in line
                   for i, a in enumerate(args))

    return check


@pytest.fixture(scope="session")
def reference_values():
    out = subprocess.run([_tool("LILUCB_REFERENCE")], check=True, capture_output=True, text=True)
    rows = [json.loads(line) for line in out.stdout.splitlines()]
    assert len(rows) > 1000
    return rows
