#!/usr/bin/env python3
"""Checks that the pages of the certified stopping rules follow their one template
(docs/certified-glr/README.md, "One template for every page that states a rule"), so a reader finds
the same things in the same place on every page.

Each page of PAGES must have a section `## At a glance` (up to the next `##` heading).  The section
holds one block per rule: the whole section, or, when it has `###` subheadings, each of them (the
text before the first `###` must then hold no label).  Every block must hold the six labels, each
once and in this order, at the start of a line or of a list item:

    **When to use it**  **Contract**  **Cost**  **Tests**  **Proof**  **Measurements**

Every backquoted path in the section that looks like a repository path (it contains a '/' and ends
in .md, .hpp, .cpp, .json or .py) must exist under the source directory (a path with * or ? must
match at least one file).  The check fails (exit 1) with one line per problem, naming the page, the
block and the missing or misplaced item, or the missing path.

    check_rule_pages.py --source-dir S
"""
import argparse
import glob
import os
import re
import sys

PAGES = [
    "docs/certified-glr/propositions.md",
    "docs/certified-glr/pooled-kl.md",
    "docs/certified-glr/pooled-eb.md",
    "docs/certified-glr/pooled-betting.md",
    "docs/certified-glr/pooled-betting-bernoulli.md",
    "docs/certified-glr/unpooling.md",
    "docs/certified-glr/paired-t.md",
    "docs/certified-glr/epsilon-topm.md",
    "docs/repaired-theorem.md",
]
LABELS = ["When to use it", "Contract", "Cost", "Tests", "Proof", "Measurements"]
SECTION = "## At a glance"

LABEL_RE = re.compile(r"^[ \t]*(?:[-*+][ \t]+)?\*\*(" + "|".join(map(re.escape, LABELS)) + r")\*\*", re.M)
CODE_RE = re.compile(r"`([^`\n]+)`")
PATH_EXTENSIONS = (".md", ".hpp", ".cpp", ".json", ".py")


def headings(lines):
    """(index, line) of the Markdown headings of `lines` outside fenced code blocks."""
    fence = False
    for i, line in enumerate(lines):
        if line.lstrip().startswith("```"):
            fence = not fence
        elif not fence and line.startswith("#"):
            yield i, line


def at_a_glance(text):
    """The lines of the page's `## At a glance` section (without its heading), or None."""
    lines = text.splitlines()
    start = None
    for i, line in headings(lines):
        if start is None and line.rstrip() == SECTION:
            start = i + 1
        elif start is not None and line.startswith("## "):
            return lines[start:i]
    return None if start is None else lines[start:]


def blocks(section):
    """[(name, text)]: the `###` blocks of the section, or the whole section as one block (named
    ""); the text before the first `###` heading is returned as a block named None when there are
    subheadings."""
    subs = [(i, line) for i, line in headings(section) if line.startswith("### ")]
    if not subs:
        return [("", "\n".join(section))]
    out = [(None, "\n".join(section[:subs[0][0]]))]
    for n, (i, line) in enumerate(subs):
        end = subs[n + 1][0] if n + 1 < len(subs) else len(section)
        out.append((f"block '{line[4:].strip()}'", "\n".join(section[i + 1:end])))
    return out


def check_block(page, name, text):
    found = LABEL_RE.findall(text)
    where = f"{page}: {SECTION}" + (f", {name}" if name else "")
    problems = []
    for label in LABELS:
        count = found.count(label)
        if count == 0:
            problems.append(f"{where}: missing item **{label}**")
        elif count > 1:
            problems.append(f"{where}: item **{label}** appears {count} times")
    if not problems and found != LABELS:
        problems.append(f"{where}: items out of order: {', '.join(found)} (expected {', '.join(LABELS)})")
    return problems


def check_paths(page, text, source_dir):
    problems = []
    checked = 0
    for path in CODE_RE.findall(text):
        path = path.strip()
        if "/" not in path or not path.endswith(PATH_EXTENSIONS):
            continue
        checked += 1
        if os.path.isabs(path):
            problems.append(f"{page}: {SECTION}: `{path}` is absolute, not a repository path")
            continue
        full = os.path.join(source_dir, path)
        exists = glob.glob(full) if any(c in path for c in "*?[") else os.path.exists(full)
        if not exists:
            problems.append(f"{page}: {SECTION}: `{path}` does not exist under {source_dir}")
    return problems, checked


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--source-dir", required=True, help="the repository's root")
    args = ap.parse_args()
    problems = []
    n_blocks = n_paths = 0
    for page in PAGES:
        full = os.path.join(args.source_dir, page)
        try:
            with open(full, encoding="utf-8") as f:
                text = f.read()
        except OSError as e:
            problems.append(f"{page}: cannot read it ({e.strerror})")
            continue
        section = at_a_glance(text)
        if section is None:
            problems.append(f"{page}: no section '{SECTION}'")
            continue
        for name, body in blocks(section):
            if name is None:
                stray = LABEL_RE.findall(body)
                if stray:
                    problems.append(f"{page}: {SECTION}: item **{stray[0]}** before the first ### block")
                continue
            n_blocks += 1
            problems += check_block(page, name, body)
        path_problems, checked = check_paths(page, "\n".join(section), args.source_dir)
        problems += path_problems
        n_paths += checked
    if problems:
        print("The rule pages do not follow the template of docs/certified-glr/README.md:")
        for p in problems:
            print("  " + p)
        return 1
    print(f"rule pages: {len(PAGES)} pages follow the template: {n_blocks} blocks with the six items "
          f"in order, {n_paths} repository paths, every one present")
    return 0


if __name__ == "__main__":
    sys.exit(main())
