"""Each game's rules digest (<game>.md); installed as the package tabletop.seeds."""
