#!/usr/bin/env python3
"""Checks the README's "Which method should I use?" against the rule registry, so that the prose
cannot name a default the registry no longer recommends.

The registry's answer is read from the tool itself (`lilucb table rules`, generated from
lilucb/bandit/rules.hpp): the recommended certified method per reward model and question, and
the names of every sampling rule and GLR threshold.  The check fails (exit 1, naming the method
or the name) when
  - a recommended method of the registry is not named in the README's section, or
  - a method named in the section (`SAMPLING+glr-THRESHOLD` in backquotes) uses a sampling rule or
    a threshold the registry does not have, or
  - the section says "the default method is `X`" of a method X the registry does not recommend.

    check_which_method.py --source-dir S --cli BIN
"""
import argparse
import re
import subprocess
import sys
from pathlib import Path

METHOD = re.compile(r"`([a-z0-9-]+)\+glr-([a-z0-9-]+)`")


def table_rows(markdown, heading):
    """The first column (without backquotes) and the cells of each row of the table under the
    `## heading...` section of `markdown`."""
    lines = markdown.splitlines()
    start = next((i for i, line in enumerate(lines) if line.startswith("## " + heading)), None)
    if start is None:
        sys.exit(f"check_which_method: `lilucb table rules` has no section '{heading}'")
    rows = []
    for line in lines[start + 1:]:
        if line.startswith("## "):
            break
        if not line.startswith("| ") or line.startswith("| name") or line.startswith("|---"):
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        rows.append(cells)
    return rows


def readme_section(text):
    m = re.search(r"^## Which method should I use\?\n(.*?)(?=^## )", text, re.S | re.M)
    if not m:
        sys.exit("check_which_method: README.md has no section '## Which method should I use?'")
    return m.group(1)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--source-dir", required=True)
    ap.add_argument("--cli", required=True)
    args = ap.parse_args()
    rules = subprocess.run([args.cli, "table", "rules", "--format", "markdown"], check=True,
                           capture_output=True, text=True).stdout
    recommended = set()
    for cells in table_rows(rules, "Which method"):
        for cell in cells[1:]:
            recommended.update(m.group(1) for m in re.finditer(r"`([^`]+)`", cell))
    if not recommended:
        sys.exit("check_which_method: no recommended method in `lilucb table rules`")
    samplers = {c[0].strip("`") for c in table_rows(rules, "Sampling rules")}
    thresholds = {c[0].strip("`") for c in table_rows(rules, "GLR thresholds")}

    section = readme_section((Path(args.source_dir) / "README.md").read_text())
    failures = []
    for method in sorted(recommended):
        if f"`{method}`" not in section:
            failures.append(f"the registry recommends `{method}`, which the README's section does not name")
    for m in METHOD.finditer(section):
        if m.group(1) not in samplers:
            failures.append(f"`{m.group(0)[1:-1]}`: no sampling rule '{m.group(1)}' in the registry")
        if m.group(2) not in thresholds:
            failures.append(f"`{m.group(0)[1:-1]}`: no GLR threshold '{m.group(2)}' in the registry")
    # "the default method is `X`": X must be recommended.
    for m in re.finditer(r"default method is `([^`]+)`", section):
        if m.group(1) not in recommended:
            failures.append(f"the README calls `{m.group(1)}` the default; the registry recommends "
                            f"{', '.join(sorted(recommended))}")
    if failures:
        print("README.md, 'Which method should I use?', against the rule registry:")
        for f in failures:
            print("  " + f)
        return 1
    print(f"README's 'Which method': {len(recommended)} recommended methods named, "
          f"{len(METHOD.findall(section))} method names checked against the registry")
    return 0


if __name__ == "__main__":
    sys.exit(main())
