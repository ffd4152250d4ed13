"""The import graph of `tars/`: no import cycles, and the settings module imports nothing above it.

Every `import` and `from ... import` of a tars module counts, at module level and inside functions
(a deferred import still ties two modules together), except under `if TYPE_CHECKING:`. So do
module names written as strings for `importlib` (lazy tables such as `tars/__init__.py`'s, or
"module:Class" entries): the module holding the string imports them. `from pkg import name` means
the submodule `pkg.name` when there is one, else the package itself, whose lazy table leads on.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# The settings module sits just above the exception tree: it may use model-spec parsing, its value
# parsers, the user's folders and the settings-file reader they share, the dependency-free list of
# tool-call format names that
# TARS_TOOL_FORMAT is checked against, and (when a working folder has a .env) the trust list, the
# moving aside of a broken trust file, the masking of shown values, and the
# model aliases.
CONFIG_MAY_IMPORT = frozenset(
    {"tars.errors", "tars.aliases", "tars.envfile", "tars.modelspec", "tars.paths", "tars.setting_values",
     "tars.settings_table", "tars.toolcalls.names",
     "tars.masking", "tars.trust", "tars.atomic", "tars.statefile"}
)


@dataclass
class Graph:
    """Module -> {imported module: line of the first such import}, and imports of missing modules."""

    edges: dict[str, dict[str, int]] = field(default_factory=dict)
    missing: set[tuple[str, str, int]] = field(default_factory=set)


def module_files(root: Path, package: str = "tars") -> dict[str, Path]:
    """Dotted module name -> file, for every module of `package` under `root`."""
    found = {}
    for path in sorted((root / package).rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def _type_checking_only(tree: ast.AST) -> set[int]:
    """Ids of the nodes under `if TYPE_CHECKING:` (or `typing.TYPE_CHECKING`), else branches excluded."""
    skipped: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and ast.unparse(node.test) in ("TYPE_CHECKING", "typing.TYPE_CHECKING"):
            for child in node.body:
                skipped.update(id(sub) for sub in ast.walk(child))
    return skipped


def _docstrings(tree: ast.AST) -> set[int]:
    ids = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                ids.add(id(first.value))
    return ids


def import_graph(root: Path = ROOT, package: str = "tars") -> Graph:
    files = module_files(root, package)
    graph = Graph()
    for module, path in files.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        skipped = _type_checking_only(tree) | _docstrings(tree)
        is_package = path.name == "__init__.py"
        edges: dict[str, int] = {}

        def add(target: str, line: int, module: str = module, edges: dict[str, int] = edges) -> None:
            if target == module:
                return
            if target in files:
                edges.setdefault(target, line)
            else:
                graph.missing.add((module, target, line))

        for node in ast.walk(tree):
            if id(node) in skipped:
                continue
            if isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.name == package or alias.name.startswith(package + "."):
                        add(alias.name, node.lineno)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    here = module.split(".") if is_package else module.split(".")[:-1]
                    here = here[: len(here) - node.level + 1]
                    base = ".".join(here + ([base] if base else []))
                if base != package and not base.startswith(package + "."):
                    continue
                for alias in node.names:
                    sub = f"{base}.{alias.name}"
                    add(sub if sub in files else base, node.lineno)
            elif isinstance(node, ast.Constant) and isinstance(node.value, str):
                name = node.value.partition(":")[0]  # "module:Class" names a module too
                if name in files and name.startswith(package + "."):
                    add(name, node.lineno)
        graph.edges[module] = edges
    return graph


def strongly_connected(edges: dict[str, dict[str, int]]) -> list[list[str]]:
    """Tarjan's strongly connected components, iteratively (no recursion limit on deep chains)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[list[str]] = []
    for start in sorted(edges):
        if start in index:
            continue
        work = [(start, iter(sorted(edges.get(start, ()))))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                components.append(sorted(component))
    return components


def one_cycle(component: list[str], edges: dict[str, dict[str, int]]) -> list[str]:
    """A shortest cycle through the component's first module, as `a (line) -> b` steps."""
    members = set(component)
    start = component[0]
    came_from: dict[str, str] = {}
    frontier = [start]
    while frontier and start not in came_from:
        following = []
        for node in frontier:
            for child in sorted(edges[node]):
                if child in members and child not in came_from:
                    came_from[child] = node
                    following.append(child)
        frontier = following
    path = [start]
    while path[-1] != start or len(path) == 1:
        path.append(came_from[path[-1]])
    path.reverse()
    return [f"{a} (line {edges[a][b]}) -> {b}" for a, b in zip(path, path[1:], strict=False)]


def cycles(graph: Graph) -> list[list[str]]:
    return [c for c in strongly_connected(graph.edges) if len(c) > 1]


def describe(component: list[str], graph: Graph) -> str:
    return "cycle among " + ", ".join(component) + ":\n    " + "\n    ".join(one_cycle(component, graph.edges))


def test_tars_has_no_import_cycles() -> None:
    graph = import_graph()
    found = cycles(graph)
    assert not found, "\n".join(describe(c, graph) for c in found)


def test_config_imports_nothing_above_the_exception_tree() -> None:
    imported = set(import_graph().edges["tars.config"])
    assert imported <= CONFIG_MAY_IMPORT, sorted(imported - CONFIG_MAY_IMPORT)


def test_every_tars_import_names_a_module() -> None:
    missing = sorted(import_graph().missing)
    assert not missing, missing


def test_the_walker_sees_deferred_lazy_and_relative_imports_but_not_type_checking(tmp_path: Path) -> None:
    """The checks above are only as good as the walker: a small package with each kind of import."""
    pkg = tmp_path / "tars"
    (pkg / "sub").mkdir(parents=True)
    files = {
        "__init__.py": '_LAZY = {"Thing": "tars.sub.thing"}\n',
        "sub/__init__.py": "from tars.sub.thing import Thing\n",
        "sub/thing.py": "def f():\n    from tars.low import helper\n",
        "low.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from tars.sub import thing\n"
                  "else:\n    from . import leaf\n",
        "leaf.py": '"""tars.low"""\nPROVIDERS = {"x": "tars.late:Late"}\n',
        "late.py": "from tars import Thing\nimport tars.nowhere\n",
    }
    for name, text in files.items():
        (pkg / name).write_text(text)
    graph = import_graph(tmp_path)
    assert graph.edges == {
        "tars": {"tars.sub.thing": 1},
        "tars.sub": {"tars.sub.thing": 1},
        "tars.sub.thing": {"tars.low": 2},  # inside a function
        "tars.low": {"tars.leaf": 5},  # relative; the TYPE_CHECKING import is not an edge
        "tars.leaf": {"tars.late": 2},  # a "module:Class" string; the docstring is not an import
        "tars.late": {"tars": 1},  # `from tars import Thing`: the package, whose lazy table leads on
    }
    assert {(m, t) for m, t, _ in graph.missing} == {("tars.late", "tars.nowhere")}
    (component,) = cycles(graph)
    assert component == ["tars", "tars.late", "tars.leaf", "tars.low", "tars.sub.thing"]
    assert describe(component, graph).splitlines()[1:] == [
        "    tars (line 1) -> tars.sub.thing",
        "    tars.sub.thing (line 2) -> tars.low",
        "    tars.low (line 5) -> tars.leaf",
        "    tars.leaf (line 2) -> tars.late",
        "    tars.late (line 1) -> tars",
    ]
