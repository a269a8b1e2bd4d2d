"""Packaging glue that pyproject.toml cannot say alone: assets/ and seeds/ sit
at the top of the repo, where people find and edit them; tabletop/assets and
tabletop/seeds are links to them, so they import as tabletop.assets and
tabletop.seeds from a checkout, an editable install and a wheel alike."""

from setuptools import find_packages, setup

setup(packages=[*find_packages(include=["tabletop", "tabletop.*"]), "tabletop.assets", "tabletop.seeds"])
