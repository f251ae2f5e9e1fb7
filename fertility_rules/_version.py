"""Package and rules versions; the rules version changes only when behaviour does."""

__version__ = "0.1.0"
RULES_VERSION = "1"
