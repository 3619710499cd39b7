#!/usr/bin/env python3
"""Runs the commands of a Markdown file's fenced code blocks, so a documented command that stops
working fails a test.

Every block in sh, bash, shell, console or python must say in its fence's info string what the
test does with it; a block without a language, or a command block without one of these words,
fails the test:

    ```sh run                    run it (bash -Eeuo pipefail; console: only the lines "$ ...")
    ```python run                run it with --python
    ```sh skip: REASON           do not run it; the reason is mandatory
    ```sh synopsis               a usage summary of build/bin/lilucb (placeholders, [optional],
                                 a|b): its subcommands, options and choice values must exist in
                                 the command (`lilucb --list-options-json`); nothing is run

Blocks in other languages (text, json, cmake, cpp...) are not commands and are left alone.

Small sizes for the test: HTML comments on the lines right before a run block, one per line,
    <!-- test: replace "OLD" with "NEW" -->   (or 'OLD' / 'NEW' in single quotes)
replace every occurrence of OLD in the block before it runs; OLD must occur in the block, so a
stale replacement fails the test.  They are invisible when the Markdown is rendered.

The blocks of a file run in order in one empty temporary folder holding build/bin/lilucb (a link
to --cli) and build/python (a link to --python-path), so commands written from the repository's
root work unchanged; HOME and TMPDIR point inside that folder, so nothing is written to the
source tree or the user's home.  Python blocks run with PYTHONPATH=--python-path and
MPLBACKEND=Agg.  A failure prints the file, the block's line, the command, its exit status and
the end of its stderr (line numbers in it are the Markdown file's).

    run_doc_blocks.py --source-dir S --cli BIN --python-path DIR --python EXE README.md ...
"""
import argparse
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

LANGUAGES = {"sh": "bash", "bash": "bash", "shell": "bash", "console": "bash", "python": "python"}
FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})\s*(.*)$")
REPLACE = re.compile(r"""^<!-- test: replace (["'])(.*?)\1 with (["'])(.*?)\3 -->$""")
TIMEOUT_SECONDS = 120                                    # per block


def blocks(text):
    """Yields (line of the opening fence, info string, body, replacements) for each fenced block."""
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        fence, info, start = m.group(1), m.group(2).strip(), i
        end = start + 1
        while end < len(lines) and not re.match(r"^ {0,3}" + fence[0] + "{%d,}\\s*$" % len(fence), lines[end]):
            end += 1
        replacements, j = [], start - 1
        while j >= 0 and lines[j].startswith("<!-- test:"):
            replacements.insert(0, (j + 1, lines[j]))
            j -= 1
        yield start + 1, info, "\n".join(lines[start + 1:end]) + "\n", replacements
        i = end + 1


def run_script(argv, env, cwd, path, source):
    """Runs one block's script; returns (status, stderr, seconds)."""
    path.write_text(source)
    began = time.monotonic()
    proc = subprocess.Popen(argv + [str(path)], cwd=cwd, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        _, err = proc.communicate(timeout=TIMEOUT_SECONDS)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        _, err = proc.communicate()
        err += f"\nkilled after {TIMEOUT_SECONDS} s"
    return proc.returncode, err, time.monotonic() - began


def synopsis_problems(body, cli):
    """The number of commands in a synopsis, and the subcommands, options and choice values it
    names that the command lacks."""
    listing = json.loads(subprocess.run([cli, "--list-options-json"], capture_output=True,
                                        text=True, check=True).stdout)["commands"]
    commands = {c["command"]: c for c in listing}
    problems, logical = [], []
    for line in body.splitlines():                       # an indented line continues the one above
        if line[:1].isspace() and logical:
            logical[-1] += " " + line
        elif line.strip():
            logical.append(line)
    for line in logical:
        # Brackets, parentheses and comments go; "--a|--b" is two options, "x|y" alternatives.
        words = re.sub(r"[][()]|\s#.*$", " ", line).replace("|--", " --").split()
        if "build/bin/lilucb" not in words:
            problems.append(f"names no build/bin/lilucb command: {line.strip()}")
            continue
        words = words[words.index("build/bin/lilucb") + 1:]
        paths = [""]                                     # the subcommands named; "a|b" names two
        while words and all(f"{p} {w}".strip() in commands for p in paths for w in words[0].split("|")):
            alternatives = words.pop(0).split("|")
            paths = [f"{p} {w}".strip() for p in paths for w in alternatives]
        if paths == [""] or commands[paths[0]]["has_subcommands"]:
            problems.append(f"no such subcommand: {line.strip()}")
            continue
        for path in paths:
            options = {o["name"]: o for o in commands[path]["options"]}
            positional = [o for o in options.values() if o["positional"] and o["kind"] == "choice"]
            for k, word in enumerate(words):
                option, value = options.get(word), words[k + 1] if k + 1 < len(words) else ""
                if word.startswith("--") and option is None:
                    problems.append(f"'{path}' has no option {word}: {line.strip()}")
                if k == 0 and positional and not word.startswith("-"):
                    option, value = positional[0], word  # e.g. the NAME of `table NAME`
                # A lower-case value of a choice option lists choices; an upper-case one is a placeholder.
                if option and option["kind"] == "choice" and re.fullmatch(r"[a-z0-9][a-z0-9.|-]*", value):
                    problems += [f"'{path} {option['name']}' has no choice '{c}': {line.strip()}"
                                 for c in value.split("|") if c not in option["choices"]]
    return len(logical), problems


def check_file(doc, args, work):
    """Runs or checks every command block of one Markdown file; returns the failures."""
    name, failures, text = str(doc.relative_to(args.source_dir)), [], doc.read_text()
    comments = {i + 1 for i, l in enumerate(text.split("\n")) if l.startswith("<!-- test:")}
    for line, info, body, replacements in blocks(text):
        where = f"{name}:{line}"
        comments -= {comment_line for comment_line, _ in replacements}
        language, _, annotation = info.partition(" ")
        annotation = annotation.strip()
        if not language:
            failures.append(f"{where}: a fence without a language: name one (text for output, sh for commands)")
            continue
        if language not in LANGUAGES:
            if annotation or replacements:
                failures.append(f"{where}: ```{language} blocks are not run, yet annotated: {info}")
            continue
        if replacements and annotation != "run":
            failures.append(f"{where}: `<!-- test: replace` comments belong before a run block only")
            continue
        if annotation.startswith("skip:") and annotation[5:].strip():
            print(f"{where}: skipped: {annotation[5:].strip()}")
            continue
        if annotation not in ("run", "synopsis"):
            failures.append(f"{where}: the fence ```{info} says neither `{language} run`, `{language} "
                            f"skip: REASON` (a reason is required) nor `{language} synopsis` "
                            f"(tests/docs/run_doc_blocks.py)")
            continue
        if annotation == "synopsis":
            count, problems = synopsis_problems(body, args.cli)
            failures += [f"{where}: synopsis: {p}" for p in problems]
            print(f"{where}: synopsis of {count} commands checked against `lilucb --list-options-json`")
            continue
        stale = []
        for comment_line, comment in replacements:
            m = REPLACE.match(comment)
            if not m or m.group(2) not in body:
                stale.append(f"{name}:{comment_line}: not a replacement, or its text is not in the "
                             f"block below (which is therefore not run): {comment}")
            else:
                body = body.replace(m.group(2), m.group(4))
        if stale:
            failures += stale
            continue
        if language == "console":
            body = "\n".join(l[2:] if l.startswith("$ ") else "" for l in body.split("\n"))
        padding = "\n" * line                          # so that line numbers are the file's
        env = dict(os.environ, HOME=str(work / "home"), TMPDIR=str(work / "tmp"))
        if LANGUAGES[language] == "python":
            env.update(PYTHONPATH=os.pathsep.join(filter(None, [args.python_path, env.get("PYTHONPATH")])),
                       MPLBACKEND="Agg")
            status, err, seconds = run_script([args.python], env, work, work / f"{doc.name}.{line}.py",
                                              padding + body)
        else:
            trap = f"""trap 'echo "{name}:$LINENO: exit status $?: $BASH_COMMAND" >&2' ERR"""
            status, err, seconds = run_script(["bash", "-Eeuo", "pipefail"], env, work,
                                              work / f"{doc.name}.{line}.sh", trap + padding + body)
        if status == 0:
            print(f"{where}: ran in {seconds:.1f} s")
        else:
            tail = "\n".join(err.rstrip().splitlines()[-20:])
            failures.append(f"{where}: the ```{info} block failed with exit status {status}:\n"
                            f"{body.strip()}\n--- end of its stderr ---\n{tail}")
    failures += [f"{name}:{c}: a `<!-- test:` comment not directly above a fence" for c in sorted(comments)]
    return failures


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("markdown", nargs="+", help="Markdown files, relative to --source-dir")
    parser.add_argument("--source-dir", type=Path, required=True, help="the repository's root")
    parser.add_argument("--cli", required=True, help="the lilucb binary (build/bin/lilucb in commands)")
    parser.add_argument("--python-path", default="", help="folder holding the built module lilucb (build/python)")
    parser.add_argument("--python", default=sys.executable, help="the interpreter python blocks run with")
    args = parser.parse_args()
    args.source_dir = args.source_dir.resolve()
    args.cli = os.path.abspath(args.cli)
    args.python_path = args.python_path and os.path.abspath(args.python_path)
    failures = []
    for markdown in args.markdown:
        with tempfile.TemporaryDirectory(prefix="lilucb-docs-") as tmp:
            work = Path(tmp)
            for folder in ("build/bin", "home", "tmp"):
                (work / folder).mkdir(parents=True)
            (work / "build/bin/lilucb").symlink_to(args.cli)
            if args.python_path:
                (work / "build/python").symlink_to(args.python_path)
            failures += check_file(args.source_dir / markdown, args, work)
    for failure in failures:
        print("\nFAILED " + failure, file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
