#!/usr/bin/env python3
"""Checks that the README's code examples are code the tests compile.

A fenced code block preceded by the line

    <!-- example: PATH -->

must appear in PATH (relative to the repository root), line for line and
contiguously; indentation and blank lines are ignored, so an example may be
an excerpt of a function, dedented. Every c/c++/cmake/mlir block of the
sections named with --section must carry such a marker, so no untested code
reaches those sections. Prints "N examples match" and exits 0, or names each
example that does not and exits 1.

Usage: check-readme-examples.py README.md [--root DIR] [--section TITLE]...
"""

import argparse
import os
import re
import sys

MARKER = re.compile(r"^<!-- example: (\S+) -->\s*$")
FENCE = re.compile(r"^```(\S*)\s*$")
CODE_LANGUAGES = {"c", "c++", "cpp", "cmake", "mlir"}


def significant(lines):
    return [line.strip() for line in lines if line.strip()]


def contains(haystack, needle):
    n = len(needle)
    return n > 0 and any(
        haystack[i : i + n] == needle for i in range(len(haystack) - n + 1)
    )


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("readme")
    parser.add_argument("--root", default=None)
    parser.add_argument("--section", action="append", default=[])
    args = parser.parse_args()
    root = args.root or os.path.dirname(os.path.abspath(args.readme))

    with open(args.readme, encoding="utf-8") as f:
        lines = f.read().splitlines()

    errors, matched = [], 0
    section, pending, i = None, None, 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("## "):
            section = line[3:].strip()
        marker = MARKER.match(line)
        if marker:
            pending = (marker.group(1), i + 1)
            i += 1
            continue
        fence = FENCE.match(line)
        if not fence:
            if line.strip():
                pending = None
            i += 1
            continue
        language, start = fence.group(1), i + 1
        end = start
        while end < len(lines) and not lines[end].startswith("```"):
            end += 1
        block = lines[start:end]
        if pending:
            path, where = pending
            full = os.path.join(root, path)
            if not os.path.isfile(full):
                errors.append(f"line {where}: {path} does not exist")
            else:
                with open(full, encoding="utf-8") as f:
                    source = significant(f.read().splitlines())
                if contains(source, significant(block)):
                    matched += 1
                else:
                    errors.append(
                        f"line {start}: the example is not in {path} as written"
                    )
        elif section in args.section and language in CODE_LANGUAGES:
            errors.append(
                f"line {start}: a {language} example in '{section}' names no "
                "tested file (<!-- example: PATH -->)"
            )
        pending = None
        i = end + 1

    for error in errors:
        print(f"{args.readme}: {error}")
    if errors:
        return 1
    if matched == 0:
        print(f"{args.readme}: no examples found")
        return 1
    print(f"{matched} examples match")
    return 0


if __name__ == "__main__":
    sys.exit(main())
