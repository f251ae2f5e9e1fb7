"""The built-in shop-effect kinds, one module each (R-6)."""
