#!/usr/bin/env bash
# Checks that every Swift code example of the documentation is compiled: each ```swift block of
# every DocC catalog (Sources/<Module>/<Module>.docc/*.md), and of the documentation comments of
# the server-app modules (CleanSlatePostgres, CleanSlateVapor, CleanSlateHummingbird), must
# appear in Tests/DocExamples/<Module>/, which `swift build` compiles (the DocExamples targets,
# never linked into a product).
#
# An example appears when its lines, spaces and blank lines aside (a run of spaces counts as
# one), are there in order with nothing between them; its `import` lines may be anywhere in those files,
# and `...` (or `…`) in it stands for any code. Prints each example that is not there, and the
# file and line it comes from.
#
#   scripts/check-doc-examples.sh
set -euo pipefail
cd "$(dirname "$0")/.."
exec python3 - "$@" <<'PYTHON'
import glob, os, re, sys

COMMENTED = ["CleanSlatePostgres", "CleanSlateVapor", "CleanSlateHummingbird"]

def blocks_in_markdown(path):
    """The ```swift blocks of a Markdown file, each with the line it starts on."""
    blocks, current, start = [], None, 0
    for number, line in enumerate(open(path, encoding="utf-8"), 1):
        stripped = line.strip()
        if current is None and stripped == "```swift":
            current, start = [], number + 1
        elif current is not None and stripped.startswith("```"):
            blocks.append((start, current))
            current = None
        elif current is not None:
            current.append(line.rstrip("\n"))
    return blocks

def blocks_in_comments(path):
    """The ```swift blocks of a Swift file's documentation comments."""
    blocks, current, start = [], None, 0
    for number, line in enumerate(open(path, encoding="utf-8"), 1):
        match = re.match(r"\s*/// ?(.*)$", line.rstrip("\n"))
        text = match.group(1) if match else None
        if current is None and text is not None and text.strip() == "```swift":
            current, start = [], number + 1
        elif current is not None and (text is None or text.strip().startswith("```")):
            blocks.append((start, current))
            current = None
        elif current is not None:
            current.append(text)
    return blocks

def normalized(lines):
    """The lines without blank ones, their spaces trimmed and runs of spaces made one."""
    return [re.sub(r"\s+", " ", line.strip()) for line in lines if line.strip()]

def pattern(lines):
    text = "\n".join(lines)
    escaped = re.escape(text)
    for ellipsis in (re.escape("..."), re.escape("…")):
        escaped = escaped.replace(ellipsis, "\0")
    # `...` stands for any code, the spaces around it for any space or line break.
    escaped = re.sub(r"(?:\\ )?\0(?:\\ )?", lambda _: r"\s*[\s\S]*?\s*", escaped)
    return re.compile(r"^" + escaped + r"$", re.MULTILINE)

failures = 0
checked = 0
for catalog in sorted(glob.glob("Sources/*/*.docc")):
    module = os.path.basename(os.path.dirname(catalog))
    sources = [(path, start, block)
               for path in sorted(glob.glob(os.path.join(catalog, "*.md")))
               for start, block in blocks_in_markdown(path)]
    if module in COMMENTED:
        sources += [(path, start, block)
                    for path in sorted(glob.glob(f"Sources/{module}/**/*.swift", recursive=True))
                    for start, block in blocks_in_comments(path)]
    if not sources:
        continue
    example_files = sorted(glob.glob(f"Tests/DocExamples/{module}/**/*.swift", recursive=True))
    example_lines = []
    for path in example_files:
        example_lines += normalized(open(path, encoding="utf-8").read().splitlines())
    examples = "\n".join(example_lines)
    imports = {line for line in example_lines if line.startswith("import ")}
    for path, start, block in sources:
        checked += 1
        lines = normalized(block)
        missing_imports = [line for line in lines if line.startswith("import ") and line not in imports]
        code = [line for line in lines if not line.startswith("import ")]
        if missing_imports or (code and not pattern(code).search(examples)):
            failures += 1
            where = f"Tests/DocExamples/{module}/" if example_files else f"Tests/DocExamples/{module}/ (none yet)"
            print(f"{path}:{start}: this example is not compiled: copy it into {where}", file=sys.stderr)
            for line in block:
                print(f"    {line}", file=sys.stderr)
if failures:
    print(f"check-doc-examples: {failures} of {checked} examples are not in Tests/DocExamples.", file=sys.stderr)
    sys.exit(1)
print(f"check-doc-examples: all {checked} examples are compiled (Tests/DocExamples)")
PYTHON
