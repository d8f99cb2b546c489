"""Tests of python_house.py's rules on small trees made here (python-check.sh runs them).

python3 -m unittest discover -s scripts/dev -p 'test_*.py'
"""

import os
import tempfile
import unittest

import python_house


class Tree:
    """A temporary directory of files given as {relative path: text}."""

    def __init__(self, files: dict[str, str]) -> None:
        self.dir = tempfile.TemporaryDirectory()
        self.paths = []
        for rel, text in files.items():
            path = os.path.join(self.dir.name, rel)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w", encoding="utf-8") as fh:
                fh.write(text)
            self.paths.append(path)

    def close(self) -> None:
        self.dir.cleanup()


class Sizes(unittest.TestCase):
    def test_a_file_over_the_limit_is_named_and_one_at_it_is_not(self) -> None:
        t = Tree({"ok.py": "x = 1\n" * python_house.MAX_LINES, "long.py": "x = 1\n" * (python_house.MAX_LINES + 1)})
        try:
            found = python_house.sizes(sorted(t.paths))
        finally:
            t.close()
        self.assertEqual(len(found), 1, found)
        self.assertIn("long.py:401: 401 lines", found[0])


class Cycles(unittest.TestCase):
    def test_a_cycle_closed_by_an_import_inside_a_function_is_found(self) -> None:
        # The shape blocks_recorder.py and blocks_uvc.py had: one imports the other at the top, the other imports the
        # first inside a function; scripts/vm is the root that makes `guest` a package.
        t = Tree(
            {
                "vm/suite.py": "from guest import a\n",
                "vm/guest/__init__.py": "",
                "vm/guest/a.py": "def f():\n    from guest.b import g\n    return g\n",
                "vm/guest/b.py": "from guest.a import f\n\ndef g():\n    return f\n",
            }
        )
        try:
            found = python_house.cycles(t.paths)
        finally:
            t.close()
        self.assertEqual(len(found), 1, found)
        self.assertIn("a.py:2 imports", found[0])
        self.assertIn("b.py:1 imports", found[0])

    def test_a_shared_module_breaks_the_cycle(self) -> None:
        t = Tree(
            {
                "vm/guest/__init__.py": "",
                "vm/guest/shared.py": "def g():\n    return 1\n",
                "vm/guest/a.py": "from guest.shared import g\n",
                "vm/guest/b.py": "from guest import a, shared\n",
            }
        )
        try:
            self.assertEqual(python_house.cycles(t.paths), [])
        finally:
            t.close()

    def test_relative_and_path_imports_are_followed(self) -> None:
        # uvc_gadget's modules import each other relatively (app.py) and by file name (from_fixture.py).
        t = Tree(
            {
                "vm/uvc_gadget/__init__.py": "",
                "vm/uvc_gadget/app.py": "from . import frames\n",
                "vm/uvc_gadget/frames.py": "import parse\n",
                "vm/uvc_gadget/parse.py": "from .app import main\n",
            }
        )
        try:
            found = python_house.cycles(t.paths)
        finally:
            t.close()
        self.assertEqual(len(found), 1, found)
        for name in ("app.py", "frames.py", "parse.py"):
            self.assertIn(name, found[0])

    def test_the_standard_library_is_not_followed(self) -> None:
        t = Tree({"vm/json_tool.py": "import json\nimport os\n", "vm/other.py": "import json_tool\n"})
        try:
            self.assertEqual(python_house.cycles(t.paths), [])
        finally:
            t.close()

    def test_a_file_that_does_not_parse_is_a_finding(self) -> None:
        t = Tree({"vm/broken.py": "def f(:\n"})
        try:
            found = python_house.cycles(t.paths)
        finally:
            t.close()
        self.assertEqual(len(found), 1, found)
        self.assertIn("broken.py:1: does not parse", found[0])


if __name__ == "__main__":
    unittest.main()
