"""Seats at their own screens: a host process owns a game and serves each seat over
WebSocket (docs/network.md).

- ``wire``: the messages, their limits, and the checks a message passes at the edge.
- ``host``: ``tabletop host``, the server and the games it holds.
- ``client``: a seat's connection (reconnecting by itself) and the table a screen uses.
- ``headless``: ``tabletop join URL CODE --engine``, the engine protocol for one seat.

Nothing under core/ or games/ imports this package.
"""
