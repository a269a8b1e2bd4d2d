"""The Textual app: home screen, setup, Continue, History, Rules, Settings, and
one screen per game built on screens.base.GameScreen."""
