"""Packaging glue that pyproject.toml cannot say alone: the packages are tabletop's
own, found under tabletop/, and the two data packages tabletop.assets and
tabletop.seeds, which pyproject's package-dir maps to the top-level assets/ and
seeds/ folders (where people find and edit them)."""

from setuptools import find_packages, setup

setup(packages=[*find_packages(include=["tabletop", "tabletop.*"]), "tabletop.assets", "tabletop.seeds"])
