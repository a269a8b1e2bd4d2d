"""Seats at their own screens: a host process owns a game and serves each seat over
WebSocket (docs/network.md).

- ``wire``: the messages, their limits, and the checks a message passes at the edge.
- ``server``: the server, the games it holds and their transport (the authority).
- ``admission``: each address's share of a host before it joins.
- ``host``: the ``tabletop host`` command (nothing imports it but cli.py).
- ``web``: ``tabletop host --web``, browser seats through textual-serve.
- ``client``: a seat's connection (reconnecting by itself) and the table a screen uses.
- ``headless``: ``tabletop join URL --engine``, the engine protocol for one seat.

Nothing under core/ or games/ imports this package.
"""
