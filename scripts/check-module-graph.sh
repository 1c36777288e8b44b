#!/usr/bin/env bash
# Checks that every dependency a target of Package.swift declares is one its Swift files import.
#
# Why: a dependency nothing imports still makes SwiftPM build and link its module (and resolve its
# package) for that target, and it hides the module graph's real shape: an adapter that claims a
# module it does not use, a test target that drags in a whole server stack, a dependency left
# behind when the code that needed it moved. The graph should say what the code says.
#
# What: for each target read from `swift package dump-package`, every dependency on another target
# or on a product — `byName`, `target` or `product`; a product is compared by its name, which is
# its module's name for every product this package uses (`Subprocess` is `import Subprocess`) —
# must be imported by at least one of the target's Swift files (`import X`, with any access
# modifier or attribute: `internal`, `package`, `public`, `@testable`, `@_exported`, ...; a
# conditional import inside `#if` counts). Not checked: targets with no Swift files (a C target),
# and dependencies on an executable target, which a test target declares to have it built
# (CleanSlateSandboxProbe, CleanSlateTestApp) rather than to import it.
#
# It also checks the runner side's layers, bottom to top — the trace, the test processes and the
# report, the runner and bisect, explain, the store of runs, the command: no module declares or
# imports one above it (the test processes never the HTML report, the runner never explain,
# explain never the store).
#
# Prints one line for each dependency no file imports, and for each edge the layers forbid,
# naming the target and the module, and exits with status 1 if there is one; else prints a
# summary and exits with 0. Builds nothing: it reads the manifest and the sources (about a
# second).
#
#   scripts/check-module-graph.sh
set -euo pipefail
cd "$(dirname "$0")/.."
manifest="$(swift package dump-package)"
exec python3 - "$manifest" <<'PYTHON'
import json, os, re, sys

package = json.loads(sys.argv[1])
targets = {target["name"]: target for target in package["targets"]}

IMPORT = re.compile(
    r"^[ \t]*(?:@\w+(?:\([^)\n]*\))?[ \t]+)*"  # @testable, @_exported, @preconcurrency, ...
    r"(?:(?:public|package|internal|fileprivate|private)[ \t]+)?"
    r"import[ \t]+(?:(?:typealias|struct|class|enum|protocol|let|var|func)[ \t]+)?"
    r"([A-Za-z_][A-Za-z0-9_]*)",
    re.MULTILINE,
)
# Text that may hold lines that look like imports without being any: multi-line string literals
# (a test that writes a package's sources) and block comments.
NOT_CODE = re.compile(r'"""[\s\S]*?"""|/\*[\s\S]*?\*/')


def directory(target):
    """The directory of a target's sources, as SwiftPM finds it."""
    if target.get("path"):
        return target["path"]
    return os.path.join("Tests" if target["type"] == "test" else "Sources", target["name"])


def swift_files(target):
    """The target's Swift files, its `exclude`d paths left out (and its `sources` only, if set)."""
    root = directory(target)
    excluded = [os.path.normpath(os.path.join(root, path)) for path in target.get("exclude", [])]
    only = [os.path.normpath(os.path.join(root, path)) for path in target.get("sources") or []]
    found = []
    for folder, _, names in os.walk(root):
        for name in names:
            path = os.path.normpath(os.path.join(folder, name))
            inside = lambda roots: any(path == r or path.startswith(r + os.sep) for r in roots)
            if name.endswith(".swift") and not inside(excluded) and (not only or inside(only)):
                found.append(path)
    return sorted(found)


def imports(path):
    with open(path, encoding="utf-8") as file:
        return set(IMPORT.findall(NOT_CODE.sub("", file.read())))


def dependencies(target):
    """Each dependency as (module name, what it is, for the message)."""
    for dependency in target["dependencies"]:
        if "product" in dependency:
            name, package_name = dependency["product"][0], dependency["product"][1]
            yield name, f"product '{name}' of {package_name}"
        else:
            name = (dependency.get("byName") or dependency.get("target"))[0]
            yield name, f"target '{name}'" if name in targets else f"product '{name}'"


# The runner side's layers, bottom to top: a module may use those of lower layers only.
LAYERS = [
    ["CleanSlateTrace"],
    ["CleanSlateTestProcess", "CleanSlateReport"],
    ["CleanSlateRunner", "CleanSlateBisect"],
    ["CleanSlateExplain"],
    ["CleanSlateHistory"],
    ["CleanSlateCLI"],
]
LAYER = {module: height for height, modules in enumerate(LAYERS) for module in modules}

findings, checked = [], 0
for name, target in targets.items():
    files = swift_files(target)
    if not files:
        continue
    imported = set().union(*(imports(path) for path in files))
    if name in LAYER:
        declared = {module for module, _ in dependencies(target)}
        for module in sorted((declared | imported) & set(LAYER)):
            if module != name and LAYER[module] >= LAYER[name]:
                findings.append(
                    f"{name}: uses {module}, which is not on a layer below it ({' < '.join('/'.join(layer) for layer in LAYERS)})"
                )
    for module, described in dependencies(target):
        if targets.get(module, {}).get("type") == "executable":
            continue
        checked += 1
        if module not in imported:
            findings.append(
                f"{name}: depends on {described}, but none of its Swift files imports {module}"
            )

for finding in findings:
    print(f"check-module-graph: {finding}")
if findings:
    print(
        f"check-module-graph: {len(findings)} finding{'' if len(findings) == 1 else 's'}: import "
        "each declared dependency where it is used, or remove it from Package.swift; a module of "
        "the runner side uses only modules on the layers below it.",
        file=sys.stderr,
    )
    sys.exit(1)
print(f"check-module-graph: all {checked} dependencies of {len(targets)} targets are imported.")
PYTHON
