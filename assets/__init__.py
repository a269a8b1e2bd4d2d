"""Each game's card data, validated on load; installed as the package tabletop.assets."""
