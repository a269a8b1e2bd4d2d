"""The app's own screens (home, setup, Continue and History, statistics, replay, rules,
settings, hosting) and GameScreen, the base of every game's screen (tui/games/)."""
