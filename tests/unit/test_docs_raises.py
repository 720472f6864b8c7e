"""Every public function of the core says what it raises.

A public function or method of `game/` (no leading underscore, in a public class) that raises a
named error, by a `raise` in its body or in a private helper of its module that it calls (a
module-level `_helper(...)` or a `self._helper(...)` of its class), must name that error in a
Google-style `Raises:` section of its docstring. For a public class whose `__init__` or
`__post_init__` raises, the section is in the class's docstring (or the constructor's). An
error caught where it is raised (an enclosing `try` whose handler catches it or a base class of
it) does not count; a bare `raise` re-raises an error that the caught call already names.
"""

from __future__ import annotations

import ast
import builtins
import importlib
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]
CORE = ROOT / "game"
CONSTRUCTORS = ("__init__", "__post_init__")


def module_names() -> list[str]:
    names = []
    for path in CORE.rglob("*.py"):
        parts = path.relative_to(ROOT).with_suffix("").parts
        names.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return sorted(names)


def documented_errors(docstring: str | None) -> set[str]:
    """The names the entries of a Google-style `Raises:` section start with."""
    lines = (docstring or "").splitlines()
    starts = [index for index, line in enumerate(lines) if line.strip() == "Raises:"]
    if not starts:
        return set()
    heading = lines[starts[0]]
    section_indent = len(heading) - len(heading.lstrip())
    names: set[str] = set()
    entry_indent: int | None = None
    for line in lines[starts[0] + 1 :]:
        if not line.strip():
            continue
        indent = len(line) - len(line.lstrip())
        if indent <= section_indent:
            break
        entry_indent = indent if entry_indent is None else entry_indent
        match = re.match(r"([A-Za-z_][\w.]*):", line.strip())
        if indent == entry_indent and match:
            names.add(match.group(1).rsplit(".", 1)[-1])
    return names


@dataclass(frozen=True)
class Raised:
    name: str
    """The error's class name, as the `Raises:` section must write it."""
    error: type | None
    """The class itself, when the name is one of the module's (for matching handlers)."""


Caught = tuple[object, ...]
"""What the enclosing `try`s catch: classes, unresolved names, or BaseException for `except:`."""


class ModuleRaises:
    """What each function of one module raises, its private helpers included."""

    def __init__(self, name: str) -> None:
        self.module: ModuleType = importlib.import_module(name)
        self.tree = ast.parse(Path(self.module.__file__ or "").read_text(encoding="utf-8"))
        self.functions: dict[str, ast.FunctionDef | ast.AsyncFunctionDef] = {}
        self.methods: dict[tuple[str, str], ast.FunctionDef | ast.AsyncFunctionDef] = {}
        self.classes: dict[str, ast.ClassDef] = {}
        for node in self.tree.body:
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                self.functions[node.name] = node
            elif isinstance(node, ast.ClassDef):
                self.classes[node.name] = node
                for item in node.body:
                    if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef):
                        self.methods[node.name, item.name] = item
        self._memo: dict[tuple[str | None, str], frozenset[Raised]] = {}

    def resolve(self, node: ast.expr) -> object:
        if isinstance(node, ast.Name):
            value = getattr(self.module, node.id, getattr(builtins, node.id, node.id))
        elif isinstance(node, ast.Attribute):
            value = node.attr
        else:
            return ast.unparse(node)
        if callable(value) and not isinstance(value, type):
            # `raise _refused(...)`: a helper that builds the error, named by its return type.
            returned = getattr(value, "__annotations__", {}).get("return")
            built = getattr(self.module, returned, None) if isinstance(returned, str) else returned
            if isinstance(built, type) and issubclass(built, BaseException):
                return built
        return value if isinstance(value, type) else getattr(value, "__name__", str(value))

    def raises(self, owner: str | None, name: str) -> frozenset[Raised]:
        key = (owner, name)
        if key not in self._memo:
            self._memo[key] = frozenset()  # a helper calling itself adds nothing new
            function = self.functions[name] if owner is None else self.methods[owner, name]
            self._memo[key] = frozenset(self._walk(function.body, owner, ()))
        return self._memo[key]

    def _walk(self, nodes: list[ast.stmt], owner: str | None, caught: Caught) -> Iterator[Raised]:
        for node in nodes:
            yield from self._visit(node, owner, caught)

    def _visit(self, node: ast.AST, owner: str | None, caught: Caught) -> Iterator[Raised]:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef | ast.Lambda):
            return  # a nested definition runs later, or never: not this body's contract
        if isinstance(node, ast.Try | ast.TryStar):
            handled = tuple(
                self.resolve(kind) for handler in node.handlers for kind in _handler_types(handler)
            )
            yield from self._walk(node.body, owner, caught + handled)
            for handler in node.handlers:
                yield from self._walk(handler.body, owner, caught)
            yield from self._walk(node.orelse + node.finalbody, owner, caught)
            return
        if isinstance(node, ast.Raise) and node.exc is not None:
            target = node.exc.func if isinstance(node.exc, ast.Call) else node.exc
            if isinstance(target, ast.Name | ast.Attribute):
                error = self.resolve(target)
                raised = (
                    Raised(error.__name__, error)
                    if isinstance(error, type)
                    else Raised(str(error), None)
                )
                if not _is_caught(raised, caught):
                    yield raised
        if isinstance(node, ast.Call):
            for raised in self._helper_raises(node.func, owner):
                if not _is_caught(raised, caught):
                    yield raised
        for child in ast.iter_child_nodes(node):
            yield from self._visit(child, owner, caught)

    def _helper_raises(self, func: ast.expr, owner: str | None) -> frozenset[Raised]:
        if isinstance(func, ast.Name) and _is_private(func.id) and func.id in self.functions:
            return self.raises(None, func.id)
        if (
            owner is not None
            and isinstance(func, ast.Attribute)
            and isinstance(func.value, ast.Name)
            and func.value.id in ("self", "cls")
            and _is_private(func.attr)
            and (owner, func.attr) in self.methods
        ):
            return self.raises(owner, func.attr)
        return frozenset()


def _handler_types(handler: ast.ExceptHandler) -> list[ast.expr]:
    if handler.type is None:
        return [ast.Name("BaseException")]
    return list(handler.type.elts) if isinstance(handler.type, ast.Tuple) else [handler.type]


def _is_caught(raised: Raised, caught: Caught) -> bool:
    return any(
        (isinstance(kind, type) and raised.error is not None and issubclass(raised.error, kind))
        or kind == raised.name
        for kind in caught
    )


def _is_private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def offences(module_name: str) -> list[str]:
    """Each public function of the module with a raised error its docstring does not name."""
    found = ModuleRaises(module_name)
    problems = []

    def check(where: str, raised: frozenset[Raised], *docstrings: str | None) -> None:
        documented = set().union(*(documented_errors(doc) for doc in docstrings))
        missing = sorted({error.name for error in raised} - documented)
        if missing:
            problems.append(f"{module_name}.{where}: Raises: does not name {', '.join(missing)}")

    for name, function in found.functions.items():
        if not name.startswith("_"):
            check(name, found.raises(None, name), ast.get_docstring(function))
    for (owner, name), method in found.methods.items():
        if owner.startswith("_"):
            continue
        if name in CONSTRUCTORS:
            class_doc = ast.get_docstring(found.classes[owner])
            check(owner, found.raises(owner, name), class_doc, ast.get_docstring(method))
        elif not name.startswith("_"):
            check(f"{owner}.{name}", found.raises(owner, name), ast.get_docstring(method))
    return problems


@pytest.mark.parametrize("module_name", module_names())
def test_every_public_function_names_what_it_raises(module_name: str) -> None:
    assert offences(module_name) == []


CHECKED_EXAMPLE = '''
class OddError(ValueError):
    pass


def documented(number):
    """Half of an even number.

    Raises:
        OddError: `number` is odd.
    """
    _check(number)
    return number // 2


def undocumented(number):
    """Half of an even number."""
    _check(number)
    return number // 2


def handled(number):
    """Half of an even number, or None: the helper's error is caught by a base class."""
    try:
        _check(number)
    except (KeyError, ValueError):
        return None
    return number // 2


def _check(number):
    if number % 2:
        raise OddError(f"{number} is odd")


class Even:
    def __post_init__(self):
        self._check()

    def _check(self):
        raise OddError("always")
'''


def test_an_error_left_out_of_the_docstring_is_found(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "checked_example_module.py").write_text(CHECKED_EXAMPLE, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    assert offences("checked_example_module") == [
        "checked_example_module.undocumented: Raises: does not name OddError",
        "checked_example_module.Even: Raises: does not name OddError",
    ]
