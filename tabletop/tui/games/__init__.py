"""Each game's UI, one package a game (its screen, widgets, modals and replay hooks),
found through the registry in tabletop/tui/kits.py."""
