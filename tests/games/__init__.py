"""A small game written only for the tests, to prove the shared machinery is shared."""
