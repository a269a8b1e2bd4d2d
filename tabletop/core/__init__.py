"""The game-agnostic kernel. Nothing here imports Textual or Rich.

Import from the modules themselves (tabletop.core.engine, .rng, .record, ...):
this package imports nothing, so the app's home screen starts without loading
pydantic.
"""
