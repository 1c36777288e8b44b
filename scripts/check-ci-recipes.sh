#!/usr/bin/env bash
# Checks the CI recipes of the store of runs (Examples/CI/*.yml) and the documentation that shows
# them, so that a recipe keeps every session the store exists for.
#
# Fails, naming the file and what to change, when:
# - a YAML block of the documentation (README.md, the DocC catalogs) said to be from
#   Examples/CI/<file> is not that file, byte for byte; a YAML block that keeps a store
#   (--history, CLEANSLATE_HISTORY, actions/cache) names no recipe file; or a recipe file is not
#   shown in FlakyTestsOverTime.md;
# - a GitHub Actions job that records in a SQLite file uses actions/cache (its save runs only
#   when the job succeeds, and a session with a failing test exits 1), restores it with no
#   actions/cache/restore before the session, with no restore-keys falling back to the branch's
#   latest store and then the default branch's (github.event.repository.default_branch), or
#   saves it with no actions/cache/save under if: always(), under another path, or under a key
#   not unique per run (github.run_id and github.run_attempt: a save to a key that exists is
#   skipped);
# - a GitLab CI job that records in a SQLite file has no cache of it with a key, when: always,
#   and fallback_keys to $CI_DEFAULT_BRANCH;
# - a recipe puts a PostgreSQL URL, or a variable holding one ($…URL, a secret), in --history on
#   a command line, which the store records with the session (pass it in CLEANSLATE_HISTORY), or
#   sets CLEANSLATE_HISTORY to a URL written out rather than a secret; or a GitHub workflow that
#   reads secrets declares no permissions.
#
# --self-test runs the check on copies of the recipes and the documentation, each broken in one
# way per rule, and fails unless the check fails on each with the rule's message (and passes on
# the unbroken copy). Needs python3 and its yaml module (python3-yaml, installed with apt-get when
# missing and this runs as root). Builds nothing; about a second.
#
#   scripts/check-ci-recipes.sh [--self-test] [--root DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
if ! python3 -c 'import yaml' 2>/dev/null; then
  if command -v apt-get >/dev/null && [[ $(id -u) == 0 ]]; then
    echo "check-ci-recipes: installing python3-yaml, to read the recipes as YAML"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends python3-yaml \
      >/dev/null
  fi
  python3 -c 'import yaml' 2>/dev/null || {
    echo "check-ci-recipes: python3 has no yaml module: install it (apt-get install python3-yaml, or pip install pyyaml) and run again." >&2
    exit 2
  }
fi
CHECK_CI_RECIPES="$PWD/scripts/check-ci-recipes.sh" exec python3 - "$@" <<'PYTHON'
import glob, os, re, shutil, subprocess, sys, tempfile
import yaml

ARTICLE = "Sources/CleanSlate/CleanSlate.docc/FlakyTestsOverTime.md"
RECIPE_NAME = re.compile(r"Examples/CI/([\w.-]+\.ya?ml)")
STORE_WORDS = re.compile(r"--history|CLEANSLATE_HISTORY|actions/cache")
# --history and its value, on a command line.
HISTORY_ARGUMENT = re.compile(r"--history(?:=|\s+)(\S+)")
URL_VALUE = re.compile(r"postgres|://|\$\{?\{?\s*[\w.]*url|secrets\.", re.IGNORECASE)

def docs(root):
    return [p for p in [os.path.join(root, "README.md")]
            + sorted(glob.glob(os.path.join(root, "Sources/*/*.docc/*.md"))) if os.path.exists(p)]

def yaml_blocks(path):
    """The ```yaml blocks of a Markdown file: (line, text, the recipe file the paragraph before
    it names, or None)."""
    lines = open(path, encoding="utf-8").read().split("\n")
    blocks, number = [], 0
    while number < len(lines):
        if lines[number].strip() in ("```yaml", "```yml"):
            before, back = [], number - 1
            while back >= 0 and not lines[back].strip():
                back -= 1
            while back >= 0 and lines[back].strip() and not lines[back].startswith("```"):
                before.insert(0, lines[back])
                back -= 1
            names = RECIPE_NAME.findall(" ".join(before))
            end = number + 1
            while end < len(lines) and not lines[end].startswith("```"):
                end += 1
            text = "".join(line + "\n" for line in lines[number + 1:end])
            blocks.append((number + 1, text, names[-1] if names else None))
            number = end
        number += 1
    return blocks

def shell_lines(text):
    """A command's lines, those a backslash continues joined."""
    return re.sub(r"\\\n\s*", " ", text).split("\n")

def commands_of(recipe):
    """Every command of a recipe: GitHub steps' run, GitLab jobs' scripts."""
    found = []
    if isinstance(recipe.get("jobs"), dict):
        for job in recipe["jobs"].values():
            for step in (job or {}).get("steps") or []:
                if isinstance(step, dict) and isinstance(step.get("run"), str):
                    found += shell_lines(step["run"])
    else:
        for job in recipe.values():
            if isinstance(job, dict):
                for key in ("before_script", "script", "after_script"):
                    value = job.get(key) or []
                    for line in [value] if isinstance(value, str) else value:
                        found += shell_lines(str(line))
    return found

def history_file(command):
    """The SQLite file a `cleanslate test` command records in, when it gives one."""
    if "cleanslate test" not in command:
        return None
    match = HISTORY_ARGUMENT.search(command)
    if not match:
        return None
    value = match.group(1).strip("'\"")
    return None if URL_VALUE.search(value) else value

def environments(recipe):
    """Every env (GitHub) or variables (GitLab) mapping of a recipe."""
    found = [recipe.get("env"), recipe.get("variables")]
    for job in (recipe.get("jobs") or {}).values() if isinstance(recipe.get("jobs"), dict) \
            else recipe.values():
        if isinstance(job, dict):
            found += [job.get("env"), job.get("variables")]
            found += [step.get("env") for step in job.get("steps") or [] if isinstance(step, dict)]
    return [env for env in found if isinstance(env, dict)]

def check_commands(name, recipe, problems):
    for command in commands_of(recipe):
        match = HISTORY_ARGUMENT.search(command)
        if match and URL_VALUE.search(match.group(1)):
            problems.append(
                f"{name}: `{command.strip()}` puts a PostgreSQL URL on the command line, which "
                "the store records with the session (its password too): drop --history and pass "
                "the URL in CLEANSLATE_HISTORY, from a secret.")
    for env in environments(recipe):
        value = str(env.get("CLEANSLATE_HISTORY", ""))
        if re.search(r"postgres|://", value, re.IGNORECASE) and "secrets." not in value:
            problems.append(
                f"{name}: CLEANSLATE_HISTORY is set to a URL written in the recipe: set it from "
                "a secret (${{ secrets.… }}, a masked CI/CD variable), which holds the password.")

def expression_key(key, steps):
    """A save step's key, a restore step's cache-primary-key resolved to that step's key."""
    match = re.fullmatch(r"\$\{\{\s*steps\.([\w-]+)\.outputs\.cache-primary-key\s*\}\}", key.strip())
    if match:
        for step in steps:
            if isinstance(step, dict) and step.get("id") == match.group(1):
                return str((step.get("with") or {}).get("key", ""))
        return ""
    return key

def check_github(name, text, recipe, problems):
    if "secrets." in text and "permissions" not in recipe \
            and not all("permissions" in (job or {}) for job in recipe["jobs"].values()):
        problems.append(
            f"{name}: the workflow reads secrets and declares no permissions: give it "
            "`permissions: contents: read` (or what it needs), so its token can do no more.")
    for job_name, job in recipe["jobs"].items():
        steps = [step for step in (job or {}).get("steps") or [] if isinstance(step, dict)]
        runs = [(index, history_file(line)) for index, step in enumerate(steps)
                if isinstance(step.get("run"), str) for line in shell_lines(step["run"])]
        sessions = [(index, path) for index, path in runs if path]
        if not sessions:
            continue
        where = f"{name}: job {job_name}"
        first, store = sessions[0]
        uses = lambda step, action: str(step.get("uses", "")).startswith(action + "@")
        for step in steps:
            if uses(step, "actions/cache"):
                problems.append(
                    f"{where}: {step['uses']} keeps the store, and saves it in a post step that "
                    "runs only when the job succeeds (post-if: success()): a session with a "
                    "failing test exits 1 and never reaches the cache. Restore it with "
                    "actions/cache/restore and save it with actions/cache/save under if: always().")
        restores = [(index, step) for index, step in enumerate(steps)
                    if uses(step, "actions/cache/restore")
                    and store in str((step.get("with") or {}).get("path", "")).split()]
        if not restores or restores[0][0] > first:
            problems.append(
                f"{where}: no actions/cache/restore of {store} before the session: each session "
                "would start from an empty store.")
        else:
            settings = restores[0][1].get("with") or {}
            key = str(settings.get("key", ""))
            fallbacks = [line.strip() for line in str(settings.get("restore-keys") or "").split("\n")
                         if line.strip()]
            own = [i for i, prefix in enumerate(fallbacks) if key.startswith(prefix)]
            default = [i for i, prefix in enumerate(fallbacks)
                       if "github.event.repository.default_branch" in prefix]
            if not own or not default or own[0] > default[0]:
                problems.append(
                    f"{where}: the restore of {store} has no restore-keys falling back to this "
                    "branch's latest store (a prefix of its key), then the default branch's "
                    "(…${{ github.event.repository.default_branch }}-): a pull request's first "
                    "session would start from an empty store, where every test is new.")
        saves = [step for index, step in enumerate(steps) if index > first
                 and uses(step, "actions/cache/save")
                 and store in str((step.get("with") or {}).get("path", "")).split()]
        if not saves or "always()" not in str(saves[0].get("if", "")):
            problems.append(
                f"{where}: {store} is not saved by an actions/cache/save step under if: always() "
                "after the session: the sessions that failed, the store's reason to be, would "
                "be lost.")
            continue
        settings = saves[0].get("with") or {}
        if restores and str(settings.get("path")) != str((restores[0][1].get("with") or {}).get("path")):
            problems.append(
                f"{where}: the save's path is not the restore's: a cache is restored only by the "
                "paths it was saved with.")
        key = expression_key(str(settings.get("key", "")), steps)
        if "github.run_id" not in key or "github.run_attempt" not in key:
            problems.append(
                f"{where}: the save's key `{key}` is not unique per run: a cache is never "
                "replaced, a save to a key that exists is skipped. End it with "
                "-${{ github.run_id }}-${{ github.run_attempt }}, restored by its prefix.")

def gitlab_caches(recipe, job):
    cache = job.get("cache", (recipe.get("default") or {}).get("cache", recipe.get("cache")))
    return [c for c in (cache if isinstance(cache, list) else [cache]) if isinstance(c, dict)]

def check_gitlab(name, recipe, problems):
    for job_name, job in recipe.items():
        if not isinstance(job, dict) or job_name == "default":
            continue
        stores = {history_file(line) for line in commands_of({job_name: job})} - {None}
        for store in sorted(stores):
            where = f"{name}: job {job_name}"
            caches = [c for c in gitlab_caches(recipe, job) if store in (c.get("paths") or [])]
            if not caches:
                problems.append(f"{where}: no cache keeps {store}: each session would start "
                                "from an empty store.")
                continue
            cache = caches[0]
            if not cache.get("key"):
                problems.append(f"{where}: the cache of {store} has no key: give it the "
                                "branch's, cleanslate-runs-$CI_COMMIT_REF_SLUG.")
            if cache.get("when") != "always":
                problems.append(
                    f"{where}: the cache of {store} lacks when: always: it is saved only when "
                    "the job succeeds, and a session with a failing test exits 1.")
            if not any(re.search(r"\$\{?CI_DEFAULT_BRANCH\}?", str(key))
                       for key in cache.get("fallback_keys") or []):
                problems.append(
                    f"{where}: the cache of {store} has no fallback_keys to the default "
                    "branch's ($CI_DEFAULT_BRANCH): a merge request's first session would start "
                    "from an empty store, where every test is new.")

def check(root):
    problems = []
    recipes = {os.path.basename(p): p for p in sorted(glob.glob(os.path.join(root, "Examples/CI/*.yml")))}
    if not recipes:
        problems.append("Examples/CI: no recipe files (*.yml).")
    for name, path in recipes.items():
        text = open(path, encoding="utf-8").read()
        try:
            recipe = yaml.safe_load(text)
        except yaml.YAMLError as error:
            problems.append(f"Examples/CI/{name}: not YAML: {error}")
            continue
        label = f"Examples/CI/{name}"
        if not any("cleanslate test" in c for c in commands_of(recipe)) \
                or not any("cleanslate flaky" in c for c in commands_of(recipe)):
            problems.append(f"{label}: runs no `cleanslate test` or no `cleanslate flaky`.")
        check_commands(label, recipe, problems)
        if isinstance(recipe.get("jobs"), dict):
            check_github(label, text, recipe, problems)
        else:
            check_gitlab(label, recipe, problems)
    shown = set()
    for path in docs(root):
        relative = os.path.relpath(path, root)
        for line, text, name in yaml_blocks(path):
            if name is None:
                if STORE_WORDS.search(text):
                    problems.append(
                        f"{relative}:{line}: a YAML block that keeps a store of runs names no "
                        "recipe file: show a file of Examples/CI whole, after a line that names it "
                        "(From `Examples/CI/…`).")
                continue
            if name not in recipes:
                problems.append(f"{relative}:{line}: the block is said to be from "
                                f"Examples/CI/{name}, which does not exist.")
                continue
            if relative == ARTICLE:
                shown.add(name)
            recipe = open(recipes[name], encoding="utf-8").read()
            if text != recipe:
                ours, theirs = text.split("\n"), recipe.split("\n")
                at = next((i for i, (a, b) in enumerate(zip(ours, theirs)) if a != b),
                          min(len(ours), len(theirs)))
                problems.append(
                    f"{relative}:{line + 1 + at}: the block differs from Examples/CI/{name} "
                    f"(its line {at + 1}):\n    docs:   {ours[at] if at < len(ours) else '(end)'}\n"
                    f"    recipe: {theirs[at] if at < len(theirs) else '(end)'}\n"
                    "  Copy the file into the block whole.")
    for name in sorted(set(recipes) - shown):
        problems.append(f"{ARTICLE}: Examples/CI/{name} is not shown: show it whole, after a line "
                        f"that names it (From `Examples/CI/{name}`).")
    return problems, len(recipes)

# Each rule, and a way to break it in a copy: (what, file, text, broken text, the message's words).
BREAKS = [
    ("a docs block that differs from its file", ARTICLE,
     "--retries 2 --history runs.sqlite --quarantine quarantine.txt \\\n",
     "--retries 3 --history runs.sqlite --quarantine quarantine.txt \\\n",
     "the block differs from Examples/CI/github-actions.yml"),
    ("a recipe shown nowhere in the article", ARTICLE,
     "From `Examples/CI/gitlab-ci.yml`:", "From the GitLab file:",
     "Examples/CI/gitlab-ci.yml is not shown"),
    ("a store block that names no recipe", "README.md",
     "\n## A fake server per test\n",
     "\nKeep the store in the cache:\n\n```yaml\n- uses: actions/cache@v4\n"
     "  with: {path: runs.sqlite, key: runs}\n```\n"
     "\n## A fake server per test\n",
     "names no recipe file"),
    ("actions/cache instead of restore and save", "Examples/CI/github-actions.yml",
     "uses: actions/cache/restore@v4", "uses: actions/cache@v4",
     "saves it in a post step that runs only when the job succeeds"),
    ("a save without if: always()", "Examples/CI/github-actions.yml",
     "      - if: always()\n        uses: actions/cache/save@v4",
     "      - uses: actions/cache/save@v4",
     "is not saved by an actions/cache/save step under if: always()"),
    ("a save key the same in every attempt of a run", "Examples/CI/github-actions.yml",
     "-${{ github.run_id }}-${{ github.run_attempt }}", "-${{ github.run_id }}",
     "is not unique per run"),
    ("a save key the same in every run", "Examples/CI/github-actions.yml",
     "key: ${{ steps.restore-runs.outputs.cache-primary-key }}",
     "key: cleanslate-runs-${{ github.ref_name }}", "is not unique per run"),
    ("a save under another path", "Examples/CI/github-actions.yml",
     "          path: runs.sqlite\n          key: ${{ steps.restore-runs",
     "          path: |\n            runs.sqlite\n            flaky.html\n          key: ${{ steps.restore-runs",
     "the save's path is not the restore's"),
    ("restore-keys without the default branch", "Examples/CI/github-actions.yml",
     "            cleanslate-runs-${{ github.event.repository.default_branch }}-\n", "",
     "no restore-keys falling back"),
    ("a GitLab cache without when: always", "Examples/CI/gitlab-ci.yml",
     "    when: always\n  artifacts:", "  artifacts:", "lacks when: always"),
    ("a GitLab cache without fallback_keys", "Examples/CI/gitlab-ci.yml",
     "    fallback_keys:\n      - cleanslate-runs-$CI_DEFAULT_BRANCH\n", "",
     "has no fallback_keys to the default branch"),
    ("--history with a $…URL variable", "Examples/CI/github-actions-postgres.yml",
     "--retries 2 --quarantine quarantine.txt",
     "--retries 2 --history \"$RUNS_URL\" --quarantine quarantine.txt",
     "puts a PostgreSQL URL on the command line"),
    ("--history with a PostgreSQL URL", "Examples/CI/gitlab-ci.yml",
     "--history runs.sqlite --quarantine quarantine.txt --explain",
     "--history postgresql://ci:secret@db/runs --quarantine quarantine.txt --explain",
     "puts a PostgreSQL URL on the command line"),
    ("CLEANSLATE_HISTORY written out", "Examples/CI/github-actions-postgres.yml",
     "CLEANSLATE_HISTORY: ${{ secrets.CLEANSLATE_RUNS_URL }}",
     "CLEANSLATE_HISTORY: postgresql://ci:secret@db/runs", "set it from a secret"),
    ("secrets without permissions", "Examples/CI/github-actions-postgres.yml",
     "permissions:\n  contents: read\n", "", "declares no permissions"),
]

def copy_of(root, into):
    for path in [os.path.join(root, "README.md")] + glob.glob(os.path.join(root, "Examples/CI/*.yml")) \
            + glob.glob(os.path.join(root, "Sources/*/*.docc/*.md")):
        target = os.path.join(into, os.path.relpath(path, root))
        os.makedirs(os.path.dirname(target), exist_ok=True)
        shutil.copyfile(path, target)

def run_on(root):
    result = subprocess.run(["bash", os.environ["CHECK_CI_RECIPES"], "--root", root],
                            capture_output=True, text=True)
    return result.returncode, result.stdout + result.stderr

def self_test(root):
    failures = 0
    with tempfile.TemporaryDirectory(prefix="check-ci-recipes-") as work:
        whole = os.path.join(work, "whole")
        copy_of(root, whole)
        status, output = run_on(whole)
        if status != 0:
            print(f"self-test: the unbroken copy fails the check:\n{output}", file=sys.stderr)
            return 1
        for number, (what, path, text, broken, words) in enumerate(BREAKS):
            copy = os.path.join(work, str(number))
            copy_of(root, copy)
            target = os.path.join(copy, path)
            content = open(target, encoding="utf-8").read()
            if content.count(text) != 1:
                failures += 1
                print(f"self-test: {what}: {path} holds `{text.strip()}` {content.count(text)} "
                      "times, not once: update the self-test's break.", file=sys.stderr)
                continue
            open(target, "w", encoding="utf-8").write(content.replace(text, broken))
            status, output = run_on(copy)
            if status == 0 or words not in output:
                failures += 1
                print(f"self-test: {what} ({path}): the check "
                      + ("passed" if status == 0 else f"failed without `{words}`:\n{output}"),
                      file=sys.stderr)
            else:
                print(f"self-test: {what}: fails, as it should")
    if failures:
        print(f"check-ci-recipes --self-test: {failures} of {len(BREAKS)} broken copies were "
              "not caught.", file=sys.stderr)
        return 1
    print(f"check-ci-recipes --self-test: each of the {len(BREAKS)} broken copies fails the check")
    return 0

arguments = sys.argv[1:]
root = "."
if "--root" in arguments:
    root = arguments[arguments.index("--root") + 1]
    del arguments[arguments.index("--root"):arguments.index("--root") + 2]
if arguments == ["--self-test"]:
    sys.exit(self_test(root))
if arguments:
    print("usage: scripts/check-ci-recipes.sh [--self-test] [--root DIR]", file=sys.stderr)
    sys.exit(2)
problems, count = check(root)
for problem in problems:
    print(problem, file=sys.stderr)
if problems:
    print(f"check-ci-recipes: {len(problems)} problem{'s' if len(problems) > 1 else ''} in the CI recipes of the store of runs "
          "(Examples/CI) or the docs that show them.", file=sys.stderr)
    sys.exit(1)
print(f"check-ci-recipes: the {count} recipes of Examples/CI keep every session, and the docs "
      "show them as they are")
PYTHON
