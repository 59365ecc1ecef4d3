"""Builds cardtable's one compiled module; everything else is in pyproject.toml.

The Kata TCG observer's core (``cardtable.envs.tcg_native``) is compiled from Cython when a C
compiler is at hand. It is optional: where it cannot be built, the install goes on and the
pure-Python observer writes the same observations, only slower.
"""

from Cython.Build import cythonize
from setuptools import Extension, setup

NATIVE = Extension("cardtable.envs.tcg_native", ["src/cardtable/envs/tcg_native.pyx"])

extensions = cythonize([NATIVE], build_dir="build/cython", quiet=True)
for extension in extensions:
    extension.optional = True  # cythonize makes new extensions, without this flag

setup(ext_modules=extensions)
